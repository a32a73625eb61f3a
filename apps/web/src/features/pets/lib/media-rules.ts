import {
  IMAGES_PER_UPLOAD,
  IMAGE_MAX_BYTES,
  MAIN_IMAGE_MAX_BYTES,
  VIDEO_EXTENSIONS,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
  petMessages,
} from '@refugio/contracts';

/** SPEC section 5: queued images (and videos) are uploaded only if each is a real, non-empty file. */
export function isRealFile(value: unknown): value is File {
  return typeof File !== 'undefined' && value instanceof File && value.size > 0;
}

/** The files of a queue that will really be sent. */
export function uploadableFiles(queue: readonly unknown[]): File[] {
  return queue.filter(isRealFile);
}

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

/** Why the main image is refused, or null when it is fine (SPEC section 5: at most 150000 bytes). */
export function checkMainImage(file: File): string | null {
  if (!isImageFile(file)) return petMessages.notAnImage;
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
  notAnImage: 'No es una imagen.',
  tooBig: 'Pesa más de 2MB.',
  empty: 'El archivo está vacío.',
  tooMany: `Se superó el máximo de ${IMAGES_PER_UPLOAD} imágenes por carga.`,
} as const;

/**
 * Sorts chosen files into those that can join the queue and those refused, with the reason: images only,
 * 2MB each, non-empty, and at most IMAGES_PER_UPLOAD in the queue counting `alreadyQueued`.
 */
export function splitImageSelection(files: readonly File[], alreadyQueued = 0): ImageSelection {
  const accepted: File[] = [];
  const refused: RefusedFile[] = [];
  for (const file of files) {
    let reason: string | null = null;
    if (!isImageFile(file)) reason = imageRefusals.notAnImage;
    else if (file.size === 0) reason = imageRefusals.empty;
    else if (file.size > IMAGE_MAX_BYTES) reason = imageRefusals.tooBig;
    else if (alreadyQueued + accepted.length >= IMAGES_PER_UPLOAD) reason = imageRefusals.tooMany;
    if (reason) refused.push({ name: file.name, reason });
    else accepted.push(file);
  }
  return { accepted, refused };
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The `accept` attribute of the video picker: the MIME types and the extensions. */
export const videoAccept = [...VIDEO_MIME_TYPES, ...VIDEO_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

export const videoRefusals = {
  notAVideo: petMessages.notAVideo,
  tooBig: petMessages.videoTooBig,
  empty: 'El archivo está vacío.',
} as const;

/** Why a video is refused, or null (SPEC section 5: MP4, AVI, MOV or WEBM, at most 50MB). */
export function checkVideoFile(file: File): string | null {
  const byExtension = (VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  const byType = (VIDEO_MIME_TYPES as readonly string[]).includes(file.type);
  if (!byExtension && !byType) return videoRefusals.notAVideo;
  if (file.size === 0) return videoRefusals.empty;
  if (file.size > VIDEO_MAX_BYTES) return videoRefusals.tooBig;
  return null;
}

/** A stored video's name without the `PET_VIDEO_{petId}_{timestamp}_` prefix (DESIGN section 4). */
export function videoDisplayName(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return base.replace(/^PET_VIDEO_\d+_\d+_/, '') || base;
}

const sizeFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/** A byte count for people: "820 B", "148,5 KB", "1,9 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${sizeFormat.format(bytes / 1000)} KB`;
  return `${sizeFormat.format(bytes / 1_000_000)} MB`;
}
