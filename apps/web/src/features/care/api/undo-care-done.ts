import { requestJson } from '../../../lib/api-client';
import { undoCareDoneResultSchema } from '@refugio/contracts';

export interface UndoCareDoneInput {
  id: number;
  /** The version 'Hecho' answered: someone else's change since makes the server refuse (409). */
  version: number;
}

/** `POST /api/salud/{id}/hecho/deshacer`: planned again; the next dose that 'Hecho' planned goes while untouched. */
export async function undoCareDone({ id, version }: UndoCareDoneInput) {
  return undoCareDoneResultSchema.parse(await requestJson(`/api/salud/${id}/hecho/deshacer`, { method: 'POST', json: { version } }));
}
