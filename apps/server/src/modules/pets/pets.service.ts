import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  type ListPetsQuery,
  type Pet,
  type PetFields,
  type PetImage,
  dayInZone,
  type PetLocation,
  FINAL_LOCATIONS,
  movementMessages,
  formatFechaIngreso,
  idempotencyMessages,
  petIdentityMessages,
  petImageUrl,
  petMessages,
  petThumbnailUrl,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { isLockConflict, isUniqueViolation } from '../../lib/db-errors';
import type { IdempotencyRequest } from '../../lib/idempotency';
import { createLiveCache } from '../../lib/live-cache';
import { type ProcessedImage, describeImage, processImage } from '../../media/images';
import { imageKey, newImageFileName, thumbnailKey } from '../../media/storage-keys';
import type { SessionUser } from '../../plugins/access';
import type { ChangeFeed } from '../../plugins/changes';
import type { StorageProvider } from '../../storage/storage-provider';
import { type HistoryPort, changedFields, hasChanges, userActor } from '../history/history.port';
import type { TimeZoneSource } from '../organization/organization.port';
import type { PetsPort } from './pets.port';
import { mayRestore } from './pet-rules';
import type { PetVisibility } from './pet-visibility';
import type { PetImageRow, PetInsert, PetView, PetsRepository } from './pets.repository';

/** What the pets service needs, given once. */
export interface PetsServiceDeps {
  repo: PetsRepository;
  storage: StorageProvider;
  log: FastifyBaseLogger;
  /** Whether a pet is public, kept right by the change feed (pet-visibility.ts). */
  visibility: Pick<PetVisibility, 'isPublic' | 'isPublicFromMemory'>;
  changes: ChangeFeed;
  /** Every change writes its event in the same transaction. */
  history: HistoryPort;
  /** The organisation's time zone (the saved one, else ORG_TIME_ZONE): a birth or sterilisation date is never after its today. */
  timeZone: TimeZoneSource;
  /** The name of the person a pet is placed with (the persons port); read outside any transaction. */
  personName?: (personaId: number) => Promise<string | null>;
  /** The module's port: a save that asks for another `adoptado` tells the movements module, in the save's transaction. */
  adoption: Pick<PetsPort, 'announceAdoptedChange'>;
}

/** The pet's columns its history names (PetHistoryField). */
export const PET_HISTORY_FIELDS = [
  'nombre',
  'edad',
  'tipo',
  'genero',
  'tamano',
  'discapacidad',
  'adoptado',
  'fechaIngreso',
  'personalidad',
  'historia',
  'tags',
  'estado',
  'publicarEn',
  'imagenPrincipal',
  'raza',
  'color',
  'fechaNacimiento',
  'fechaNacimientoAprox',
  'microchip',
  'esterilizado',
  'fechaEsterilizacion',
] as const;

/** The moment a row stops being true by itself: a scheduled pet reads 'publicada' from its publication time. */
export function petExpiresAt(row: Pick<PetView, 'estado' | 'publicarEn'>): number | undefined {
  return row.estado === 'programada' && row.publicarEn ? row.publicarEn.getTime() : undefined;
}

/** Where the pet is, as its answers show it (`persona` only when its name is known). */
export function toPetLocation(row: Pick<PetView, 'ubicacion' | 'ubicacionPersonaId' | 'ubicacionDesde'>, personaNombre?: string | null): PetLocation {
  return {
    tipo: row.ubicacion as PetLocation['tipo'],
    ...(row.ubicacionPersonaId !== null && personaNombre != null ? { persona: { id: row.ubicacionPersonaId, nombre: personaNombre } } : {}),
    desde: row.ubicacionDesde,
  };
}

