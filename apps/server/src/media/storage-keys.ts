import { randomBytes } from 'node:crypto';

/*
 * Every storage key the server writes or reads, in one place: the pet images and their thumbnails under
 * productos/{petId}/, the videos under videos/, the care attachments, documents, and the photos strangers send
 * (foster news, follow-up answers; intake's own are in request-storage-keys.ts). Nothing else builds or parses a key.
 */

/** Folder of every pet image and thumbnail (SPEC section 7's public URLs mirror it). */
export const IMAGE_FOLDER = 'productos/';
/** Folder of every pet video. */
export const VIDEO_FOLDER = 'videos/';

/** A pet image (main or gallery) by its stored file name. */
export const imageKey = (petId: number, fileName: string) => `${IMAGE_FOLDER}${petId}/${fileName}`;

/** The WebP thumbnail of a pet image, by the image's stored file name. */
export const thumbnailKey = (petId: number, fileName: string) => `${IMAGE_FOLDER}${petId}/thumbs/${fileName}.webp`;

/** Folder of the care records' attachments (staff only: never served by the public media routes). */
export const CARE_FOLDER = 'salud/';

/** A care record's attachment by its stored (server-generated) file name. */
export const careAttachmentKey = (petId: number, recordId: number, fileName: string) => `${CARE_FOLDER}${petId}/${recordId}/${fileName}`;

/** Folder of the contracts and actas, each in a folder of its own with its signed copies beside it. */
export const DOCUMENTS_FOLDER = 'documentos/';
/** A new document's PDF: documentos/{timestamp}_{random}/{contrato|acta}.pdf. */
export const newDocumentKey = (kind: 'contrato' | 'acta') => `${DOCUMENTS_FOLDER}${Date.now()}_${randomBytes(8).toString('hex')}/${kind}.pdf`;
/** The signed copy of a document, beside its PDF. */
export function signedDocumentKey(documentKey: string): string {
  const folder = documentKey.slice(0, documentKey.lastIndexOf('/') + 1);
  return `${folder}firmado_${Date.now()}_${randomBytes(6).toString('hex')}.pdf`;
}

/** Folder of the donors' certificates sent by e-mail (staff only: never served by the public media routes). */
export const CERTIFICATES_FOLDER = 'certificados/';
/** A donor's certificate of a year: certificados/{anio}/{personaId}_{timestamp}_{random}.pdf. */
export const newCertificateKey = (anio: number, personaId: number) =>
  `${CERTIFICATES_FOLDER}${anio}/${personaId}_${Date.now()}_${randomBytes(6).toString('hex')}.pdf`;

/** Where a foster home's news photos live: novedades/{folder}/{n}.{ext}, with thumbnails beside them. */
export const NEWS_FOLDER = 'novedades/';
/** Where a follow-up answer's photos live: seguimientos/{folder}/{n}.{ext}, with thumbnails beside them. */
export const FOLLOWUP_FOLDER = 'seguimientos/';
/** Folder of the photos owners send with a surrender request (staff only until the animal enters). */
export const SURRENDER_FOLDER = 'cesiones/';
/** The photos of a .zip being imported, each with its thumbnail, until the import copies them to their pets. */
export const IMPORT_FOLDER = 'importaciones/';
/** Folder of the photos of lost and found reports (shown on the public list and the share card). */
export const REPORT_FOLDER = 'avisos/';

/** A fresh, unguessable file name for a new image: {timestamp}_{random}.{extension}. */
export const newImageFileName = (extension: string) => `${Date.now()}_${randomBytes(4).toString('hex')}.${extension}`;

const IMAGE_KEY = /^productos\/(\d+)\/(?:thumbs\/)?([^/]+?)(\.webp)?$/;

/**
 * The pet and image file name an image or thumbnail key belongs to (a thumbnail names the image it was made
 * from), or undefined for a key that is neither.
 */
export function parseImageKey(key: string): { petId: number; fileName: string; isThumbnail: boolean } | undefined {
  const match = IMAGE_KEY.exec(key);
  if (!match) return undefined;
  const isThumbnail = key.includes('/thumbs/');
  return { petId: Number(match[1]), fileName: isThumbnail ? match[2]! : `${match[2]}${match[3] ?? ''}`, isThumbnail };
}

/** The name every video of a pet starts with. */
const videoNamePrefix = (petId: number) => `PET_VIDEO_${petId}_`;

/**
 * The longest original-name part of a stored video name, in UTF-8 bytes (the sanitiser in media/videos.ts
 * cuts to it). File systems allow 255 bytes per name; the prefix PET_VIDEO_{petId}_{timestamp}_ comes on top.
 */
export const VIDEO_NAME_MAX_BYTES = 120;

/** The longest prefix there can be: the largest pet id (int4) and the latest instant a Date holds (8.64e15 ms). */
const VIDEO_PREFIX_MAX_LENGTH = videoNamePrefix(2_147_483_647).length + String(8.64e15).length + 1;

/**
 * The longest URL path segment of any name the server stores: a video name percent-encoded, where each byte of
 * a non-ASCII character takes 3 URL characters. The router's limit on one parameter (app.ts) is this, so that
 * every stored name can be played and deleted (a longer segment answers 414).
 */
export const STORED_NAME_MAX_URL_LENGTH = VIDEO_PREFIX_MAX_LENGTH + 3 * VIDEO_NAME_MAX_BYTES;

/** The key prefix that lists a pet's videos. */
export const videoPrefix = (petId: number) => `${VIDEO_FOLDER}${videoNamePrefix(petId)}`;

/** The stored name of a new video: PET_VIDEO_{petId}_{timestamp}_{sanitized name}. */
export const newVideoName = (petId: number, uploadedAt: Date, safeName: string) => `${videoNamePrefix(petId)}${uploadedAt.getTime()}_${safeName}`;

/** The key of a video by its stored name (one made by newVideoName). */
export const videoKeyOf = (name: string) => `${VIDEO_FOLDER}${name}`;

/** The video's name from its key (the part after the folder). */
export const videoNameOf = (key: string) => key.slice(VIDEO_FOLDER.length);

/** The storage key of a pet's video by its name, or undefined when the name is not one of this pet's. */
export function videoKey(petId: number, name: string): string | undefined {
  return name.startsWith(videoNamePrefix(petId)) && !name.includes('/') && !name.includes('\\') ? videoKeyOf(name) : undefined;
}
