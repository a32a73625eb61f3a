import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { REGISTRATION_LIMITS, intakeMessages, petMessages } from '@refugio/contracts';
import type { FastifyRequest } from 'fastify';
import type { PublicationRequestMedia } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { processImage } from '../../media/images';
import { VideoSniffer, sanitizeVideoFileName } from '../../media/videos';
import type { StorageProvider } from '../../storage/storage-provider';
import { requestImageKey, requestMainImageKey, requestThumbnailKey, requestVideoKey } from '../../media/request-storage-keys';

const MAX_FILES = 1 + REGISTRATION_LIMITS.images + REGISTRATION_LIMITS.videos;
/** Everything a valid submission can weigh, plus room for its text fields and multipart framing. */
const MAX_BODY_BYTES =
  REGISTRATION_LIMITS.mainImageBytes +
  REGISTRATION_LIMITS.images * REGISTRATION_LIMITS.imageBytes +
  REGISTRATION_LIMITS.videos * REGISTRATION_LIMITS.videoBytes +
  2 * 1024 * 1024;

/** Removes every file stored under a submission's folder; failures are logged (the sweep collects them later). */
export async function deleteFolder(storage: StorageProvider, folder: string, log: FastifyRequest['log']): Promise<void> {
  try {
    for (const object of await storage.list(folder)) await storage.delete(object.key);
  } catch (error) {
    log.warn({ err: error, folder }, 'could not remove request media; the sweep will');
  }
}

async function readLimited(file: Readable, limit: number, message: string, field: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE', { message, fieldErrors: { [field]: message } });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function storeImage(
  storage: StorageProvider,
  keyOf: (ext: string) => string,
  data: Buffer,
  kind: 'principal' | 'imagen',
  originalName: string,
) {
  const image = await processImage(data, 'public');
  const fullKey = keyOf(image.extension);
  await storage.put(fullKey, bufferStream(image.data), { contentType: image.contentType });
  await storage.put(requestThumbnailKey(fullKey), bufferStream(image.thumbnail), { contentType: 'image/webp' });
  const media: PublicationRequestMedia = {
    kind,
    key: fullKey,
    nombre: originalName.slice(0, 200) || `${kind}.${image.extension}`,
    bytes: image.data.length,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    contentHash: image.contentHash,
  };
  return media;
}

function bufferStream(data: Buffer): Readable {
  const stream = new PassThrough();
  stream.end(data);
  return stream;
}

/** Streams a video to `keyOf(name)`, checking its container by magic bytes on the way (as pet videos do). */
async function storeVideo(storage: StorageProvider, file: Readable, originalName: string, keyOf: (name: string) => string, truncated: () => boolean) {
  const sniffer = new VideoSniffer();
  const body = new PassThrough();
  // The parser destroys a part the body cut off, possibly before we get to it; a pipeline would wait forever.
  if (file.destroyed) throw new AppError('BAD_REQUEST', { message: intakeMessages.uploadInterrupted });
  const feeding = pipeline(file, sniffer, body);
  feeding.catch(() => undefined);
  let detected;
  try {
    // A part already cut off (the body ended early) destroys the sniffer without an error: the pipeline's
    // failure then decides.
    detected = await Promise.race([sniffer.detected, feeding.then(() => sniffer.detected)]);
  } catch (error) {
    body.destroy();
    file.resume();
    throw error;
  }
  const nombre = sanitizeVideoFileName(originalName, detected.ext);
  const key = keyOf(nombre);
  const [stored] = await Promise.all([storage.put(key, body, { contentType: detected.contentType }), feeding]);
  if (truncated()) throw new AppError('PAYLOAD_TOO_LARGE', { message: petMessages.videoTooBig, fieldErrors: { videos: petMessages.videoTooBig } });
  const media: PublicationRequestMedia = { kind: 'video', key, nombre, bytes: stored.size, contentType: detected.contentType };
  return media;
}