export function toPetDto(row: PetView, personaNombre?: string | null): Pet {
  const main = row.imagenPrincipal;
  return {
    id: row.id,
    nombre: row.nombre,
    edad: row.edad,
    tipo: row.tipo,
    genero: row.genero,
    tamano: row.tamano,
    fechaingreso: formatFechaIngreso(row.fechaIngreso ?? ''),
    personalidad: row.personalidad,
    historia: row.historia,
    adoptado: row.adoptado ? '1' : '0',
    discapacidad: row.discapacidad ? '1' : '0',
    tags: JSON.stringify(row.tags),
    imagenprincipal: main ?? '',
    imagenprincipalUrl: main ? petImageUrl(row.id, main) : null,
    thumbnailUrl: main ? petThumbnailUrl(row.id, main) : null,
    estado: row.estadoEfectivo as Pet['estado'],
    publicarEn: row.publicarEn?.toISOString() ?? null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    raza: row.raza,
    color: row.color,
    fechaNacimiento: row.fechaNacimiento ?? '',
    fechaNacimientoAprox: row.fechaNacimientoAprox ? '1' : '0',
    microchip: row.microchip ?? '',
    esterilizado: row.esterilizado as Pet['esterilizado'],
    fechaEsterilizacion: row.fechaEsterilizacion ?? '',
    pesoKg: row.pesoKg,
    ubicacion: toPetLocation(row, personaNombre),
  };
}

export function toPetImageDto(row: PetImageRow): PetImage {
  return {
    id: row.id,
    nombre: row.nombre,
    orden: row.orden,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    url: petImageUrl(row.petId, row.nombre),
    thumbnailUrl: petThumbnailUrl(row.petId, row.nombre),
  };
}

function toColumns(fields: PetFields): Partial<PetInsert> {
  return {
    nombre: fields.nombre,
    edad: fields.edad,
    tipo: fields.tipo,
    genero: fields.genero,
    tamano: fields.tamano,
    discapacidad: fields.discapacidad === '1',
    fechaIngreso: fields.fechaingreso === '' ? null : fields.fechaingreso,
    personalidad: fields.personalidad,
    historia: fields.historia,
    tags: fields.tags,
    ...(fields.estado === undefined ? {} : { estado: fields.estado }),
    ...(fields.publicarEn === undefined ? {} : { publicarEn: fields.publicarEn === null ? null : new Date(fields.publicarEn) }),
    ...identityColumns(fields),
  };
}

/** The identity fields sent (a field not sent keeps its value; '' clears it). */
function identityColumns(fields: PetFields): Partial<PetInsert> {
  const columns: Partial<PetInsert> = {};
  if (fields.raza !== undefined) columns.raza = fields.raza;
  if (fields.color !== undefined) columns.color = fields.color;
  if (fields.fechaNacimiento !== undefined) columns.fechaNacimiento = fields.fechaNacimiento || null;
  if (fields.fechaNacimientoAprox !== undefined) columns.fechaNacimientoAprox = fields.fechaNacimientoAprox === '1';
  if (fields.microchip !== undefined) columns.microchip = fields.microchip || null;
  if (fields.esterilizado !== undefined) columns.esterilizado = fields.esterilizado;
  if (fields.fechaEsterilizacion !== undefined) columns.fechaEsterilizacion = fields.fechaEsterilizacion || null;
  return columns;
}

/** Dates of the identity never after today in the organisation's time zone (400 with the field's message). */
async function checkIdentityDates(fields: PetFields, timeZone: TimeZoneSource): Promise<void> {
  if (!fields.fechaNacimiento && !fields.fechaEsterilizacion) return;
  const today = dayInZone(new Date(), await timeZone());
  if (fields.fechaNacimiento && fields.fechaNacimiento > today)
    throw new AppError('VALIDATION_ERROR', {
      message: petIdentityMessages.birthInFuture,
      fieldErrors: { fechaNacimiento: petIdentityMessages.birthInFuture },
    });
  if (fields.fechaEsterilizacion && fields.fechaEsterilizacion > today)
    throw new AppError('VALIDATION_ERROR', {
      message: petIdentityMessages.sterilisedDateInFuture,
      fieldErrors: { fechaEsterilizacion: petIdentityMessages.sterilisedDateInFuture },
    });
}

async function requirePet(repo: PetsRepository, id: number): Promise<PetView> {
  const row = await repo.findById(id);
  if (!row) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
  return row;
}

