import { registrationResultSchema } from '@refugio/contracts';
import { sendMultipart, type UploadOptions } from '../../../lib/upload';

/** `POST /api/public/registro-mascota` (multipart): answers the reference number of the request. */
export async function submitRegistration(body: FormData, options?: UploadOptions): Promise<{ id: number }> {
  return registrationResultSchema.parse(await sendMultipart('/api/public/registro-mascota', body, options));
}