/**
 * Reads the public registration form (multipart): text fields first, then the files `image` (main, at most
 * 150000 bytes), `imagenes` (up to 10 of 2 MB) and `videos` (up to 3 of 50 MB). `onFields` runs once, with
 * every text field, before the first file is stored (the link is checked there, so an invalid link stores
 * nothing). Images are verified and re-encoded; videos are streamed to storage. Every file goes under
 * `folder`; on any failure (bad file, limit, interrupted upload) that folder is emptied and the error thrown.
 */
export async function receiveRegistrationForm<T>(
  request: FastifyRequest,
  options: { storage: StorageProvider; folder: string; onFields: (fields: Record<string, string>) => Promise<T> },
): Promise<{ fields: T; media: PublicationRequestMedia[] }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Envía el formulario como multipart/form-data.' });
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const { storage, folder } = options;
  const raw: Record<string, string> = {};
  let fields: { value: T } | undefined;
  const media: PublicationRequestMedia[] = [];
  let images = 0;
  let videos = 0;

  try {
    const parts = request.parts({ limits: { fileSize: REGISTRATION_LIMITS.videoBytes, files: MAX_FILES + 1, fields: 40, fieldSize: 64 * 1024 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (fields) throw new AppError('VALIDATION_ERROR', { message: intakeMessages.fieldsBeforeFiles });
        raw[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      // A file input left empty arrives as an empty part without a name: no file.
      if (part.filename === '') {
        part.file.resume();
        continue;
      }
      fields ??= { value: await options.onFields(raw) };
      if (part.fieldname === 'image') {
        if (media.some((m) => m.kind === 'principal')) throw new AppError('PAYLOAD_TOO_LARGE', { message: intakeMessages.oneMainImage });
        const data = await readLimited(part.file, REGISTRATION_LIMITS.mainImageBytes, petMessages.mainImageTooBig, 'image');
        media.push(await storeImage(storage, (ext) => requestMainImageKey(folder, ext), data, 'principal', part.filename));
      } else if (part.fieldname === 'imagenes') {
        if (++images > REGISTRATION_LIMITS.images) {
          throw new AppError('PAYLOAD_TOO_LARGE', { message: intakeMessages.tooManyImages, fieldErrors: { imagenes: intakeMessages.tooManyImages } });
        }
        const n = images;
        const data = await readLimited(part.file, REGISTRATION_LIMITS.imageBytes, petMessages.imageTooBig, 'imagenes');
        media.push(await storeImage(storage, (ext) => requestImageKey(folder, n, ext), data, 'imagen', part.filename));
      } else if (part.fieldname === 'videos') {
        if (++videos > REGISTRATION_LIMITS.videos) {
          throw new AppError('PAYLOAD_TOO_LARGE', { message: intakeMessages.tooManyVideos, fieldErrors: { videos: intakeMessages.tooManyVideos } });
        }
        const n = videos;
        part.file.on('limit', () => part.file.destroy(new AppError('PAYLOAD_TOO_LARGE', { message: petMessages.videoTooBig })));
        media.push(
          await storeVideo(
            storage,
            part.file,
            part.filename,
            (name) => requestVideoKey(folder, n, name),
            () => part.file.truncated,
          ),
        );
      } else {
        part.file.resume();
        throw new AppError('VALIDATION_ERROR', { message: `Campo de archivo no esperado: ${part.fieldname}.` });
      }
    }
    fields ??= { value: await options.onFields(raw) };
    return { fields: fields.value, media };
  } catch (error) {
    await deleteFolder(storage, folder, request.log);
    const code = (error as { code?: string }).code;
    // The body ended before the form did (connection cut, a tab closed mid-upload).
    const cut =
      code === 'ECONNRESET' ||
      code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      /unexpected end|aborted|premature close/i.test(String((error as Error).message));
    if (!(error instanceof AppError) && cut) {
      throw new AppError('BAD_REQUEST', { message: intakeMessages.uploadInterrupted, cause: error });
    }
    throw error;
  }
}
