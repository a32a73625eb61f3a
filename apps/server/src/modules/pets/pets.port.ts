import { type PetBatchFilter, type PublicationChange, type SessionUser, adoptionMessages } from '@refugio/contracts';
import type { Database } from '../../db/client';
import { transactional } from '../../db/transactional';
import { AppError } from '../../lib/app-error';
import { mayMarkAdopted } from './pet-rules';
import { type BatchPetChange, type LockedPetRow, type PetImageRow, type PetInsert, createPetsRepository } from './pets.repository';

/*
 * What other modules may do to a pet: the only way into the pets module from outside it (lint enforces it,
 * eslint.config.js). Every write to a pet or its media made on behalf of another module (publication, the pet
 * list's bulk actions, an adoption approval's "mark adopted", an intake approval's new pet, the materialisation of
 * due publications) is one of these narrow functions, with the rules of pet-rules.ts applied here once.
 *
 * A port is bound to a database; `within(tx.handle)` binds it to the caller's transaction (the caller's writes
 * and these commit together), and `transaction(work)` runs `work` on a port bound to a new one.
 */

export type { BatchPetChange, LockedPetRow } from './pets.repository';
export { effectiveEstadoSql, isPublic, isPublicSql, isPublishedSql, mayRestore, mayRestoreSql, mayMarkAdopted } from './pet-rules';
export { videoUrl } from './videos.service';

/** The fields of a new pet that an intake approval creates (always a `borrador`). */
export type IntakePetValues = Pick<
  PetInsert,
  'nombre' | 'edad' | 'tipo' | 'genero' | 'tamano' | 'discapacidad' | 'personalidad' | 'historia' | 'tags' | 'fechaIngreso'
>;
export type GalleryImageValues = Omit<PetImageRow, 'id' | 'orden' | 'createdAt'>;

function portQueries(db: Database) {
  const repo = createPetsRepository(db);
  return {
    /** "Is public" now (published or due, not adopted, not deleted), read from the database. */
    isPublicNow: (petId: number): Promise<boolean> => repo.isPublicNow(petId),

    /**
     * Inside a transaction: the pet (deleted or not) with its row locked until the transaction ends. A change
     * that must agree with the pet takes this lock before any other row lock (the pet's own changes do the same),
     * so two such changes never wait for each other in opposite orders.
     */
    lockForChange: (petId: number): Promise<LockedPetRow | undefined> => repo.lockAny(petId),

    /**
     * "Mark adopted", under the pet's lock (take `lockForChange` first). A deleted or missing pet cannot be
     * adopted: 409 with the Spanish message, and nothing is written.
     */
    async markAdopted(petId: number, actor: Pick<SessionUser, 'id'>): Promise<void> {
      const row = await repo.lockAny(petId);
      if (!row || !mayMarkAdopted(row)) throw new AppError('CONFLICT', { message: adoptionMessages.petDeleted });
      if (row.adoptado) return;
      if (!(await repo.markAdopted(petId, actor.id))) throw new AppError('CONFLICT', { message: adoptionMessages.petDeleted });
    },

    /** Publish, schedule or withdraw, only when the pet is live and still at `expectedVersion`; false when not. */
    setPublication: (petId: number, change: PublicationChange, actor: Pick<SessionUser, 'id'>, expectedVersion: number): Promise<boolean> =>
      repo.setPublication(petId, change, actor.id, expectedVersion),

    /** The bulk actions' targets: ids and versions of the pets the list's filter matches, at most `limit`. */
    matchingIds: (filter: PetBatchFilter, limit: number) => repo.matchingIds(filter, limit),

    /** A bulk action's change to one pet, under its lock (take `lockForChange` first); answers the new version. */
    applyBatchChange: (petId: number, change: BatchPetChange): Promise<number> => repo.applyBatchChange(petId, change),

    /** Scheduled pets whose time has come become `publicada` (at most `limit`; answers how many). */
    materialiseDuePublications: (now: Date, limit: number): Promise<number> => repo.materialiseDuePublications(now, limit),

    /** Takes the next pet id without a row, so an intake approval can store files under it first. */
    reservePetId: (): Promise<number> => repo.reservePetId(),

    /** An intake approval's new pet, a `borrador`, under a reserved id when one is given. */
    async createDraft(values: IntakePetValues, actor: Pick<SessionUser, 'id'>, id?: number): Promise<{ id: number }> {
      const insert = { ...values, estado: 'borrador', createdBy: actor.id, updatedBy: actor.id } satisfies PetInsert;
      const row = id === undefined ? await repo.insert(insert) : await repo.insertWithId(id, insert);
      return { id: row.id };
    },

    /** Adds a stored image to the end of the pet's gallery (take the pet's lock first when the pet already existed). */
    addGalleryImage: (values: GalleryImageValues): Promise<PetImageRow> => repo.insertImage(values),

    /** Points the pet's main image at a stored file. */
    async setMainImage(petId: number, fileName: string): Promise<void> {
      await repo.update(petId, { imagenPrincipal: fileName });
    },
  };
}

function bind(db: Database) {
  return { ...transactional(db, portQueries), within: (handle: Database) => bind(handle) };
}

/** The pets port bound to `db` (a database, or a transaction handle of another module). */
export const createPetsPort = (db: Database) => bind(db);
export type PetsPort = ReturnType<typeof createPetsPort>;
