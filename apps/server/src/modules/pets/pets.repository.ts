import { FINAL_LOCATIONS, IDEMPOTENCY_KEY_TTL_HOURS, type PublicationChange } from '@refugio/contracts';
import { and, asc, eq, getTableColumns, notInArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idempotencyKey, pet, petImage } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import { isPublicSql } from './pet-rules';
import { type ListFilter, type ListPetsPage, type ListWriter, createPetListReader, effectiveEstado, petListWhere } from './pet-list.repository';
import { anyOf } from '../../db/any-of';

export { effectiveEstado, petListWhere } from './pet-list.repository';

export type PetRow = Omit<typeof pet.$inferSelect, 'searchText'>;
export type PetView = PetRow & { estadoEfectivo: string };
export type PetInsert = Omit<typeof pet.$inferInsert, 'id' | 'searchText'>;
export type PetImageRow = typeof petImage.$inferSelect;

/** What a bulk action or an adoption approval needs to know of one pet before changing it (deleted or not). */
export interface LockedPetRow {
  id: number;
  nombre: string;
  /** Effective publication state: a scheduled pet whose time has come reads 'publicada'. */
  estado: string;
  publicarEn: Date | null;
  adoptado: boolean;
  version: number;
  deletedAt: Date | null;
  deletedBy: string | null;
  /** Where the pet is (DESIGN section 12). */
  ubicacion: string;
  ubicacionPersonaId: number | null;
  ubicacionDesde: string | null;
}

/** What a movement writes to the pet: its location, the spec's `adoptado`, and after a transfer or death a draft. */
export interface PetLocationChange {
  ubicacion: string;
  ubicacionPersonaId: number | null;
  ubicacionDesde: string;
  adoptado: boolean;
  /** Transfer or death: unpublished for good (a draft without a date). */
  retirar: boolean;
  actorId: string | null;
  /** An `ingreso`: the pet's origin becomes its latest entry's (DESIGN 16: the movement tells it, the pet repeats it). */
  origen?: { procedencia: string | null; procedenciaDetalle: string };
}

/** A change a bulk action makes to one pet (the same columns the single actions write). */
export type BatchPetChange =
  { kind: 'publication'; estado: string; publicarEn: Date | null; actorId: string } | { kind: 'deleted'; actorId: string } | { kind: 'restored' };

