import { ADOPTION_OPEN_STATES, type ListPetsQuery, PETS_TOTAL_CAP } from '@refugio/contracts';
import { type SQL, and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sortKey } from '../../db/sort-key';
import { adoptionRequest, pet, petImage } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';

export type PetRow = Omit<typeof pet.$inferSelect, 'searchText'>;
export type PetView = PetRow & { estadoEfectivo: string };
export type PetInsert = Omit<typeof pet.$inferInsert, 'id' | 'searchText'>;
export type PetImageRow = typeof petImage.$inferSelect;

/** The state a person sees: a scheduled pet whose time has come is published, by query (DESIGN section 2). */
export const effectiveEstado = sql<string>`CASE WHEN ${pet.estado} = 'programada' AND ${pet.publicarEn} <= now() THEN 'publicada' ELSE ${pet.estado} END`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function estadoCondition(estado: ListPetsQuery['estado']): SQL | undefined {
  switch (estado) {
    case 'publicada':
      return sql`(${pet.estado} = 'publicada' OR (${pet.estado} = 'programada' AND ${pet.publicarEn} <= now()))`;
    case 'programada':
      return sql`(${pet.estado} = 'programada' AND (${pet.publicarEn} IS NULL OR ${pet.publicarEn} > now()))`;
    case 'borrador':
      return eq(pet.estado, 'borrador');
    default:
      return undefined;
  }
}

const sortColumns = {
  nombre: sortKey(pet.nombre),
  createdAt: pet.createdAt,
  updatedAt: pet.updatedAt,
  fechaingreso: pet.fechaIngreso,
  tipo: pet.tipo,
} as const;

/** Serialises orphan-media sweeps across instances. */
const ORPHAN_SWEEP_LOCK_KEY = 7_340_117_004;

