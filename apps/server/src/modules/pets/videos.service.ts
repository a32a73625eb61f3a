import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type PetVideo, type VideoUploadResult, petMessages } from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import { newVideoName, videoKey, videoKeyOf, videoNameOf, videoPrefix } from '../../media/storage-keys';
import { VideoSniffer, sanitizeVideoFileName } from '../../media/videos';
import type { ChangeFeed } from '../../plugins/changes';
import type { StorageProvider } from '../../storage/storage-provider';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, userActor } from '../history/history.port';
import type { PetsRepository } from './pets.repository';

export const videoUrl = (petId: number, name: string) => `/api/mascotas/${petId}/videos/${encodeURIComponent(name)}`;

/** What the videos service needs, given once. */
export interface VideosServiceDeps {
  repo: PetsRepository;
  storage: StorageProvider;
  /** Videos have no rows: their changes are announced to the caches (the public catalogue lists them). */
  changes: Pick<ChangeFeed, 'petsChanged'>;
  /** A video has no row: its event is written once the file is stored (or removed). */
  history: Pick<HistoryPort, 'record'>;
}

/** A pet's videos: files in storage named after the pet, with no rows. */
export function createVideosService({ repo, storage, changes, history }: VideosServiceDeps) {
  async function requireLivePet(petId: number) {
    if (!(await repo.findById(petId))) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
  }

  return {
    async list(petId: number): Promise<PetVideo[]> {
      await requireLivePet(petId);
      const objects = await storage.list(videoPrefix(petId));
      return objects.map((o) => {
        const name = videoNameOf(o.key);
        return { name, url: videoUrl(petId, name), fullPath: o.key };
      });
    },

    /**
     * Streams an uploaded video to storage under videos/PET_VIDEO_{petId}_{timestamp}_{name}, checking its
     * container by magic bytes on the way. The bytes never sit whole in memory; a refused or interrupted
     * upload leaves nothing stored.
     */
    async upload(
      actor: SessionUser,
      petId: number,
      file: Readable,
      originalName: string,
      /** True when the multipart parser cut the file at the size limit: the stored object is then incomplete. */
      wasTruncated: () => boolean,
    ): Promise<VideoUploadResult> {
      await requireLivePet(petId);
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
      const fileName = newVideoName(petId, uploadedAt, sanitizeVideoFileName(originalName, detected.ext));
      const key = videoKeyOf(fileName);
      let size: number;
      try {
        const [stored] = await Promise.all([storage.put(key, body, { contentType: detected.contentType }), feeding]);
        if (wasTruncated()) throw new AppError('PAYLOAD_TOO_LARGE', { message: petMessages.videoTooBig });
        size = stored.size;
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      await history.record(repo.handle, {
        actor: userActor(actor),
        entidad: 'mascota',
        entidadId: petId,
        accion: 'modificar',
        cambios: { video: [null, fileName] },
      });
      await changes.petsChanged([petId]);
      return { success: true, url: videoUrl(petId, fileName), fileName, size, type: detected.contentType, uploadedAt: uploadedAt.toISOString() };
    },

    async remove(actor: SessionUser, petId: number, name: string): Promise<void> {
      const key = videoKey(petId, name);
      if (!key || !(await storage.head(key))) throw new AppError('NOT_FOUND', { message: petMessages.videoNotFound });
      await storage.delete(key);
      await history.record(repo.handle, {
        actor: userActor(actor),
        entidad: 'mascota',
        entidadId: petId,
        accion: 'modificar',
        cambios: { video: [name, null] },
      });
      await changes.petsChanged([petId]);
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;
