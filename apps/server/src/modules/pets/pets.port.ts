import {
  type HistoryValue,
  type PetBatchFilter,
  type PublicationChange,
  type SessionUser,
  adoptionMessages,
  movementMessages,
} from '@refugio/contracts';
import type { Database } from '../../db/client';
import { transactional } from '../../db/transactional';
import { AppError } from '../../lib/app-error';
import { type HistoryEventInput, type PetHistoryField, changedFields, historyPort, systemActor, userActor } from '../history/history.port';
import { mayMarkAdopted } from './pet-rules';
import {
  type BatchPetChange,
  type LockedPetRow,
  type PetImageRow,
  type PetInsert,
  type PetLocationChange,
  type PetView,
  createPetsRepository,
} from './pets.repository';
import { isFinalLocation } from './pets.service';
import { PET_HISTORY_FIELDS } from './pets.service';

export { toPetDto } from './pets.service';

/*
 * What other modules may do to a pet: the only way into the pets module from outside it (lint enforces it,
 * eslint.config.js). Every write to a pet or its media made on behalf of another module (publication, the pet
 * list's bulk actions, an adoption approval's "mark adopted", an intake approval's new pet, the materialisation of
 * due publications) is one of these narrow functions, with the rules of pet-rules.ts applied here once.
 *
 * A port is bound to a database; `within(tx.handle)` binds it to the caller's transaction (the caller's writes
 * and these commit together), and `transaction(work)` runs `work` on a port bound to a new one.
 */

export type { BatchPetChange, LockedPetRow, PetLocationChange, PetView } from './pets.repository';
export { isFinalLocation } from './pets.service';
export { effectiveEstadoSql, isPublic, isPublicSql, isPublishedSql, mayRestore, mayRestoreSql, mayMarkAdopted } from './pet-rules';
export { videoUrl } from './videos.service';

/** The fields of a new pet that an intake approval creates (always a `borrador`). */
export type IntakePetValues = Pick<
  PetInsert,
  'nombre' | 'edad' | 'tipo' | 'genero' | 'tamano' | 'discapacidad' | 'personalidad' | 'historia' | 'tags' | 'fechaIngreso'
>;
export type GalleryImageValues = Omit<PetImageRow, 'id' | 'orden' | 'createdAt'>;
/** Who makes a change: a member of staff (their name goes into the history). */
export type PetActor = Pick<SessionUser, 'id' | 'name' | 'lastname'>;

