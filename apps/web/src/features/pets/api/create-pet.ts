import { phpOkSchema } from '@refugio/contracts';
import { sendMultipart, type UploadOptions } from '../../../lib/upload';
import type { SavedPet } from './update-pet';

/** `POST /phpApi/mascota/nueva`: the same multipart fields as `actualizar`, without a version. */
export async function createPet(body: FormData, options?: UploadOptions): Promise<SavedPet> {
  const result = phpOkSchema.parse(await sendMultipart('/phpApi/mascota/nueva', body, options));
  return { id: result.id, version: result.version };
}
