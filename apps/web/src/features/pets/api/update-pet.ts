import { phpOkSchema } from '@refugio/contracts';
import { sendMultipart, type UploadOptions } from '../../../lib/upload';

export interface SavedPet {
  id: number;
  version: number | undefined;
}

/**
 * `POST /phpApi/mascota/{id}/actualizar` (multipart, see buildPetFormData). With a stale `version` the
 * server answers 409 CONFLICT and changes nothing.
 */
export async function updatePet(id: number, body: FormData, options?: UploadOptions): Promise<SavedPet> {
  const result = phpOkSchema.parse(await sendMultipart(`/phpApi/mascota/${id}/actualizar`, body, options));
  return { id: result.id, version: result.version };
}
