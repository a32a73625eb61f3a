import { requestJson } from '../../../lib/api-client';
import { markCareDoneResultSchema } from '@refugio/contracts';

export interface MarkCareDoneInput {
  id: number;
  /** 'YYYY-MM-DD', never in the future. */
  fecha: string;
  version: number;
}

/** `POST /api/salud/{id}/hecho`: done on that date; a repeating record plans its next one (`siguiente`). */
export async function markCareDone({ id, ...body }: MarkCareDoneInput, { keepalive = false }: { keepalive?: boolean } = {}) {
  return markCareDoneResultSchema.parse(await requestJson(`/api/salud/${id}/hecho`, { method: 'POST', json: { ...body }, keepalive }));
}