/** Inside a transaction: the live pet with its row locked until the transaction ends, or a 404. */
async function lockPet(tx: PetsRepository, id: number): Promise<PetView> {
  const row = await tx.lockLive(id);
  if (!row) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
  return row;
}

/** What a create answers (and what a retry with the same `Idempotency-Key` answers again). */
export interface CreatedPet {
  id: number;
  version: number;
}

/** Another request stored the same `Idempotency-Key` while this one was creating: its pet is rolled back. */
class KeyTakenMeanwhile extends Error {}

/** Pets and their images: the rules of SPEC section 3 over the repository and the media storage. */
export function createPetsService({
  repo,
  storage,
  log,
  visibility,
  changes,
  history,
  timeZone,
  personName = async () => null,
  adoption,
}: PetsServiceDeps) {
  /**
   * A microchip held by another live pet: 409 naming that pet. Checked before the write for the usual case; the
   * partial unique index pet_live_microchip decides between two saves at once (`microchipConflict` below).
   */
  async function checkMicrochipFree(microchip: string | null | undefined, petId: number): Promise<void> {
    if (!microchip) return;
    const holder = await repo.findMicrochipHolder(microchip, petId);
    if (holder)
      throw new AppError('CONFLICT', {
        message: petIdentityMessages.microchipTaken(holder.nombre, holder.id),
        fieldErrors: { microchip: petIdentityMessages.microchipTaken(holder.nombre, holder.id) },
      });
  }

  /** A unique violation of the microchip index (a save that raced another) told as the same 409; other errors as they are. */
  async function microchipConflict(error: unknown, microchip: string | null | undefined, petId: number): Promise<unknown> {
    if (microchip && isUniqueViolation(error)) {
      try {
        await checkMicrochipFree(microchip, petId);
      } catch (conflict) {
        return conflict;
      }
    }
    return error;
  }

  /** The answer of a pet row, with the name of the person it is placed with (read after any transaction). */
  async function petDto(row: PetView): Promise<Pet> {
    return toPetDto(row, row.ubicacionPersonaId === null ? null : await personName(row.ubicacionPersonaId));
  }

  // The most read answer of the back-office (every form and detail opens with it), kept until its pet changes.
  const pets = createLiveCache<number, Pet>(changes, { maxEntries: 5_000, ttlMs: 5 * 60_000, dependsOn: 'pet' });

  /** The stored answer of an earlier request with this key; 422 when that request was a different one. */
  async function replayed(actor: SessionUser, idempotency: IdempotencyRequest): Promise<CreatedPet | undefined> {
    const earlier = await repo.findIdempotentAnswer(actor.id, idempotency.key);
    if (!earlier) return undefined;
    if (earlier.route !== idempotency.route || earlier.requestHash !== idempotency.requestHash) {
      throw new AppError('UNPROCESSABLE', { message: idempotencyMessages.keyReused });
    }
    return earlier.response as unknown as CreatedPet;
  }

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

  return {
    /** A page of the list as the answer's JSON text (listPetsResponseSchema): its items come written by the database. */
    async list(query: ListPetsQuery): Promise<string> {
      const { items, total, totalExact } = await repo.list(query);
      return `{"items":[${items}],"total":${total},"totalExact":${totalExact},"page":${query.page},"pageSize":${query.pageSize}}`;
    },

    /** The pet as the database holds it now, past the cache: the answer of a change just committed elsewhere. */
    async getFresh(id: number): Promise<Pet> {
      return petDto(await requirePet(repo, id));
    },

    async get(id: number): Promise<Pet> {
      return pets.get(id, async () => {
        const row = await requirePet(repo, id);
        return { value: await petDto(row), expiresAt: petExpiresAt(row) };
      });
    },

    /**
     * A pet anybody may see, with its images and videos: published (scheduled ones whose time has come included),
     * not adopted, not deleted (DESIGN section 7). Kept in memory until the pet changes (pet-visibility.ts).
     */
    async isPublic(id: number): Promise<boolean> {
      return visibility.isPublic(id);
    },

    /** `isPublic` when memory already knows it; undefined when knowing would take a database lookup. */
    isPublicFromMemory(id: number): boolean | undefined {
      return visibility.isPublicFromMemory(id);
    },

    /**
     * A new pet, all or nothing: its id is taken from the sequence first, the main image and thumbnail are stored
     * under that id's folder, then the row is inserted with them in one statement. A crash before the insert
     * leaves only files no row points at, which the orphan sweep removes after its grace period.
     *
     * With an `Idempotency-Key` the answer is stored with the pet, in the same transaction: the same key again
     * (a retry after a lost answer, or two submissions at once) answers the first pet, and the same key with a
     * different request answers 422.
     */
    async create(actor: SessionUser, fields: PetFields, mainImage: Buffer | undefined, idempotency?: IdempotencyRequest): Promise<CreatedPet> {
      if (idempotency) {
        const earlier = await replayed(actor, idempotency);
        if (earlier) return earlier;
      }
      await checkIdentityDates(fields, timeZone);
      await checkMicrochipFree(fields.microchip, 0);
      const processed = mainImage ? await processImage(mainImage) : undefined;
      const id = await repo.reservePetId();
      const fileName = processed ? await storeImage(id, processed) : undefined;
      try {
        const created = await repo.transaction(async (tx) => {
          const values = { ...(toColumns(fields) as PetInsert), imagenPrincipal: fileName ?? null };
          const row = await tx.insertWithId(id, { ...values, createdBy: actor.id, updatedBy: actor.id });
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'mascota',
            entidadId: row.id,
            accion: 'crear',
            cambios: changedFields({}, values, PET_HISTORY_FIELDS),
          });
          // Created adopted: the adoption opens (without a person) in this transaction, as marking it from the list does.
          if (fields.adoptado === '1')
            await adoption.announceAdoptedChange(tx.handle, { petId: row.id, adoptado: true, personaId: null, cerrarSolicitudes: false }, actor);
          const version = fields.adoptado === '1' ? (await tx.findById(row.id))!.version : row.version;
          const answer = { id: row.id, version } satisfies CreatedPet;
          if (idempotency && !(await tx.saveIdempotentAnswer({ userId: actor.id, ...idempotency, response: answer }))) {
            throw new KeyTakenMeanwhile();
          }
          return answer;
        });
        return created;
      } catch (error) {
        if (fileName) await removeImageFiles(id, fileName);
        if (error instanceof KeyTakenMeanwhile && idempotency) {
          // Another request with this key committed first: answer as it did.
          const earlier = await replayed(actor, idempotency);
          if (earlier) return earlier;
        }
        throw await microchipConflict(error, fields.microchip, id);
      }
    },

    /**
     * A save. With a `version` that is no longer the pet's, 409 and nothing changes; without one, the save is
     * applied to whatever the pet holds now (last write wins). Either way it runs under the pet's row lock, so
     * saves and image changes of one pet apply one after another, on PGlite and PostgreSQL alike. A new main
     * image is stored before the lock; the one it replaces is removed only after the save commits.
     */
    async update(actor: SessionUser, id: number, fields: PetFields, mainImage: Buffer | undefined): Promise<PetView> {
      // Early answers before any file is processed or stored; the lock below decides.
      const before = await requirePet(repo, id);
      if (fields.version !== undefined && fields.version !== before.version) throw new AppError('CONFLICT', { message: petMessages.stale });
      await checkIdentityDates(fields, timeZone);
      await checkMicrochipFree(fields.microchip, id);
      const processed = mainImage ? await processImage(mainImage) : undefined;
      const newFile = processed ? await storeImage(id, processed) : undefined;
      let replaced: string | null;
      let saved: PetView;
      try {
        ({ replaced, saved } = await repo.transaction(async (tx) => {
          const current = await lockPet(tx, id);
          if (fields.version !== undefined && fields.version !== current.version) throw new AppError('CONFLICT', { message: petMessages.stale });
          if (isFinalLocation(current.ubicacion) && fields.estado !== undefined && fields.estado !== 'borrador') {
            throw new AppError('CONFLICT', { message: movementMessages.neverPublic });
          }
          const values = { ...toColumns(fields), ...(newFile ? { imagenPrincipal: newFile } : {}) };
          await tx.update(id, { ...values, updatedBy: actor.id });
          const cambios = changedFields(current, values, PET_HISTORY_FIELDS);
          if (hasChanges(cambios))
            await history.record(tx.handle, { actor: userActor(actor), entidad: 'mascota', entidadId: id, accion: 'modificar', cambios });
          // `adoptado` is true exactly while an adoption is open (DESIGN section 12): another value in the form opens
          // or returns the adoption through the movements module, in this transaction, so both commit or neither does.
          const adoptado = fields.adoptado === '1';
          if (current.adoptado !== adoptado)
            await adoption.announceAdoptedChange(tx.handle, { petId: id, adoptado, personaId: null, cerrarSolicitudes: false }, actor);
          return { replaced: newFile ? current.imagenPrincipal : null, saved: (await tx.findById(id))! };
        }));
      } catch (error) {
        if (newFile) await removeImageFiles(id, newFile);
        throw await microchipConflict(error, fields.microchip, id);
      }
      if (replaced) await removeImageFiles(id, replaced);
      return saved;
    },

    /**
     * "Mark adopted" from the list (`POST /phpApi/mascota/{id}/adopcion`): '1' opens the adoption today for
     * `personaId` (without one when absent), '0' returns an open adoption; with `cerrarSolicitudes` the pet's open
     * requests are closed too. All of it in one transaction under the pet's lock (the movements and adoption-request
     * modules act on the announcement). A stale `version` answers 409 and changes nothing.
     */
    async setAdopted(
      actor: SessionUser,
      id: number,
      input: { adoptado: boolean; version: number | undefined; personaId: number | null; cerrarSolicitudes: boolean },
    ): Promise<Pet> {
      try {
        await repo.transaction(async (tx) => {
          const current = await tx.lockAny(id);
          if (!current || current.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
          if (input.version !== undefined && input.version !== current.version) throw new AppError('CONFLICT', { message: petMessages.stale });
          const change = {
            petId: id,
            adoptado: input.adoptado,
            personaId: input.personaId,
            cerrarSolicitudes: input.adoptado && input.cerrarSolicitudes,
          };
          await adoption.announceAdoptedChange(tx.handle, change, actor);
        });
      } catch (error) {
        if (isUniqueViolation(error) || isLockConflict(error)) throw new AppError('CONFLICT', { message: movementMessages.placementOpen });
        throw error;
      }
      return this.getFresh(id);
    },

    /** Soft delete: the record and its media stay until purged, so the deletion can be undone. */
    async remove(actor: SessionUser, id: number): Promise<void> {
      await repo.transaction(async (tx) => {
        const row = await tx.setDeleted(id, actor.id);
        if (!row) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
        await history.record(tx.handle, { actor: userActor(actor), entidad: 'mascota', entidadId: id, accion: 'eliminar' });
      });
    },

    async restore(actor: SessionUser, id: number): Promise<Pet> {
      const row = await repo.findById(id, { includeDeleted: true });
      if (!row?.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
      if (!mayRestore(actor, row)) throw new AppError('FORBIDDEN', { message: petMessages.restoreForbidden });
      // Its microchip may have been given to another pet meanwhile: 409 naming it, and the pet stays deleted.
      await checkMicrochipFree(row.microchip, id);
      let restored: PetView;
      try {
        restored = await repo.transaction(async (tx) => {
          if (!(await tx.setDeleted(id, null))) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
          await history.record(tx.handle, { actor: userActor(actor), entidad: 'mascota', entidadId: id, accion: 'restaurar' });
          return (await tx.findById(id))!;
        });
      } catch (error) {
        throw await microchipConflict(error, row.microchip, id);
      }
      return petDto(restored);
    },

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

/** After a transfer or a death (DESIGN section 12). */
export function isFinalLocation(ubicacion: string): boolean {
  return (FINAL_LOCATIONS as readonly string[]).includes(ubicacion);
}

export type PetsService = ReturnType<typeof createPetsService>;