function petsQueries(db: Database, listWriter: ListWriter) {
  const listReader = createPetListReader(db, listWriter);
  return {
    /** One page of the list (pet-list.repository.ts: one prepared statement per shape of filters and sort). */
    list: (query: ListPetsPage) => listReader.list(query),

    /** A page of the list's export: the same search and filters, oldest id first, after `afterId`. */
    async exportPage(query: ListFilter, afterId: number, limit: number): Promise<PetView[]> {
      return db
        .select({ ...petColumns, estadoEfectivo: effectiveEstado })
        .from(pet)
        .where(and(petListWhere(query), sql`${pet.id} > ${afterId}`))
        .orderBy(asc(pet.id))
        .limit(limit);
    },

    async findById(id: number, options: { includeDeleted?: boolean } = {}): Promise<PetView | undefined> {
      const [row] = await db
        .select({ ...petColumns, estadoEfectivo: effectiveEstado })
        .from(pet)
        .where(options.includeDeleted ? eq(pet.id, id) : and(eq(pet.id, id), isNull(pet.deletedAt)))
        .limit(1);
      return row;
    },

    /** What decides whether a pet is public (deleted pets included), or undefined when there is no such pet. */
    async findVisibility(id: number) {
      const [row] = await db
        .select({ estado: pet.estado, publicarEn: pet.publicarEn, adoptado: pet.adoptado, deletedAt: pet.deletedAt })
        .from(pet)
        .where(eq(pet.id, id))
        .limit(1);
      return row;
    },

    /** Whether the pet is public now, by the database's clock (pet-rules.ts). */
    async isPublicNow(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: pet.id })
        .from(pet)
        .where(and(eq(pet.id, id), isPublicSql))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Inside a transaction: the live pet, its row locked until the transaction ends (`SELECT ... FOR UPDATE`), so
     * that every change of the pet and of its images is applied one after another. Undefined when the pet does not
     * exist or is deleted (also when it was deleted while this waited for the lock).
     */
    async lockLive(id: number): Promise<PetView | undefined> {
      const [row] = await db
        .select({ ...petColumns, estadoEfectivo: effectiveEstado })
        .from(pet)
        .where(and(eq(pet.id, id), isNull(pet.deletedAt)))
        .limit(1)
        .for('update');
      return row;
    },

    /** The latest weight (care records): no version change, it is no edit of the pet's fields. */
    async setLatestWeight(id: number, kg: number | null): Promise<void> {
      await db.update(pet).set({ pesoKg: kg }).where(eq(pet.id, id));
    },

    /** The live pet other than `exceptId` that holds this microchip, if any. */
    async findMicrochipHolder(microchip: string, exceptId: number): Promise<{ id: number; nombre: string } | undefined> {
      const [row] = await db
        .select({ id: pet.id, nombre: pet.nombre })
        .from(pet)
        .where(and(eq(pet.microchip, microchip), isNull(pet.deletedAt), sql`${pet.id} <> ${exceptId}`))
        .limit(1);
      return row;
    },

    async insert(values: PetInsert): Promise<PetRow> {
      const [row] = await db.insert(pet).values(values).returning();
      return row!;
    },

    /** Takes the next pet id from the identity sequence without a row, so files can be stored under it first. */
    async reservePetId(): Promise<number> {
      // Both drivers answer raw queries with `{ rows }`.
      const result: unknown = await db.execute(sql`SELECT nextval(pg_get_serial_sequence('pet', 'id'))::integer AS id`);
      return (result as { rows: { id: number }[] }).rows[0]!.id;
    },

    /** Inserts a pet under an id taken with `reservePetId`. */
    async insertWithId(id: number, values: PetInsert): Promise<PetRow> {
      const [row] = await db
        .insert(pet)
        .overridingSystemValue()
        .values({ ...values, id })
        .returning();
      return row!;
    },

    /** The answer stored for a user's `Idempotency-Key` within the last 24 hours, if any. */
    async findIdempotentAnswer(userId: string, key: string) {
      const [row] = await db
        .select({ route: idempotencyKey.route, requestHash: idempotencyKey.requestHash, response: idempotencyKey.response })
        .from(idempotencyKey)
        .where(
          and(
            eq(idempotencyKey.userId, userId),
            eq(idempotencyKey.key, key),
            sql`${idempotencyKey.createdAt} > now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`,
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Stores the answer of a key's first request (replacing an expired one). False when a live answer already holds
     * the key: on PostgreSQL this waits for a transaction storing the same key, then sees its answer.
     */
    async saveIdempotentAnswer(values: { userId: string; key: string; route: string; requestHash: string; response: Record<string, unknown> }) {
      const stored = await db
        .insert(idempotencyKey)
        .values(values)
        .onConflictDoUpdate({
          target: [idempotencyKey.userId, idempotencyKey.key],
          set: { route: values.route, requestHash: values.requestHash, response: values.response, createdAt: sql`now()` },
          setWhere: sql`${idempotencyKey.createdAt} <= now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`,
        })
        .returning({ key: idempotencyKey.key });
      return stored.length === 1;
    },

    /** Forgets the answers of keys older than 24 hours; returns how many. */
    async deleteExpiredIdempotencyKeys(): Promise<number> {
      const deleted = await db
        .delete(idempotencyKey)
        .where(sql`${idempotencyKey.createdAt} <= now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`)
        .returning({ key: idempotencyKey.key });
      return deleted.length;
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

    /** Adds an image after the pet's last one; take the pet's lock first (`lockLive`), or two inserts can race for a position. */
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

    /**
     * Gives the pet's images the positions 1..n in the order of `imageIds` (every image of the pet, once). Positions
     * are unique per pet, so they first move out of the way to their negatives.
     */
    async setImageOrder(petId: number, imageIds: number[]): Promise<void> {
      await db
        .update(petImage)
        .set({ orden: sql`-${petImage.orden}` })
        .where(eq(petImage.petId, petId));
      for (const [index, imageId] of imageIds.entries()) {
        await db
          .update(petImage)
          .set({ orden: index + 1 })
          .where(and(eq(petImage.petId, petId), eq(petImage.id, imageId)));
      }
    },

    /** Ids and versions of the pets the list's `filter` matches, by id, at most `limit` (the bulk actions' targets). */
    async matchingIds(filter: ListFilter, limit: number): Promise<{ id: number; version: number }[]> {
      return db.select({ id: pet.id, version: pet.version }).from(pet).where(petListWhere(filter)).orderBy(asc(pet.id)).limit(limit);
    },

    /**
     * Inside a transaction: the pet, deleted or not, its row locked until the transaction ends. Every change of a
     * pet, and every change of another record that must agree with the pet (an adoption request's approval), takes
     * this lock first, so locks are always taken in the same order.
     */
    async lockAny(id: number): Promise<LockedPetRow | undefined> {
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
          ubicacion: pet.ubicacion,
          ubicacionPersonaId: pet.ubicacionPersonaId,
          ubicacionDesde: pet.ubicacionDesde,
        })
        .from(pet)
        .where(eq(pet.id, id))
        .for('update');
      return row;
    },

    /** Writes a movement's effect on the pet and moves the version on by one; answers the new version. */
    async setLocation(id: number, change: PetLocationChange): Promise<number> {
      const [row] = await db
        .update(pet)
        .set({
          ubicacion: change.ubicacion,
          ubicacionPersonaId: change.ubicacionPersonaId,
          ubicacionDesde: change.ubicacionDesde,
          adoptado: change.adoptado,
          ...(change.retirar ? { estado: 'borrador', publicarEn: null } : {}),
          ...(change.origen ? { procedencia: change.origen.procedencia, procedenciaDetalle: change.origen.procedenciaDetalle } : {}),
          updatedBy: change.actorId,
          version: sql`${pet.version} + 1`,
        })
        .where(eq(pet.id, id))
        .returning({ version: pet.version });
      return row!.version;
    },

    async originOf(id: number): Promise<{ procedencia: string | null; procedenciaDetalle: string } | undefined> {
      const [row] = await db.select({ procedencia: pet.procedencia, procedenciaDetalle: pet.procedenciaDetalle }).from(pet).where(eq(pet.id, id));
      return row;
    },

    /** A merge of persons: the pets placed with `fromId` are placed with `toId`. */
    async movePersonReferences(fromId: number, toId: number): Promise<void> {
      await db.update(pet).set({ ubicacionPersonaId: toId }).where(eq(pet.ubicacionPersonaId, fromId));
    },

    /** What a placement suggestion and the foster list need of some pets (deleted ones included). */
    async placementFacts(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: pet.id,
          nombre: pet.nombre,
          tipo: pet.tipo,
          tamano: pet.tamano,
          tags: pet.tags,
          personalidad: pet.personalidad,
          ubicacion: pet.ubicacion,
          ubicacionPersonaId: pet.ubicacionPersonaId,
          ubicacionDesde: pet.ubicacionDesde,
          version: pet.version,
          deletedAt: pet.deletedAt,
        })
        .from(pet)
        .where(anyOf(pet.id, ids));
    },

    /** Writes a bulk action's change and moves the version on by one; answers the new version. */
    async applyBatchChange(id: number, change: BatchPetChange): Promise<number> {
      const values =
        change.kind === 'publication'
          ? { estado: change.estado, publicarEn: change.publicarEn, updatedBy: change.actorId }
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

    /**
     * Applies a publication change and increments the version, only when the pet is live and still at
     * `expectedVersion`. False when nothing matched (gone, or changed by somebody else).
     */
    async setPublication(id: number, change: PublicationChange, actorId: string, expectedVersion: number): Promise<boolean> {
      const updated = await db
        .update(pet)
        .set({ estado: change.estado, publicarEn: change.publicarEn, updatedBy: actorId, version: sql`${pet.version} + 1` })
        .where(
          and(
            eq(pet.id, id),
            isNull(pet.deletedAt),
            eq(pet.version, expectedVersion),
            change.estado === 'borrador' ? undefined : notInArray(pet.ubicacion, [...FINAL_LOCATIONS]),
          ),
        )
        .returning({ id: pet.id });
      return updated.length > 0;
    },

    /**
     * The idempotent materialisation of DESIGN section 2: scheduled pets whose time has come (public by query
     * already) become `publicada`, keeping version and last change, so the range of scheduled pets that the counts
     * and the drafts list read stays small. At most `limit` per call (the caller repeats while it gets `limit`).
     * The ordered, limited read is a plain index scan, which marks the index entries of rows swept earlier as
     * dead, so later calls skip them (a bitmap scan would revisit them until a VACUUM; PGlite has no autovacuum).
     */
    async materialiseDuePublications(now: Date, limit: number): Promise<number[]> {
      const result = await db.execute(sql`
        WITH due AS (
          SELECT id FROM ${pet}
           WHERE deleted_at IS NULL AND estado <> 'publicada' AND estado = 'programada' AND publicar_en <= ${now.toISOString()}::timestamptz
           ORDER BY estado, publicar_en
           LIMIT ${limit}
        ), swept AS (
          UPDATE ${pet} SET estado = 'publicada' WHERE id IN (SELECT id FROM due) RETURNING id
        )
        SELECT id FROM swept
      `);
      return (result as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
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

/**
 * The only code that reads or writes pets and their images. `listWriter`: where the list's JSON is written
 * (pet-list.repository.ts; `listWriterFor(driver)` picks it for a database).
 */
export function createPetsRepository(db: Database, listWriter: ListWriter = 'server'): PetsRepository {
  return transactional(db, (bound) => petsQueries(bound, listWriter));
}

/** Every column but the generated search text, which no answer needs. */
const { searchText: _searchText, ...petColumns } = getTableColumns(pet);
