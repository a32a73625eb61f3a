import { IDEMPOTENCY_KEY_HEADER, phpOkSchema } from '@refugio/contracts';
import { sendMultipart, type UploadOptions } from '../../../lib/upload';
import type { SavedPet } from './update-pet';

/**
 * `POST /phpApi/mascota/nueva`: the same multipart fields as `actualizar`, without a version. With an
 * `idempotencyKey`, a retry of the same submission answers the pet the first attempt created.
 */
export async function createPet(body: FormData, options: UploadOptions & { idempotencyKey?: string } = {}): Promise<SavedPet> {
  const { idempotencyKey, ...upload } = options;
  const headers = idempotencyKey === undefined ? upload.headers : { ...upload.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey };
  const result = phpOkSchema.parse(await sendMultipart('/phpApi/mascota/nueva', body, { ...upload, headers }));
  return { id: result.id, version: result.version };
}
