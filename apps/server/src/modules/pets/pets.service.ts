import { type ListPetsQuery, type Pet, type PetFields, movementMessages, idempotencyMessages, petMessages } from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { isLockConflict, isUniqueViolation } from '../../lib/db-errors';
import type { IdempotencyRequest } from '../../lib/idempotency';
import { createLiveCache } from '../../lib/live-cache';
import { processImage } from '../../media/images';
import type { SessionUser } from '../../plugins/access';
import type { ChangeFeed } from '../../plugins/changes';
import type { StorageProvider } from '../../storage/storage-provider';
import { type HistoryPort, changedFields, hasChanges, userActor } from '../history/history.port';
import { type CustomFieldsPort, customFieldChanges } from '../custom-fields/custom-fields.port';
import type { TimeZoneSource } from '../organization/organization.port';
import type { PetsPort } from './pets.port';
import { checkIdentityDates, createMicrochipChecks, isFinalLocation, lockPet, requirePet } from './pet-checks';
import { PET_HISTORY_FIELDS, petExpiresAt, toColumns, toPetDto } from './pet-dto';
import { createPetImageFiles, createPetImagesService } from './pet-images.service';
import { mayRestore } from './pet-rules';
import type { PetVisibility } from './pet-visibility';
import type { PetInsert, PetView, PetsRepository } from './pets.repository';

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
  adoption: Pick<PetsPort, 'announceAdoptedChange' | 'announceSaved'>;
  /** The organisation's own fields: a save's `campos` checked against them, in the save's transaction. */
  customFields: Pick<CustomFieldsPort, 'checkValues' | 'filterOf'>;
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
  customFields,
}: PetsServiceDeps) {
  const { checkMicrochipFree, microchipConflict } = createMicrochipChecks(repo);
  const files = createPetImageFiles({ storage, log });
  const { storeImage, removeImageFiles } = files;

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

  return {
    /** A page of the list as the answer's JSON text (listPetsResponseSchema): its items come written by the database. */
    async list(query: ListPetsQuery): Promise<string> {
      const camposFiltro = query.campo ? await customFields.filterOf('mascota', query.campo) : undefined;
      const { items, total, totalExact } = await repo.list({ ...query, camposFiltro });
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
          // A new pet: its species' required fields must come with it.
          const campos = await customFields.checkValues(tx.handle, 'mascota', fields.campos, { especie: fields.tipo, complete: true });
          const values = { ...(toColumns(fields) as PetInsert), imagenPrincipal: fileName ?? null };
          const row = await tx.insertWithId(id, { ...values, campos, createdBy: actor.id, updatedBy: actor.id });
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'mascota',
            entidadId: row.id,
            accion: 'crear',
            cambios: { ...changedFields({}, values, PET_HISTORY_FIELDS), ...customFieldChanges({}, campos) },
          });
          // Created adopted: the adoption opens (without a person) in this transaction, as marking it from the list does.
          if (fields.adoptado === '1')
            await adoption.announceAdoptedChange(tx.handle, { petId: row.id, adoptado: true, personaId: null, cerrarSolicitudes: false }, actor);
          await adoption.announceSaved(tx.handle, row.id);
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
          // The form sends the fields it shows (a whole save: required ones must be there); a client that sends no
          // `campos` (the specification's) leaves them as they are.
          const campos =
            fields.campos === undefined
              ? current.campos
              : await customFields.checkValues(tx.handle, 'mascota', fields.campos, {
                  previous: current.campos,
                  especie: fields.tipo,
                  complete: true,
                });
          const values = { ...toColumns(fields), ...(newFile ? { imagenPrincipal: newFile } : {}) };
          await tx.update(id, { ...values, campos, updatedBy: actor.id });
          const cambios = { ...changedFields(current, values, PET_HISTORY_FIELDS), ...customFieldChanges(current.campos, campos) };
          if (hasChanges(cambios))
            await history.record(tx.handle, { actor: userActor(actor), entidad: 'mascota', entidadId: id, accion: 'modificar', cambios });
          // `adoptado` is true exactly while an adoption is open (DESIGN section 12): another value in the form opens
          // or returns the adoption through the movements module, in this transaction, so both commit or neither does.
          const adoptado = fields.adoptado === '1';
          if (current.adoptado !== adoptado)
            await adoption.announceAdoptedChange(tx.handle, { petId: id, adoptado, personaId: null, cerrarSolicitudes: false }, actor);
          await adoption.announceSaved(tx.handle, id);
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

    // The pet's gallery: list, add, remove, reorder, make main (pet-images.service.ts).
    ...createPetImagesService({ repo, history, files, petDto }),
  };
}

export type PetsService = ReturnType<typeof createPetsService>;
