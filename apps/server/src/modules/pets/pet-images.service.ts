import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type Pet, type PetImage, petMessages } from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type ProcessedImage, describeImage, processImage } from '../../media/images';
import { imageKey, newImageFileName, thumbnailKey } from '../../media/storage-keys';
import type { SessionUser } from '../../plugins/access';
import type { StorageProvider } from '../../storage/storage-provider';
import { type HistoryPort, userActor } from '../history/history.port';
import { lockPet, requirePet } from './pet-checks';
import { toPetImageDto } from './pet-dto';
import type { PetView, PetsRepository } from './pets.repository';

/** A pet's image files in the media storage, each with its thumbnail: what the pets service and its gallery store and remove. */
export function createPetImageFiles({ storage, log }: { storage: StorageProvider; log: FastifyBaseLogger }) {
  /** Stores an image and its thumbnail; returns the stored file name. Nothing is left behind on failure. */
  async function storeImage(petId: number, image: ProcessedImage): Promise<string> {
    const fileName = newImageFileName(image.extension);
    await storage.put(imageKey(petId, fileName), Readable.from([image.data]), { contentType: image.contentType });
    try {
      await storage.put(thumbnailKey(petId, fileName), Readable.from([image.thumbnail]), { contentType: 'image/webp' });
    } catch (error) {
      await storage.delete(imageKey(petId, fileName));
      throw error;
    }
    return fileName;
  }

  /** Size and hash of a stored image, for its gallery row; undefined when its file is gone. */
  async function describeStoredImage(petId: number, fileName: string) {
    const stored = await storage.get(imageKey(petId, fileName));
    return stored ? describeImage(await buffer(stored.body)) : undefined;
  }

  /** Removes an image file and its thumbnail; a failure is logged, never surfaced (the row is already gone). */
  async function removeImageFiles(petId: number, fileName: string): Promise<void> {
    try {
      await storage.delete(thumbnailKey(petId, fileName));
      await storage.delete(imageKey(petId, fileName));
    } catch (error) {
      log.warn({ err: error, petId, fileName }, 'could not remove image files; they will be orphans');
    }
  }

  return { storeImage, describeStoredImage, removeImageFiles };
}

export type PetImageFiles = ReturnType<typeof createPetImageFiles>;

/** What a pet's gallery needs: the pets service's repository and history, its image files and its pet answer. */
export interface PetImagesDeps {
  repo: PetsRepository;
  history: HistoryPort;
  files: PetImageFiles;
  /** The answer of a pet row, with the name of the person it is placed with (the pets service's). */
  petDto: (row: PetView) => Promise<Pet>;
}

/** A pet's gallery: its images listed, added, removed, reordered, and one of them made the main image. */
export function createPetImagesService({ repo, history, files, petDto }: PetImagesDeps) {
  const { storeImage, describeStoredImage, removeImageFiles } = files;

  return {
    async listImages(petId: number): Promise<PetImage[]> {
      await requirePet(repo, petId);
      return (await repo.listImages(petId)).map(toPetImageDto);
    },

    /** The file is stored first; its row goes after the pet's last image, its position taken under the pet's lock. */
    async addImage(actor: SessionUser, petId: number, data: Buffer): Promise<PetImage> {
      await requirePet(repo, petId);
      const processed = await processImage(data);
      const fileName = await storeImage(petId, processed);
      try {
        return await repo.transaction(async (tx) => {
          await lockPet(tx, petId);
          const row = await tx.insertImage({
            petId,
            nombre: fileName,
            width: processed.width,
            height: processed.height,
            bytes: processed.data.length,
            contentHash: processed.contentHash,
          });
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'mascota',
            entidadId: petId,
            accion: 'modificar',
            cambios: { imagen: [null, fileName] },
          });
          return toPetImageDto(row);
        });
      } catch (error) {
        await removeImageFiles(petId, fileName);
        throw error;
      }
    },

    /** The row goes under the pet's lock; its files only once that has committed (a rollback keeps them). */
    async deleteImage(actor: SessionUser, petId: number, imageId: number): Promise<void> {
      const row = await repo.transaction(async (tx) => {
        await lockPet(tx, petId);
        const deleted = await tx.deleteImage(petId, imageId);
        if (!deleted) throw new AppError('NOT_FOUND', { message: petMessages.imageNotFound });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'mascota',
          entidadId: petId,
          accion: 'modificar',
          cambios: { imagen: [deleted.nombre, null] },
        });
        return deleted;
      });
      await removeImageFiles(petId, row.nombre);
    },

    async reorderImages(actor: SessionUser, petId: number, ids: number[]): Promise<PetImage[]> {
      return repo.transaction(async (tx) => {
        await lockPet(tx, petId);
        const current = await tx.listImages(petId);
        const same = ids.length === current.length && new Set(ids).size === ids.length && current.every((img) => ids.includes(img.id));
        if (!same)
          throw new AppError('VALIDATION_ERROR', { message: petMessages.imageOrderInvalid, fieldErrors: { ids: petMessages.imageOrderInvalid } });
        await tx.setImageOrder(petId, ids);
        const before = current.map((img) => img.nombre);
        const after = ids.map((imageId) => current.find((img) => img.id === imageId)!.nombre);
        if (before.join('/') !== after.join('/')) {
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'mascota',
            entidadId: petId,
            accion: 'modificar',
            cambios: { ordenImagenes: [before, after] },
          });
        }
        return (await tx.listImages(petId)).map(toPetImageDto);
      });
    },

    /**
     * The gallery image becomes the main image; the previous main image (if any) joins the gallery. Under the
     * pet's lock: an image deleted meanwhile answers 404, a main image changed meanwhile 409, never a main image
     * pointing at a removed file.
     */
    async makeMainImage(actor: SessionUser, petId: number, imageId: number): Promise<Pet> {
      // The previous main image's size and hash are read from its file before the lock, not while holding it.
      const before = await requirePet(repo, petId);
      const previous = before.imagenPrincipal ? await describeStoredImage(petId, before.imagenPrincipal) : undefined;
      const changed = await repo.transaction(async (tx) => {
        const current = await lockPet(tx, petId);
        if (current.imagenPrincipal !== before.imagenPrincipal) throw new AppError('CONFLICT', { message: petMessages.stale });
        const image = await tx.deleteImage(petId, imageId);
        if (!image) throw new AppError('NOT_FOUND', { message: petMessages.imageNotFound });
        if (current.imagenPrincipal && previous) await tx.insertImage({ petId, nombre: current.imagenPrincipal, ...previous });
        await tx.update(petId, { imagenPrincipal: image.nombre, updatedBy: actor.id });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'mascota',
          entidadId: petId,
          accion: 'modificar',
          cambios: { imagenPrincipal: [current.imagenPrincipal, image.nombre] },
        });
        return (await tx.findById(petId))!;
      });
      return petDto(changed);
    },
  };
}
