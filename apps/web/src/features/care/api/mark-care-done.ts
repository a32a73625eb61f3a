import { requestJson } from '../../../lib/api-client';
import { markCareDoneResultSchema } from '@refugio/contracts';

export interface MarkCareDoneInput {
  id: number;
  /** 'YYYY-MM-DD', never in the future. */
  fecha: string;
  version: number;
}

/**
 * `POST /api/salud/{id}/hecho`: done on that date; a repeating record plans its next one (`siguiente`). Sent with
 * `keepalive`, so a tab closed right after 'Hecho' still delivers it.
 */
export async function markCareDone({ id, ...body }: MarkCareDoneInput) {
  return markCareDoneResultSchema.parse(await requestJson(`/api/salud/${id}/hecho`, { method: 'POST', json: { ...body }, keepalive: true }));
}
