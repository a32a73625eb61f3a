import { PassThrough } from 'node:stream';
import { importMessages } from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportPhoto } from '../../db/schema';
import { processImage } from '../../media/images';
import { IMPORT_FOLDER } from '../../media/storage-keys';
import { AppError } from '../../lib/app-error';
import type { StorageProvider } from '../../storage/storage-provider';
import type { StagedPhotos } from '../pets/pets.port';
import type { PetRowValues } from './import-fields';
import type { PlannedRow } from './import-plan';
import { photoName } from './import-zip';

/*
 * The photos of a .zip being imported (DESIGN section 18). On upload each is checked by its content as a pet photo
 * sent by staff is (decoded, re-encoded without metadata, its thumbnail made) and stored under `importaciones/{id}/`
 * before the batch's row is written; a photo that is not an image is remembered with its reason, and the rows that
 * name it are errors of the dry run. The import job copies each photo under its new pet's folder before the pet's
 * transaction (`stagePhotos`); the batch's own copies are removed when the import ends.
 */

export type ImportPhotos = Record<string, ImportPhoto | { error: string }>;
/** By row: the photo copied for the pet the row will create, under the id taken for it. */
export type StagedRows = Map<number, { id: number; staged: StagedPhotos }>;

/** Photos of an upload decoded and re-encoded at the same time. */
const PHOTOS_AT_ONCE = 4;

function bufferStream(data: Buffer) {
  const stream = new PassThrough();
  stream.end(data);
  return stream;
}

/** Checks and stores the photos of batch `importId`; on a failure of storage, removes what it stored. */
export async function storeImportPhotos(
  storage: StorageProvider,
  log: FastifyBaseLogger,
  importId: string,
  photos: Map<string, Buffer>,
): Promise<ImportPhotos> {
  const stored: ImportPhotos = {};
  const keys: string[] = [];
  try {
    let n = 0;
    const entries = [...photos];
    // A few photos decoded and re-encoded at once (sharp works off the main thread); stored and numbered in order.
    for (let i = 0; i < entries.length; i += PHOTOS_AT_ONCE) {
      const group = entries.slice(i, i + PHOTOS_AT_ONCE);
      const images = await Promise.allSettled(group.map(([, data]) => processImage(data, 'staff')));
      for (const [k, [name]] of group.entries()) {
        const result = images[k]!;
        if (result.status === 'rejected') {
          if (!(result.reason instanceof AppError)) throw result.reason;
          stored[name] = { error: result.reason.message };
          continue;
        }
        const image = result.value;
        n++;
        const key = `${IMPORT_FOLDER}${importId}/${n}.${image.extension}`;
        const thumbKey = `${IMPORT_FOLDER}${importId}/${n}.thumb.webp`;
        await storage.put(key, bufferStream(image.data), { contentType: image.contentType });
        keys.push(key);
        await storage.put(thumbKey, bufferStream(image.thumbnail), { contentType: 'image/webp' });
        keys.push(thumbKey);
        stored[name] = {
          key,
          thumbKey,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          bytes: image.data.length,
          contentHash: image.contentHash,
        };
      }
    }
  } catch (error) {
    await removeImportPhotos(storage, log, stored, keys);
    throw error;
  }
  return stored;
}

/** Removes a batch's stored photos (each on its own: one that cannot be removed is logged and left). */
export async function removeImportPhotos(storage: StorageProvider, log: FastifyBaseLogger, photos: ImportPhotos, extra: string[] = []) {
  const keys = new Set(extra);
  for (const photo of Object.values(photos)) if ('key' in photo) keys.add(photo.key).add(photo.thumbKey);
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, 'could not remove an imported photo');
    }
  }
}

/** The photo a row names, when the .zip has it and it is an image. */
export function photoOf(photos: ImportPhotos | null, values: PetRowValues): ImportPhoto | undefined {
  if (!photos || !values.foto) return undefined;
  const found = photos[photoName(values.foto)];
  return found && 'key' in found ? found : undefined;
}

/** Rows naming a photo the .zip lacks, or one that is not an image, become errors (skipped whole). */
export function checkRowPhotos(rows: PlannedRow<PetRowValues>[], photos: ImportPhotos | null, columna: string): PlannedRow<PetRowValues>[] {
  if (!photos) return rows;
  return rows.map((row) => {
    if (row.vacia || !('values' in row) || !row.values.foto) return row;
    const found = photos[photoName(row.values.foto)];
    if (found && 'key' in found) return row;
    const mensaje = found ? importMessages.photoInvalid(row.values.foto, found.error) : importMessages.photoMissing(row.values.foto);
    return { fila: row.fila, errors: [{ fila: row.fila, columna, mensaje }] };
  });
}
