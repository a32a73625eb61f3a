import { type HistoryValue, type PetBatchFilter, type PublicationChange, type SessionUser, movementMessages } from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, type Tx, runInTransaction } from '../../db/client';
import { removePublicFiles } from '../../media/public-photo-form';
import { imageKey, newImageFileName, newVideoName, thumbnailKey, videoKeyOf } from '../../media/storage-keys';
import type { StorageProvider } from '../../storage/storage-provider';
import { AppError } from '../../lib/app-error';
import type { CustomFieldsPort } from '../custom-fields/custom-fields.port';
import { type HistoryEventInput, type HistoryPort, type PetHistoryField, changedFields, systemActor, userActor } from '../history/history.port';
import {
  type BatchPetChange,
  type LockedPetRow,
  type PetImageRow,
  type PetInsert,
  type PetLocationChange,
  type PetView,
  createPetsRepository,
} from './pets.repository';
import { createMicrochipChecks, isFinalLocation } from './pet-checks';
import { createPetImport } from './pet-import';
import { PET_HISTORY_FIELDS } from './pet-dto';

export { toPetDto } from './pet-dto';

/*
 * What other modules may do to a pet: the only way into the pets module from outside it (lint enforces it,
 * eslint.config.js). Every write to a pet or its media made on behalf of another module (publication, the pet
 * list's bulk actions, a movement's new location, an intake approval's new pet, photos accepted from a foster home
 * or an adopter, the materialisation of due publications) is one of these narrow functions, with the rules of
 * pet-rules.ts applied here once.
 *
 * The port is one object, built once in pets.module.ts. A method that must join its caller's transaction takes it
 * as its first argument, typed `Tx`: handing it the root database does not compile. A method that reads takes any
 * handle (`Database`, a `Tx` too). `setPublication` and `materialiseDuePublications` run their own transaction.
 */

export type { BatchPetChange, LockedPetRow, PetLocationChange, PetView } from './pets.repository';
export { isFinalLocation } from './pet-checks';
export { effectiveEstadoSql, isPublic, isPublicSql, isPublishedSql, mayRestore, mayRestoreSql } from './pet-rules';
export { videoUrl } from './videos.service';

/** The fields of a new pet that an intake approval creates (always a `borrador`). */
export type IntakePetValues = Pick<
  PetInsert,
  | 'nombre'
  | 'edad'
  | 'tipo'
  | 'genero'
  | 'tamano'
  | 'discapacidad'
  | 'personalidad'
  | 'historia'
  | 'tags'
  | 'fechaIngreso'
  | 'procedencia'
  | 'procedenciaDetalle'
> &
  Partial<Pick<PetInsert, 'microchip'>>;
/** A photo kept elsewhere (a foster home's news, an adopter's follow-up answer) that may join a pet's gallery. */
export interface SourcePhoto {
  key: string;
  thumbKey: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  contentHash: string;
}
/** Photos copied under a pet's folder, not yet in its gallery (`addPhotos`); `discard()` removes the copies. */
export interface StagedPhotos {
  images: Omit<PetImageRow, 'id' | 'orden' | 'createdAt' | 'petId'>[];
  discard(): Promise<void>;
}
/**
 * A change of `adoptado` asked for on the pets' side: a form saved (or created) with another value, or "mark adopted"
 * from the list. `personaId`: the adopter (null: recorded without one); `cerrarSolicitudes`: the pet's open adoption
 * requests are closed too, as approving one does.
 */
export interface AdoptedChange {
  petId: number;
  adoptado: boolean;
  personaId: number | null;
  cerrarSolicitudes: boolean;
}
/**
 * Called inside the transaction of the change: the movements module opens or returns the adoption (DESIGN section
 * 12) and the adoption requests close the open ones, so all of it commits or none does.
 */
export type AdoptedChangeListener = (tx: Tx, change: AdoptedChange, actor: PetActor) => Promise<void>;
/** Who makes a change: a member of staff (their name goes into the history). */
export type PetActor = Pick<SessionUser, 'id' | 'name' | 'lastname'>;
/** Told in the transaction of a pet created or saved (the register book opens or rectifies its line). */
export type PetSavedListener = (tx: Tx, petId: number) => Promise<void>;

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
    case 'deleted':
      return { ...base, accion: 'eliminar' };
    case 'restored':
      return { ...base, accion: 'restaurar' };
  }
}

