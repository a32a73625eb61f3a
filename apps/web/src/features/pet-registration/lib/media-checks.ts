import { REGISTRATION_LIMITS, intakeMessages, petMediaMessages, petMessages } from '@refugio/contracts';
import { readFileHead, sniffImage, sniffVideo } from '../../../lib/file-sniff';
import type { RegistrationMedia } from './registration-values';

export type MediaErrors = Partial<Record<keyof RegistrationMedia, string>>;

/** "foto.jpg: El peso de la imagen debe ser menor a 150KB": the rule's own words, after the file they are about. */
function aboutFile(file: File, message: string): string {
  return `${file.name}: ${message}`;
}

/** What the first bytes of a file say it is (lib/file-sniff); a file that cannot be read is neither. */
async function contentOf(file: File): Promise<{ image: boolean; video: boolean }> {
  try {
    const head = await readFileHead(file);
    return { image: sniffImage(head) !== null, video: sniffVideo(head) !== null };
  } catch {
    return { image: false, video: false };
  }
}

/**
 * The server's media limits, checked before sending (the server checks again): every file by its content
 * (magic bytes, not its name or the type the browser guesses), and every refusal names the file.
 */
export async function checkMedia(media: RegistrationMedia): Promise<MediaErrors> {
  const errors: MediaErrors = {};
  const firstProblem = async (files: File[], kind: 'image' | 'video', maxBytes: number, tooBig: string): Promise<string | undefined> => {
    for (const file of files) {
      const content = await contentOf(file);
      if (file.size === 0 || !content[kind]) return kind === 'image' ? petMediaMessages.notAnImage(file.name) : petMediaMessages.notAVideo(file.name);
      if (file.size > maxBytes) return aboutFile(file, tooBig);
    }
    return undefined;
  };
  const image = media.image ? await firstProblem([media.image], 'image', REGISTRATION_LIMITS.mainImageBytes, petMessages.mainImageTooBig) : undefined;
  if (image) errors.image = image;
  const imagenes =
    media.imagenes.length > REGISTRATION_LIMITS.images
      ? intakeMessages.tooManyImages
      : await firstProblem(media.imagenes, 'image', REGISTRATION_LIMITS.imageBytes, petMessages.imageTooBig);
  if (imagenes) errors.imagenes = imagenes;
  const videos =
    media.videos.length > REGISTRATION_LIMITS.videos
      ? intakeMessages.tooManyVideos
      : await firstProblem(media.videos, 'video', REGISTRATION_LIMITS.videoBytes, petMessages.videoTooBig);
  if (videos) errors.videos = videos;
  return errors;
}
