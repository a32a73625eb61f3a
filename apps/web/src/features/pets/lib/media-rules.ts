import {
  IMAGES_PER_UPLOAD,
  IMAGE_MAX_BYTES,
  MAIN_IMAGE_MAX_BYTES,
  VIDEO_EXTENSIONS,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
  petMediaMessages,
  petMessages,
} from '@refugio/contracts';
import { readFileHead, sniffImage, sniffVideo } from '../../../lib/file-sniff';

/** SPEC section 5: queued images (and videos) are uploaded only if each is a real, non-empty file. */
export function isRealFile(value: unknown): value is File {
  return typeof File !== 'undefined' && value instanceof File && value.size > 0;
}

/** The files of a queue that will really be sent. */
export function uploadableFiles(queue: readonly unknown[]): File[] {
  return queue.filter(isRealFile);
}

/** A chosen (or dropped) file and whether its content is an image the server accepts (lib/file-sniff). */
export interface ImageCandidate {
  file: File;
  isImage: boolean;
}

/** Whether a file's content is an image the server accepts; a file that cannot be read is not. */
export async function isImageByContent(file: File): Promise<boolean> {
  try {
    return sniffImage(await readFileHead(file)) !== null;
  } catch {
    return false;
  }
}

/** Reads the first bytes of each file: images are recognised by their content, not by their name or type. */
export function sniffImageFiles(files: readonly File[]): Promise<ImageCandidate[]> {
  return Promise.all(files.map(async (file) => ({ file, isImage: await isImageByContent(file) })));
}

/** Whether a file's content is a video the server accepts (MP4, MOV, AVI or WebM). */
export async function isVideoByContent(file: File): Promise<boolean> {
  try {
    return sniffVideo(await readFileHead(file)) !== null;
  } catch {
    return false;
  }
}

/**
 * Why the main image is refused, or null when it is fine (SPEC section 5: at most 150000 bytes, with its alert
 * word for word). A file whose content is not an image is refused naming the file.
 */
export function checkMainImage({ file, isImage }: ImageCandidate): string | null {
  if (file.size === 0 || !isImage) return petMediaMessages.notAnImage(file.name);
  if (file.size > MAIN_IMAGE_MAX_BYTES) return petMessages.mainImageTooBig;
  return null;
}

export interface RefusedFile {
  name: string;
  reason: string;
}

export interface ImageSelection {
  accepted: File[];
  refused: RefusedFile[];
}

export const imageRefusals = {
  notAnImage: petMessages.notAnImage,
  tooBig: 'Pesa más de 2MB.',
  empty: 'El archivo está vacío.',
  tooMany: `Se superó el máximo de ${IMAGES_PER_UPLOAD} imágenes por carga.`,
} as const;

/**
 * Sorts chosen files into those that can join the queue and those refused, with the reason: non-empty, images
 * by content, 2MB each, and at most IMAGES_PER_UPLOAD in the queue counting `alreadyQueued`.
 */
export function splitImageSelection(candidates: readonly ImageCandidate[], alreadyQueued = 0): ImageSelection {
  const accepted: File[] = [];
  const refused: RefusedFile[] = [];
  for (const { file, isImage } of candidates) {
    let reason: string | null = null;
    if (file.size === 0) reason = imageRefusals.empty;
    else if (!isImage) reason = imageRefusals.notAnImage;
    else if (file.size > IMAGE_MAX_BYTES) reason = imageRefusals.tooBig;
    else if (alreadyQueued + accepted.length >= IMAGES_PER_UPLOAD) reason = imageRefusals.tooMany;
    if (reason) refused.push({ name: file.name, reason });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** The `accept` attribute of the video picker: the MIME types and the extensions. */
export const videoAccept = [...VIDEO_MIME_TYPES, ...VIDEO_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

export const videoRefusals = {
  notAVideo: petMessages.notAVideo,
  tooBig: petMessages.videoTooBig,
  empty: 'El archivo está vacío.',
} as const;

/**
 * Why a video is refused, or null (SPEC section 5: MP4, AVI, MOV or WEBM, at most 50MB). `isVideo` says what
 * its content is (isVideoByContent); the name and type the browser reports are not trusted.
 */
export function checkVideoFile(file: File, isVideo: boolean): string | null {
  if (file.size === 0) return videoRefusals.empty;
  if (!isVideo) return videoRefusals.notAVideo;
  if (file.size > VIDEO_MAX_BYTES) return videoRefusals.tooBig;
  return null;
}

/** A stored video's name without the `PET_VIDEO_{petId}_{timestamp}_` prefix (DESIGN section 4). */
export function videoDisplayName(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return base.replace(/^PET_VIDEO_\d+_\d+_/, '') || base;
}

/** A byte count for people: "820 B", "148,5 KB", "1,9 MB". */
export { formatBytes } from '../../../lib/format-bytes';