/** The history event of a bulk action's change to one pet. */
function batchEvent(petId: number, change: BatchPetChange, before: LockedPetRow, actor: PetActor): HistoryEventInput {
  const base = { actor: userActor(actor), entidad: 'mascota' as const, entidadId: petId };
  switch (change.kind) {
    case 'publication':
      return {
        ...base,
        accion: 'estado',
        cambios: {
          estado: [before.estado, change.estado],
          ...(before.publicarEn?.getTime() !== change.publicarEn?.getTime()
            ? { publicarEn: [before.publicarEn?.toISOString() ?? null, change.publicarEn?.toISOString() ?? null] }
            : {}),
        },
      };
    case 'adopted':
      return { ...base, accion: 'modificar', cambios: { adoptado: [before.adoptado, true] } };
    case 'deleted':
      return { ...base, accion: 'eliminar' };
    case 'restored':
      return { ...base, accion: 'restaurar' };
  }
}

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
    async markAdopted(petId: number, actor: PetActor): Promise<void> {
      const row = await repo.lockAny(petId);
      if (!row || !mayMarkAdopted(row)) throw new AppError('CONFLICT', { message: adoptionMessages.petDeleted });
      if (row.adoptado) return;
      if (!(await repo.markAdopted(petId, actor.id))) throw new AppError('CONFLICT', { message: adoptionMessages.petDeleted });
      await historyPort.record(db, {
        actor: userActor(actor),
        entidad: 'mascota',
        entidadId: petId,
        accion: 'modificar',
        cambios: { adoptado: [false, true] },
      });
    },

    /**
     * Publish, schedule or withdraw, only when the pet is live and still at `expectedVersion`; false when not
     * (nothing written). The change and its history event commit together.
     */
    setPublication: (petId: number, change: PublicationChange, actor: PetActor, expectedVersion: number): Promise<boolean> =>
      db.transaction(async (tx) => {
        const txRepo = createPetsRepository(tx);
        const before = await txRepo.lockAny(petId);
        if (before && isFinalLocation(before.ubicacion) && change.estado !== 'borrador') {
          throw new AppError('CONFLICT', { message: movementMessages.neverPublic });
        }
        if (!before || !(await txRepo.setPublication(petId, change, actor.id, expectedVersion))) return false;
        await historyPort.record(tx, batchEvent(petId, { kind: 'publication', ...change, actorId: actor.id }, before, actor));
        return true;
      }),

    /** The bulk actions' targets: ids and versions of the pets the list's filter matches, at most `limit`. */
    matchingIds: (filter: PetBatchFilter, limit: number) => repo.matchingIds(filter, limit),

    /**
     * A bulk action's change to one pet, under its lock (take `lockForChange` first, `before` is what it answered),
     * with its history event; answers the new version. Call it inside a transaction (`transaction(work)`).
     */
    async applyBatchChange(petId: number, change: BatchPetChange, before: LockedPetRow, actor: PetActor): Promise<number> {
      const version = await repo.applyBatchChange(petId, change);
      await historyPort.record(db, batchEvent(petId, change, before, actor));
      return version;
    },

    /**
     * Scheduled pets whose time has come become `publicada` (at most `limit`; answers how many), each with its
     * history event by the system, in one transaction.
     */
    materialiseDuePublications: (now: Date, limit: number): Promise<number> =>
      db.transaction(async (tx) => {
        const ids = await createPetsRepository(tx).materialiseDuePublications(now, limit);
        await historyPort.recordMany(
          tx,
          ids.map((id) => ({
            actor: systemActor,
            entidad: 'mascota',
            entidadId: id,
            accion: 'estado',
            cambios: { estado: ['programada', 'publicada'] },
          })),
        );
        return ids.length;
      }),

    /** A live pet (not deleted) with its identity, for the care records and their printable history. */
    findLive: (petId: number): Promise<PetView | undefined> => repo.findById(petId),

    /**
     * The pet's latest weight, kept by the care module from its weight records (read-only on the pet's answer). Not
     * a change a person makes to the pet: no version, no event (the weight record has its own).
     */
    async setLatestWeight(petId: number, kg: number | null): Promise<void> {
      await repo.setLatestWeight(petId, kg);
    },

    /** A done sterilisation record: the pet reads `esterilizado: si` with that date, with its history event. */
    async markSterilised(petId: number, fecha: string, actor: PetActor): Promise<void> {
      const current = await repo.lockLive(petId);
      if (!current || (current.esterilizado === 'si' && current.fechaEsterilizacion === fecha)) return;
      await repo.update(petId, { esterilizado: 'si', fechaEsterilizacion: fecha, updatedBy: actor.id });
      await historyPort.record(db, {
        actor: userActor(actor),
        entidad: 'mascota',
        entidadId: petId,
        accion: 'modificar',
        cambios: changedFields(current, { esterilizado: 'si', fechaEsterilizacion: fecha }, PET_HISTORY_FIELDS),
      });
    },
    /** Adds a tag the pet does not have yet (the follow-ups' "Final feliz"), with its history event. */
    async addTag(petId: number, tag: string, actor: PetActor): Promise<void> {
      const current = await repo.lockLive(petId);
      if (!current || current.tags.includes(tag)) return;
      const tags = [...current.tags, tag];
      await repo.update(petId, { tags, updatedBy: actor.id });
      await historyPort.record(db, {
        actor: userActor(actor),
        entidad: 'mascota',
        entidadId: petId,
        accion: 'modificar',
        cambios: { tags: [current.tags, tags] },
      });
    },

    /**
     * A movement's effect on the pet (DESIGN section 12), under its lock (take `lockForChange` first, `before` is what
     * it answered): the location, the spec's `adoptado` (true exactly while an adoption is open) and, after a
     * transfer or a death, unpublished for good. One history event on the pet, with `extra` (the movement) beside
     * the fields that changed. Answers the new version.
     */
    async applyLocation(
      petId: number,
      change: PetLocationChange,
      before: LockedPetRow,
      actor: HistoryEventInput['actor'],
      extra: Partial<Record<'movimiento' | 'personaId' | 'motivo', [HistoryValue, HistoryValue]>>,
    ): Promise<number> {
      const version = await repo.setLocation(petId, change);
      const cambios: Partial<Record<PetHistoryField, [HistoryValue, HistoryValue]>> = { ...extra };
      if (before.ubicacion !== change.ubicacion) cambios.ubicacion = [before.ubicacion, change.ubicacion];
      if (before.adoptado !== change.adoptado) cambios.adoptado = [before.adoptado, change.adoptado];
      if (change.retirar && before.estado !== 'borrador') cambios.estado = [before.estado, 'borrador'];
      await historyPort.record(db, { actor, entidad: 'mascota', entidadId: petId, accion: 'modificar', cambios });
      return version;
    },

    /** A merge of persons (in its transaction): the pets placed with `fromId` are placed with `toId`. */
    movePersonReferences: (fromId: number, toId: number): Promise<void> => repo.movePersonReferences(fromId, toId),

    /** Species, size, tags and location of some pets (the foster homes' list and suggestions). */
    placementFacts: (ids: number[]) => repo.placementFacts(ids),

    /** Takes the next pet id without a row, so an intake approval can store files under it first. */
    reservePetId: (): Promise<number> => repo.reservePetId(),

    /** An intake approval's new pet, a `borrador`, under a reserved id when one is given. */
    async createDraft(values: IntakePetValues, actor: PetActor, id?: number): Promise<{ id: number }> {
      const insert = { ...values, estado: 'borrador', createdBy: actor.id, updatedBy: actor.id } satisfies PetInsert;
      const row = id === undefined ? await repo.insert(insert) : await repo.insertWithId(id, insert);
      await historyPort.record(db, {
        actor: userActor(actor),
        entidad: 'mascota',
        entidadId: row.id,
        accion: 'crear',
        cambios: changedFields({}, { ...values, estado: 'borrador' }, PET_HISTORY_FIELDS),
      });
      return { id: row.id };
    },

    /** Adds a stored image to the end of the pet's gallery (take the pet's lock first when the pet already existed). */
    async addGalleryImage(values: GalleryImageValues, actor: PetActor): Promise<PetImageRow> {
      const row = await repo.insertImage(values);
      await historyPort.record(db, {
        actor: userActor(actor),
        entidad: 'mascota',
        entidadId: values.petId,
        accion: 'modificar',
        cambios: { imagen: [null, values.nombre] },
      });
      return row;
    },

    /** Points the pet's main image at a stored file. */
    async setMainImage(petId: number, fileName: string, actor: PetActor): Promise<void> {
      await repo.update(petId, { imagenPrincipal: fileName });
      await historyPort.record(db, {
        actor: userActor(actor),
        entidad: 'mascota',
        entidadId: petId,
        accion: 'modificar',
        cambios: { imagenPrincipal: [null, fileName] },
      });
    },
  };
}

function bind(db: Database) {
  return { ...transactional(db, portQueries), within: (handle: Database) => bind(handle) };
}

/** The pets port bound to `db` (a database, or a transaction handle of another module). */
export const createPetsPort = (db: Database) => bind(db);
export type PetsPort = ReturnType<typeof createPetsPort>;