function petsQueries(db: Database) {
  return {
    async list(query: ListPetsQuery): Promise<{ rows: PetView[]; total: number; totalExact: boolean }> {
      const conditions = [
        query.eliminadas === '1' ? isNotNull(pet.deletedAt) : isNull(pet.deletedAt),
        query.q ? sql`${pet.searchText} LIKE '%' || refugio_fold(${escapeLike(query.q)}) || '%'` : undefined,
        query.tipo ? eq(pet.tipo, query.tipo) : undefined,
        query.tamano ? eq(pet.tamano, query.tamano) : undefined,
        query.genero ? eq(pet.genero, query.genero) : undefined,
        query.adoptado ? eq(pet.adoptado, query.adoptado === '1') : undefined,
        query.discapacidad ? eq(pet.discapacidad, query.discapacidad === '1') : undefined,
        estadoCondition(query.estado),
        query.tag ? sql`${pet.tags} @> ${JSON.stringify([query.tag])}::jsonb` : undefined,
      ];
      const where = and(...conditions);
      const direction = query.order === 'asc' ? asc : desc;
      const sortColumn = sortColumns[query.sort];
      const orderBy = query.sort === 'fechaingreso' ? sql`${sortColumn} ${sql.raw(query.order)} NULLS LAST` : direction(sortColumn);
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({ ...petColumns, estadoEfectivo: effectiveEstado })
          .from(pet)
          .where(where)
          .orderBy(orderBy, direction(pet.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        // Counting stops one past the cap: enough to say "more than", without visiting every match.
        db.select({ n: count() }).from(
          db
            .select({ one: sql`1` })
            .from(pet)
            .where(where)
            .limit(PETS_TOTAL_CAP + 1)
            .as('matches'),
        ),
      ]);
      const n = totalRow?.n ?? 0;
      return { rows, total: Math.min(n, PETS_TOTAL_CAP), totalExact: n <= PETS_TOTAL_CAP };
    },

    /** Open adoption requests (nueva, en_revision) per pet, for one page of ids (the adoption_request_pet index). */
    async countOpenAdoptionRequests(petIds: number[]): Promise<Map<number, number>> {
      if (petIds.length === 0) return new Map();
      const rows = await db
        .select({ petId: adoptionRequest.petId, n: count() })
        .from(adoptionRequest)
        .where(and(inArray(adoptionRequest.petId, petIds), inArray(adoptionRequest.estado, [...ADOPTION_OPEN_STATES])))
        .groupBy(adoptionRequest.petId);
      return new Map(rows.map((r) => [r.petId, r.n]));
    },

    async findById(id: number, options: { includeDeleted?: boolean } = {}): Promise<PetView | undefined> {
      const [row] = await db
        .select({ ...petColumns, estadoEfectivo: effectiveEstado })
        .from(pet)
        .where(options.includeDeleted ? eq(pet.id, id) : and(eq(pet.id, id), isNull(pet.deletedAt)))
        .limit(1);
      return row;
    },

    async insert(values: PetInsert): Promise<PetRow> {
      const [row] = await db.insert(pet).values(values).returning();
      return row!;
    },

    /**
     * Applies `values` and increments the version, only if the pet is live and (when given) still at
     * `expectedVersion`. Undefined when nothing matched.
     */
    async update(id: number, values: Partial<PetInsert>, expectedVersion?: number): Promise<PetRow | undefined> {
      const [row] = await db
        .update(pet)
        .set({ ...values, version: sql`${pet.version} + 1` })
        .where(and(eq(pet.id, id), isNull(pet.deletedAt), expectedVersion === undefined ? undefined : eq(pet.version, expectedVersion)))
        .returning();
      return row;
    },

    async setDeleted(id: number, deletedBy: string | null): Promise<PetRow | undefined> {
      const [row] = await db
        .update(pet)
        .set({ deletedAt: deletedBy === null ? null : new Date(), deletedBy, version: sql`${pet.version} + 1` })
        .where(and(eq(pet.id, id), deletedBy === null ? isNotNull(pet.deletedAt) : isNull(pet.deletedAt)))
        .returning();
      return row;
    },

    /** Removes the row for good (its images cascade); media files are the caller's to remove. */
    async purge(id: number): Promise<void> {
      await db.delete(pet).where(eq(pet.id, id));
    },

    async listImages(petId: number): Promise<PetImageRow[]> {
      return db.select().from(petImage).where(eq(petImage.petId, petId)).orderBy(asc(petImage.orden), asc(petImage.id));
    },

    async findImage(petId: number, imageId: number): Promise<PetImageRow | undefined> {
      const [row] = await db
        .select()
        .from(petImage)
        .where(and(eq(petImage.petId, petId), eq(petImage.id, imageId)))
        .limit(1);
      return row;
    },

    async insertImage(values: Omit<typeof petImage.$inferInsert, 'id' | 'orden' | 'createdAt'>): Promise<PetImageRow> {
      const [row] = await db
        .insert(petImage)
        .values({
          ...values,
          orden: sql`(SELECT coalesce(max(${petImage.orden}), 0) + 1 FROM ${petImage} WHERE ${petImage.petId} = ${values.petId})`,
        })
        .returning();
      return row!;
    },

    async deleteImage(petId: number, imageId: number): Promise<PetImageRow | undefined> {
      const [row] = await db
        .delete(petImage)
        .where(and(eq(petImage.petId, petId), eq(petImage.id, imageId)))
        .returning();
      return row;
    },

    async setImageOrder(imageId: number, orden: number): Promise<void> {
      await db.update(petImage).set({ orden }).where(eq(petImage.id, imageId));
    },

    /** Inside a transaction: true when this one holds the orphan-sweep lock (released when it ends), false when another does. */
    async tryLockOrphanSweep(): Promise<boolean> {
      // Both drivers answer raw queries with `{ rows }`.
      const result: unknown = await db.execute(sql`SELECT pg_try_advisory_xact_lock(${ORPHAN_SWEEP_LOCK_KEY}) AS locked`);
      const [lock] = (result as { rows: { locked: boolean }[] }).rows;
      return lock?.locked === true;
    },

    /** Every image file a row points at (main images and gallery images, deleted pets included), as `{petId}/{file}`. */
    async referencedImageFiles(): Promise<Set<string>> {
      const referenced = new Set<string>();
      for (const row of await db.select({ petId: pet.id, file: pet.imagenPrincipal }).from(pet).where(isNotNull(pet.imagenPrincipal))) {
        referenced.add(`${row.petId}/${row.file}`);
      }
      for (const row of await db.select({ petId: petImage.petId, file: petImage.nombre }).from(petImage)) referenced.add(`${row.petId}/${row.file}`);
      return referenced;
    },
  };
}

export type PetsRepository = Transactional<ReturnType<typeof petsQueries>>;

/** The only code that reads or writes pets and their images. */
export function createPetsRepository(db: Database): PetsRepository {
  return transactional(db, petsQueries);
}

/** Every column but the generated search text, which no answer needs. */
const { searchText: _searchText, ...petColumns } = getTableColumns(pet);
