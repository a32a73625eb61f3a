import type { PetBatchFilter } from '@refugio/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pet } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import { effectiveEstado, petListWhere } from '../pets/pets.repository';

/** What a bulk action needs to know of one pet before changing it. */
export interface BatchPetRow {
  id: number;
  nombre: string;
  /** Effective publication state: a scheduled pet whose time has come reads 'publicada'. */
  estado: string;
  publicarEn: Date | null;
  adoptado: boolean;
  version: number;
  deletedAt: Date | null;
  deletedBy: string | null;
}

/** A change one bulk action makes to one pet (the same columns the single actions write). */
export type BatchPetChange =
  | { kind: 'publication'; estado: string; publicarEn: Date | null; actorId: string }
  | { kind: 'adopted'; actorId: string }
  | { kind: 'deleted'; actorId: string }
  | { kind: 'restored' };

function petBatchQueries(db: Database) {
  return {
    /** Ids and versions of the pets `filter` matches, by id, at most `limit`. */
    async matching(filter: PetBatchFilter, limit: number): Promise<{ id: number; version: number }[]> {
      return db.select({ id: pet.id, version: pet.version }).from(pet).where(petListWhere(filter)).orderBy(asc(pet.id)).limit(limit);
    },

    /** Inside a transaction: the pet, deleted or not, locked until the transaction ends (nobody changes it meanwhile). */
    async lock(id: number): Promise<BatchPetRow | undefined> {
      const [row] = await db
        .select({
          id: pet.id,
          nombre: pet.nombre,
          estado: effectiveEstado,
          publicarEn: pet.publicarEn,
          adoptado: pet.adoptado,
          version: pet.version,
          deletedAt: pet.deletedAt,
          deletedBy: pet.deletedBy,
        })
        .from(pet)
        .where(eq(pet.id, id))
        .for('update');
      return row;
    },

    /** Writes the change and moves the version on by one; answers the new version. */
    async apply(id: number, change: BatchPetChange): Promise<number> {
      const values =
        change.kind === 'publication'
          ? { estado: change.estado, publicarEn: change.publicarEn, updatedBy: change.actorId }
          : change.kind === 'adopted'
            ? { adoptado: true, updatedBy: change.actorId }
            : change.kind === 'deleted'
              ? { deletedAt: new Date(), deletedBy: change.actorId }
              : { deletedAt: null, deletedBy: null };
      const [row] = await db
        .update(pet)
        .set({ ...values, version: sql`${pet.version} + 1` })
        .where(eq(pet.id, id))
        .returning({ version: pet.version });
      return row!.version;
    },
  };
}

export type PetBatchRepository = Transactional<ReturnType<typeof petBatchQueries>>;

/** The pet list's bulk actions: the only place they touch the database. */
export function createPetBatchRepository(db: Database): PetBatchRepository {
  return transactional(db, petBatchQueries);
}