export interface PetsPortDeps {
  history: Pick<HistoryPort, 'record' | 'recordMany'>;
  storage: StorageProvider;
  log: FastifyBaseLogger;
  /** The list's own-field filters (`campo`) read by their definitions, as the list reads them. */
  customFields: Pick<CustomFieldsPort, 'filterOf'>;
}

/** The pets port: built once (pets.module.ts), handed to other modules as the narrow part they use. */
export function createPetsPort({ history, storage, log, customFields }: PetsPortDeps) {
  const repo = (executor: Database) => createPetsRepository(executor);
  const adoptedListeners: AdoptedChangeListener[] = [];
  const savedListeners: PetSavedListener[] = [];
  const announceSaved = async (tx: Tx, petId: number) => {
    for (const listener of savedListeners) await listener(tx, petId);
  };

  return {
    ...createPetImport({ history }),
    /** "Is public" now (published or due, not adopted, not deleted), read from the database. */
    isPublicNow: (executor: Database, petId: number): Promise<boolean> => repo(executor).isPublicNow(petId),

    /**
     * Inside a transaction: the pet (deleted or not) with its row locked until the transaction ends. A change
     * that must agree with the pet takes this lock before any other row lock (the pet's own changes do the same),
     * so two such changes never wait for each other in opposite orders.
     */
    lockForChange: (tx: Tx, petId: number): Promise<LockedPetRow | undefined> => repo(tx).lockAny(petId),

    /**
     * Publish, schedule or withdraw, only when the pet is live and still at `expectedVersion`; false when not
     * (nothing written). The change and its history event commit together, in a transaction of its own.
     */
    setPublication: (db: Database, petId: number, change: PublicationChange, actor: PetActor, expectedVersion: number): Promise<boolean> =>
      runInTransaction(db, async (tx) => {
        const txRepo = repo(tx);
        const before = await txRepo.lockAny(petId);
        if (before && isFinalLocation(before.ubicacion) && change.estado !== 'borrador') {
          throw new AppError('CONFLICT', { message: movementMessages.neverPublic });
        }
        if (!before || !(await txRepo.setPublication(petId, change, actor.id, expectedVersion))) return false;
        await history.record(tx, batchEvent(petId, { kind: 'publication', ...change, actorId: actor.id }, before, actor));
        return true;
      }),

    /** The bulk actions' targets: ids and versions of the pets the list's filter matches, at most `limit`. */
    matchingIds: async (executor: Database, filter: PetBatchFilter, limit: number) =>
      repo(executor).matchingIds({ ...filter, camposFiltro: filter.campo ? await customFields.filterOf('mascota', filter.campo) : undefined }, limit),

    /**
     * A bulk action's change to one pet, under its lock (take `lockForChange` first, `before` is what it answered),
     * with its history event; answers the new version.
     */
    async applyBatchChange(tx: Tx, petId: number, change: BatchPetChange, before: LockedPetRow, actor: PetActor): Promise<number> {
      const version = await repo(tx).applyBatchChange(petId, change);
      await history.record(tx, batchEvent(petId, change, before, actor));
      return version;
    },

    /**
     * Scheduled pets whose time has come become `publicada` (at most `limit`; answers how many), each with its
     * history event by the system, in one transaction.
     */
    materialiseDuePublications: (db: Database, now: Date, limit: number): Promise<number> =>
      runInTransaction(db, async (tx) => {
        const ids = await repo(tx).materialiseDuePublications(now, limit);
        await history.recordMany(
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
    findLive: (executor: Database, petId: number): Promise<PetView | undefined> => repo(executor).findById(petId),

    /**
     * The pet's latest weight, kept by the care module from its weight records (read-only on the pet's answer). Not
     * a change a person makes to the pet: no version, no event (the weight record has its own).
     */
    async setLatestWeight(tx: Tx, petId: number, kg: number | null): Promise<void> {
      await repo(tx).setLatestWeight(petId, kg);
    },

    /** A done sterilisation record: the pet reads `esterilizado: si` with that date, with its history event. */
    async markSterilised(tx: Tx, petId: number, fecha: string, actor: PetActor): Promise<void> {
      const txRepo = repo(tx);
      const current = await txRepo.lockLive(petId);
      if (!current || (current.esterilizado === 'si' && current.fechaEsterilizacion === fecha)) return;
      await txRepo.update(petId, { esterilizado: 'si', fechaEsterilizacion: fecha, updatedBy: actor.id });
      await history.record(tx, {
        actor: userActor(actor),
        entidad: 'mascota',
        entidadId: petId,
        accion: 'modificar',
        cambios: changedFields(current, { esterilizado: 'si', fechaEsterilizacion: fecha }, PET_HISTORY_FIELDS),
      });
    },
    /** Adds a tag the pet does not have yet (the follow-ups' "Final feliz"), with its history event. */
    async addTag(tx: Tx, petId: number, tag: string, actor: PetActor): Promise<void> {
      const txRepo = repo(tx);
      const current = await txRepo.lockLive(petId);
      if (!current || current.tags.includes(tag)) return;
      const tags = [...current.tags, tag];
      await txRepo.update(petId, { tags, updatedBy: actor.id });
      await history.record(tx, {
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
      tx: Tx,
      petId: number,
      change: PetLocationChange,
      before: LockedPetRow,
      actor: HistoryEventInput['actor'],
      extra: Partial<Record<'movimiento' | 'personaId' | 'motivo', [HistoryValue, HistoryValue]>>,
    ): Promise<number> {
      const version = await repo(tx).setLocation(petId, change);
      const cambios: Partial<Record<PetHistoryField, [HistoryValue, HistoryValue]>> = { ...extra };
      if (before.ubicacion !== change.ubicacion) cambios.ubicacion = [before.ubicacion, change.ubicacion];
      if (before.adoptado !== change.adoptado) cambios.adoptado = [before.adoptado, change.adoptado];
      if (change.retirar && before.estado !== 'borrador') cambios.estado = [before.estado, 'borrador'];
      await history.record(tx, { actor, entidad: 'mascota', entidadId: petId, accion: 'modificar', cambios });
      return version;
    },

    /** Where the pet says it came from (its latest `ingreso` tells it; DESIGN 16), deleted or not. */
    originOf: (executor: Database, petId: number) => repo(executor).originOf(petId),

    /** A merge of persons (in its transaction): the pets placed with `fromId` are placed with `toId`. */
    movePersonReferences: (tx: Tx, fromId: number, toId: number): Promise<void> => repo(tx).movePersonReferences(fromId, toId),

    /** Species, size, tags and location of some pets (the foster homes' list and suggestions). */
    placementFacts: (executor: Database, ids: number[]) => repo(executor).placementFacts(ids),

    /** Takes the next pet id without a row, so an intake approval can store files under it first. */
    reservePetId: (db: Database): Promise<number> => repo(db).reservePetId(),

    /** An intake approval's new pet, a `borrador`, under a reserved id when one is given. */
    async createDraft(tx: Tx, values: IntakePetValues, actor: PetActor, id?: number): Promise<{ id: number }> {
      const txRepo = repo(tx);
      // A microchip another live pet holds: 409 naming that pet (a surrendered animal may be known already).
      if (values.microchip) await createMicrochipChecks(txRepo).checkMicrochipFree(values.microchip, id ?? 0);
      const insert = { ...values, estado: 'borrador', createdBy: actor.id, updatedBy: actor.id } satisfies PetInsert;
      const row = id === undefined ? await txRepo.insert(insert) : await txRepo.insertWithId(id, insert);
      await history.record(tx, {
        actor: userActor(actor),
        entidad: 'mascota',
        entidadId: row.id,
        accion: 'crear',
        cambios: changedFields({}, { ...values, estado: 'borrador' }, PET_HISTORY_FIELDS),
      });
      await announceSaved(tx, row.id);
      return { id: row.id };
    },

    /**
     * Photos kept elsewhere (a foster home's news, an adopter's answer) copied under the pet's folder, image and
     * thumbnail, with no transaction open (DESIGN section 9: files before rows). `missing()` is thrown when a source
     * is gone; the copies made before it are removed. Hand the result to `addPhotos`, or `discard()` it.
     */
    async stagePhotos(petId: number, photos: SourcePhoto[], missing: () => Error): Promise<StagedPhotos> {
      const copied: string[] = [];
      const discard = () => removePublicFiles(storage, log, copied, 'a copied photo');
      const images: StagedPhotos['images'] = [];
      try {
        for (const photo of photos) {
          const fileName = newImageFileName(photo.key.slice(photo.key.lastIndexOf('.') + 1));
          for (const [from, to, type] of [
            [photo.key, imageKey(petId, fileName), photo.contentType],
            [photo.thumbKey, thumbnailKey(petId, fileName), 'image/webp'],
          ] as const) {
            const source = await storage.get(from);
            if (!source) throw missing();
            await storage.put(to, source.body, { contentType: type });
            copied.push(to);
          }
          images.push({ nombre: fileName, width: photo.width, height: photo.height, bytes: photo.bytes, contentHash: photo.contentHash });
        }
      } catch (error) {
        await discard();
        throw error;
      }
      return { images, discard };
    },

    /**
     * Videos kept elsewhere (a registration's) copied under the pet's name in the videos' folder, with no transaction
     * open; like `stagePhotos`, a missing source throws `missing()` after removing the copies made. A pet's videos are
     * its files (no rows): once copied they are the pet's, unless `discard()` removes them.
     */
    async stageVideos(
      petId: number,
      videos: { key: string; contentType: string; nombre: string }[],
      missing: () => Error,
    ): Promise<{ discard(): Promise<void> }> {
      const copied: string[] = [];
      const discard = () => removePublicFiles(storage, log, copied, 'a copied video');
      // One timestamp per video (+ its position), so two videos with the same name keep both.
      const stamp = Date.now();
      try {
        for (const [position, video] of videos.entries()) {
          const source = await storage.get(video.key);
          if (!source) throw missing();
          const to = videoKeyOf(newVideoName(petId, new Date(stamp + position), video.nombre));
          await storage.put(to, source.body, { contentType: video.contentType });
          copied.push(to);
        }
      } catch (error) {
        await discard();
        throw error;
      }
      return { discard };
    },

    /**
     * Staged photos join the end of the pet's gallery, each with its history event (take the pet's lock first when
     * the pet already existed).
     */
    async addPhotos(tx: Tx, petId: number, staged: Pick<StagedPhotos, 'images'>, actor: PetActor): Promise<void> {
      for (const image of staged.images) {
        await repo(tx).insertImage({ petId, ...image });
        await history.record(tx, {
          actor: userActor(actor),
          entidad: 'mascota',
          entidadId: petId,
          accion: 'modificar',
          cambios: { imagen: [null, image.nombre] },
        });
      }
    },

    /** Points the pet's main image at a stored file. */
    async setMainImage(tx: Tx, petId: number, fileName: string, actor: PetActor): Promise<void> {
      await repo(tx).update(petId, { imagenPrincipal: fileName });
      await history.record(tx, {
        actor: userActor(actor),
        entidad: 'mascota',
        entidadId: petId,
        accion: 'modificar',
        cambios: { imagenPrincipal: [null, fileName] },
      });
    },

    /**
     * The movements module keeps `adoptado` in step with the adoption, and the adoption requests close the open ones:
     * they listen to the changes of it asked for here (in the order they subscribed: movements first).
     */
    onAdoptedChange(listener: AdoptedChangeListener): void {
      adoptedListeners.push(listener);
    },
    /** For the pets service: tells the listeners, in the change's transaction (the pet locked). */
    async announceAdoptedChange(tx: Tx, change: AdoptedChange, actor: PetActor): Promise<void> {
      for (const listener of adoptedListeners) await listener(tx, change, actor);
    },
    /** Subscribes to pets created or saved (their identity may have changed), in the change's transaction. */
    onSaved(listener: PetSavedListener): void {
      savedListeners.push(listener);
    },
    /** For the pets service: tells the listeners of a pet created or saved, in the change's transaction. */
    announceSaved,
  };
}

export type PetsPort = ReturnType<typeof createPetsPort>;
