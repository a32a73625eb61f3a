import { randomBytes } from 'node:crypto';

/*
 * Every storage key of a publication request's media, in one place. A submission stores its files under
 * its own random folder, so a refused or interrupted upload is removed by deleting that folder, and the
 * sweep can tell them apart from pet media.
 */

export const REQUEST_MEDIA_ROOT = 'solicitudes/';

/** A new, unguessable folder for one submission: `solicitudes/{random}/`. */
export function newRequestFolder(): string {
  return `${REQUEST_MEDIA_ROOT}${randomBytes(12).toString('hex')}/`;
}

export const requestMainImageKey = (folder: string, ext: string) => `${folder}principal.${ext}`;
export const requestImageKey = (folder: string, n: number, ext: string) => `${folder}imagen-${n}.${ext}`;
/** `name` is already sanitised (media/videos.ts sanitizeVideoFileName). */
export const requestVideoKey = (folder: string, n: number, name: string) => `${folder}video-${n}_${name}`;

/** The WebP thumbnail beside an image of a request. */
export function requestThumbnailKey(imageKey: string): string {
  const slash = imageKey.lastIndexOf('/');
  return `${imageKey.slice(0, slash)}/thumbs/${imageKey.slice(slash + 1)}.webp`;
}

/** The submission folder (`solicitudes/{random}/`) a key of request media lies in. */
export function requestFolderOf(key: string): string {
  const end = key.indexOf('/', REQUEST_MEDIA_ROOT.length);
  return end < 0 ? key : key.slice(0, end + 1);
}
