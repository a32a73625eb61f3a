import { phpErrorSchema, phpImageOkSchema } from '@refugio/contracts';
import { ApiError } from '../../../lib/api-client';
import { sendMultipart, type UploadOptions } from '../../../lib/upload';

/**
 * `POST /phpApi/mascota/{id}/imagenes/nueva`: ONE image in the field `file` (at most 2MB). An answer with
 * `status: 'ERROR'` is a failure even when its HTTP status is 2xx (SPEC section 7).
 */
export async function uploadPetImage(petId: number, file: File, options?: UploadOptions) {
  const body = new FormData();
  body.append('file', file, file.name);
  const data = await sendMultipart(`/phpApi/mascota/${petId}/imagenes/nueva`, body, options);
  const failure = phpErrorSchema.safeParse(data);
  if (failure.success) {
    throw new ApiError({ status: 200, code: 'UNPROCESSABLE', message: failure.data.message, hasServerMessage: true });
  }
  return phpImageOkSchema.parse(data);
}
