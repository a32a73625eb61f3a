import { randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { messages as commonMessages } from '@refugio/contracts';
import type { FosterNewsPhoto } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { StorageProvider } from '../storage/storage-provider';
import { processImage } from './images';

/*
 * The photos strangers send through a link (a foster's news in the portal, an adopter's answer to a follow-up):
 * one multipart form of text fields, then photos, read and stored the same way for every such form.
 */

/** A stored photo of a public form: its file and thumbnail, and what its row keeps of it. */
export type PublicPhoto = FosterNewsPhoto;

function bufferStream(data: Buffer): Readable {
  const stream = new PassThrough();
  stream.end(data);
  return stream;
}

/** Decodes `data` with the public limits, and stores it and its thumbnail as photo `n` under `folder`. */
export async function storePublicPhoto(storage: StorageProvider, folder: string, n: number, data: Buffer): Promise<PublicPhoto> {
  const image = await processImage(data, 'public');
  const key = `${folder}/${n}.${image.extension}`;
  const thumbKey = `${folder}/${n}.thumb.webp`;
  await storage.put(key, bufferStream(image.data), { contentType: image.contentType });
  await storage.put(thumbKey, bufferStream(image.thumbnail), { contentType: 'image/webp' });
  return {
    key,
    thumbKey,
    bytes: image.data.length,
    width: image.width,
    height: image.height,
    contentHash: image.contentHash,
    contentType: image.contentType,
  };
}

/** Removes stored files, each on its own: one that cannot be removed is left to the sweep of `what`. */
export async function removePublicFiles(storage: StorageProvider, log: FastifyBaseLogger, keys: string[], what: string): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, `could not remove ${what}; the sweep will`);
    }
  }
}

export interface PublicPhotoForm<Admitted, Result> {
  limits: { photos: number; photoBytes: number; fields: number; fieldBytes: number; frameBytes: number };
  messages: { photoTooBig: string; tooManyPhotos: string };
  /** The text fields, all sent before the first photo: parsed and admitted (the link checked) before any photo is read. */
  admit(fields: Record<string, string>): Promise<Admitted>;
  /** Stores photo `n` of the form sent; `folder` is new for each form sent. */
  store(folder: string, n: number, data: Buffer): Promise<PublicPhoto>;
  remove(keys: string[]): Promise<void>;
  /** Saves what was sent, after its photos are stored; refusing here removes them. */
  save(admitted: Admitted, photos: PublicPhoto[]): Promise<Result>;
}

/**
 * Reads a public form (text fields, then up to `limits.photos` photos in the field `fotos`), within the request
 * budgets of public uploads: a body announced too large is refused before it is read, the link is checked before
 * the first photo is, each photo is decoded and stored as it arrives, and on any refusal or failure the photos
 * already stored are removed and nothing counts against the address's stored bytes.
 */
export async function receivePublicPhotoForm<Admitted, Result>(
  app: FastifyInstance,
  request: FastifyRequest,
  form: PublicPhotoForm<Admitted, Result>,
): Promise<Result> {
  const { limits, messages } = form;
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Envía el formulario como multipart/form-data.' });
  if (Number(request.headers['content-length'] ?? 0) > limits.photos * limits.photoBytes + limits.frameBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', { message: messages.photoTooBig });
  const upload = await app.budgets.admitPublicUpload(request);
  const folder = `${Date.now()}_${randomBytes(8).toString('hex')}`;
  const photos: PublicPhoto[] = [];
  const fields: Record<string, string> = {};
  let admitted: { value: Admitted } | undefined;
  const admit = async () => ({ value: await form.admit(fields) });
  try {
    const parts = request.parts({
      limits: { fileSize: limits.photoBytes, files: limits.photos + 1, fields: limits.fields, fieldSize: limits.fieldBytes },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (admitted) throw new AppError('VALIDATION_ERROR', { message: 'Envía los campos de texto antes que las fotos.' });
        // A text field sent twice (an array where one value goes) is refused, not read as its last value.
        if (Object.hasOwn(fields, part.fieldname))
          throw new AppError('VALIDATION_ERROR', { fieldErrors: { [part.fieldname]: commonMessages.forms.repeatedField } });
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.filename === '') {
        part.file.resume();
        continue;
      }
      admitted ??= await admit();
      if (part.fieldname !== 'fotos') {
        part.file.resume();
        throw new AppError('VALIDATION_ERROR', { message: `Campo de archivo no esperado: ${part.fieldname}.` });
      }
      if (photos.length >= limits.photos) {
        part.file.resume();
        throw new AppError('PAYLOAD_TOO_LARGE', { message: messages.tooManyPhotos, fieldErrors: { fotos: messages.tooManyPhotos } });
      }
      const data = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', { message: messages.photoTooBig, fieldErrors: { fotos: messages.photoTooBig } });
        throw error;
      });
      photos.push(await form.store(folder, photos.length, data));
    }
    admitted ??= await admit();
    const result = await form.save(admitted.value, photos);
    await upload.settle(photos.reduce((sum, photo) => sum + photo.bytes, 0));
    return result;
  } catch (error) {
    await upload.settle(0);
    await form.remove(photos.flatMap((photo) => [photo.key, photo.thumbKey]));
    throw error;
  }
}
