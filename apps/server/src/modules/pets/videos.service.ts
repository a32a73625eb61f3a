import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type PetVideo, type VideoUploadResult, petMessages } from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import { VideoSniffer, sanitizeVideoFileName } from '../../media/videos';
import { createPetsRepository } from './pets.repository';
import type { PetsContext } from './pets.service';

const VIDEO_FOLDER = 'videos/';
export const videoPrefix = (petId: number) => `${VIDEO_FOLDER}PET_VIDEO_${petId}_`;
export const videoUrl = (petId: number, name: string) => `/api/mascotas/${petId}/videos/${encodeURIComponent(name)}`;

/** The storage key of a pet's video by its name, or undefined when the name is not one of this pet's. */
export function videoKey(petId: number, name: string): string | undefined {
  const key = `${VIDEO_FOLDER}${name}`;
  return name.startsWith(`PET_VIDEO_${petId}_`) && !name.includes('/') && !name.includes('\\') ? key : undefined;
}

async function requireLivePet(ctx: PetsContext, petId: number) {
  if (!(await createPetsRepository(ctx.db).findById(petId))) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
}

export async function listVideos(ctx: PetsContext, petId: number): Promise<PetVideo[]> {
  await requireLivePet(ctx, petId);
  const objects = await ctx.storage.list(videoPrefix(petId));
  return objects.map((o) => {
    const name = o.key.slice(VIDEO_FOLDER.length);
    return { name, url: videoUrl(petId, name), fullPath: o.key };
  });
}

/**
 * Streams an uploaded video to storage under videos/PET_VIDEO_{petId}_{timestamp}_{name}, checking its
 * container by magic bytes on the way. The bytes never sit whole in memory; a refused or interrupted
 * upload leaves nothing stored.
 */
export async function uploadVideo(
  ctx: PetsContext,
  petId: number,
  file: Readable,
  originalName: string,
  /** True when the multipart parser cut the file at the size limit: the stored object is then incomplete. */
  wasTruncated: () => boolean,
): Promise<VideoUploadResult> {
  await requireLivePet(ctx, petId);
  const sniffer = new VideoSniffer();
  const body = new PassThrough();
  // Any failure (size limit, aborted request, not a video) destroys every stream, the storage write included.
  const feeding = pipeline(file, sniffer, body);
  feeding.catch(() => undefined);
  let detected;
  try {
    // The key carries the extension the content proved: wait for the verdict; backpressure holds the rest.
    detected = await sniffer.detected;
  } catch (error) {
    body.destroy();
    throw error;
  }
  const uploadedAt = new Date();
  const fileName = `PET_VIDEO_${petId}_${uploadedAt.getTime()}_${sanitizeVideoFileName(originalName, detected.ext)}`;
  const key = `${VIDEO_FOLDER}${fileName}`;
  let size: number;
  try {
    const [stored] = await Promise.all([ctx.storage.put(key, body, { contentType: detected.contentType }), feeding]);
    if (wasTruncated()) throw new AppError('PAYLOAD_TOO_LARGE', { message: petMessages.videoTooBig });
    size = stored.size;
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
  return { success: true, url: videoUrl(petId, fileName), fileName, size, type: detected.contentType, uploadedAt: uploadedAt.toISOString() };
}

export async function deleteVideo(ctx: PetsContext, petId: number, name: string): Promise<void> {
  const key = videoKey(petId, name);
  if (!key || !(await ctx.storage.head(key))) throw new AppError('NOT_FOUND', { message: petMessages.videoNotFound });
  await ctx.storage.delete(key);
}
