import { videoUploadResultSchema, type VideoUploadResult } from '@refugio/contracts';
import { sendMultipart, type UploadOptions } from '../../../lib/upload';

/** `POST /api/mascotas/{id}/videos`: one MP4, AVI, MOV or WEBM file (at most 50MB) in the field `file`. */
export async function uploadPetVideo(petId: number, file: File, options?: UploadOptions): Promise<VideoUploadResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return videoUploadResultSchema.parse(await sendMultipart(`/api/mascotas/${petId}/videos`, body, options));
}
