import { REGISTRATION_LIMITS, VIDEO_EXTENSIONS, intakeMessages, petMessages } from '@refugio/contracts';
import type { RegistrationMedia } from './registration-values';

const VIDEO_EXT = new RegExp(`\\.(${VIDEO_EXTENSIONS.join('|')})$`, 'i');

/** The server's media limits, checked before sending (the server checks again, by content). */
export function checkMedia(media: RegistrationMedia): Partial<Record<keyof RegistrationMedia, string>> {
  const errors: Partial<Record<keyof RegistrationMedia, string>> = {};
  if (media.image) {
    if (!media.image.type.startsWith('image/')) errors.image = petMessages.notAnImage;
    else if (media.image.size > REGISTRATION_LIMITS.mainImageBytes) errors.image = petMessages.mainImageTooBig;
  }
  if (media.imagenes.length > REGISTRATION_LIMITS.images) errors.imagenes = intakeMessages.tooManyImages;
  else if (media.imagenes.some((f) => !f.type.startsWith('image/'))) errors.imagenes = petMessages.notAnImage;
  else if (media.imagenes.some((f) => f.size > REGISTRATION_LIMITS.imageBytes)) errors.imagenes = petMessages.imageTooBig;
  if (media.videos.length > REGISTRATION_LIMITS.videos) errors.videos = intakeMessages.tooManyVideos;
  else if (media.videos.some((f) => !VIDEO_EXT.test(f.name) && !f.type.startsWith('video/'))) errors.videos = petMessages.notAVideo;
  else if (media.videos.some((f) => f.size > REGISTRATION_LIMITS.videoBytes)) errors.videos = petMessages.videoTooBig;
  return errors;
}
