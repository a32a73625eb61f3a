import { ADOPTION_OPEN_STATES, type AdoptionState, type ListAdoptionRequestsQuery } from '@refugio/contracts';
import { type SQL, and, asc, count, desc, eq, getTableColumns, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sortKey } from '../../db/sort-key';
import { adoptionRequest, adoptionRequestEvent, pet, user } from '../../db/schema';

export type AdoptionRequestRow = Omit<typeof adoptionRequest.$inferSelect, 'searchText'>;
export type AdoptionRequestInsert = Omit<typeof adoptionRequest.$inferInsert, 'id' | 'searchText' | 'estado' | 'version' | 'createdAt' | 'updatedAt'>;
export interface RequestPetRow {
  id: number;
  nombre: string;
  tipo: string;
  imagenPrincipal: string | null;
  adoptado: boolean;
  deletedAt: Date | null;
}
export type AdoptionRequestWithPet = AdoptionRequestRow & { pet: RequestPetRow };
export interface AdoptionEventRow {
  id: number;
  tipo: string;
  deEstado: string | null;
  aEstado: string | null;
  nota: string;
  createdAt: Date;
  authorId: string | null;
  authorName: string | null;
  authorLastname: string | null;
}
export type ListFilters = Pick<ListAdoptionRequestsQuery, 'estado' | 'mascotaId' | 'q'>;

const { searchText: _searchText, ...requestColumns } = getTableColumns(adoptionRequest);
const petColumns = {
  id: pet.id,
  nombre: pet.nombre,
  tipo: pet.tipo,
  imagenPrincipal: pet.imagenPrincipal,
  adoptado: pet.adoptado,
  deletedAt: pet.deletedAt,
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterConditions(filters: ListFilters, options: { withEstado: boolean }): SQL | undefined {
  return and(
    options.withEstado && filters.estado ? eq(adoptionRequest.estado, filters.estado) : undefined,
    filters.mascotaId ? eq(adoptionRequest.petId, filters.mascotaId) : undefined,
    filters.q ? sql`${adoptionRequest.searchText} LIKE '%' || refugio_fold(${escapeLike(filters.q)}) || '%'` : undefined,
  );
}

const sortColumns = {
  createdAt: adoptionRequest.createdAt,
  nombre: sortKey(adoptionRequest.nombre),
  estado: adoptionRequest.estado,
} as const;

/** The queries on the adoption tables, bound to a database or to a transaction. */
function adoptionQueries(db: Database) {
  return {
    /**
     * Serialises applications for one pet and e-mail until the transaction ends, so the duplicate check and
     * the insert cannot interleave with a twin request (a transaction-scoped advisory lock, PGlite included).
     */
    async lockApplicant(petId: number, email: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${petId}::int, hashtext(lower(${email})))`);
    },

    async hasRecentApplication(petId: number, email: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: adoptionRequest.id })
        .from(adoptionRequest)
        .where(and(eq(adoptionRequest.petId, petId), sql`lower(${adoptionRequest.email}) = lower(${email})`, gte(adoptionRequest.createdAt, since)))
        .limit(1);
      return row !== undefined;
    },

    async insert(values: AdoptionRequestInsert): Promise<AdoptionRequestRow> {
      const [row] = await db.insert(adoptionRequest).values(values).returning(requestColumns);
      return row!;
    },

    async list(query: ListAdoptionRequestsQuery): Promise<{ rows: AdoptionRequestWithPet[]; total: number }> {
      const where = filterConditions(query, { withEstado: true });
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({ ...requestColumns, pet: petColumns })
          .from(adoptionRequest)
          .innerJoin(pet, eq(pet.id, adoptionRequest.petId))
          .where(where)
          .orderBy(direction(sortColumns[query.sort]), direction(adoptionRequest.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(adoptionRequest).where(where),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },

    /** How many requests are in each state, with the list's filters except the state. */
    async countByState(filters: ListFilters): Promise<Map<string, number>> {
      const rows = await db
        .select({ estado: adoptionRequest.estado, n: count() })
        .from(adoptionRequest)
        .where(filterConditions(filters, { withEstado: false }))
        .groupBy(adoptionRequest.estado);
      return new Map(rows.map((r) => [r.estado, r.n]));
    },

    /** A page of the CSV export, oldest first, with the same filters as the list. */
    async exportPage(filters: ListFilters, afterId: number, limit: number): Promise<AdoptionRequestWithPet[]> {
      return db
        .select({ ...requestColumns, pet: petColumns })
        .from(adoptionRequest)
        .innerJoin(pet, eq(pet.id, adoptionRequest.petId))
        .where(and(filterConditions(filters, { withEstado: true }), sql`${adoptionRequest.id} > ${afterId}`))
        .orderBy(asc(adoptionRequest.id))
        .limit(limit);
    },

    async findById(id: number, options: { forUpdate?: boolean } = {}): Promise<AdoptionRequestWithPet | undefined> {
      const base = db
        .select({ ...requestColumns, pet: petColumns })
        .from(adoptionRequest)
        .innerJoin(pet, eq(pet.id, adoptionRequest.petId))
        .where(eq(adoptionRequest.id, id))
        .limit(1);
      // Locks the request row only: two moves of one request queue here, on PostgreSQL and PGlite alike.
      const [row] = options.forUpdate ? await base.for('update', { of: adoptionRequest }) : await base;
      return row;
    },

    async events(requestId: number): Promise<AdoptionEventRow[]> {
      return db
        .select({
          id: adoptionRequestEvent.id,
          tipo: adoptionRequestEvent.tipo,
          deEstado: adoptionRequestEvent.deEstado,
          aEstado: adoptionRequestEvent.aEstado,
          nota: adoptionRequestEvent.nota,
          createdAt: adoptionRequestEvent.createdAt,
          authorId: adoptionRequestEvent.authorId,
          authorName: user.name,
          authorLastname: user.lastname,
        })
        .from(adoptionRequestEvent)
        .leftJoin(user, eq(user.id, adoptionRequestEvent.authorId))
        .where(eq(adoptionRequestEvent.requestId, requestId))
        .orderBy(asc(adoptionRequestEvent.createdAt), asc(adoptionRequestEvent.id));
    },

    async countOtherOpen(petId: number, exceptId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(adoptionRequest)
        .where(and(eq(adoptionRequest.petId, petId), inArray(adoptionRequest.estado, [...ADOPTION_OPEN_STATES]), ne(adoptionRequest.id, exceptId)));
      return row?.n ?? 0;
    },

    /** Locks and returns the ids and states of the pet's other open requests. */
    async lockOtherOpen(petId: number, exceptId: number): Promise<{ id: number; estado: string }[]> {
      return db
        .select({ id: adoptionRequest.id, estado: adoptionRequest.estado })
        .from(adoptionRequest)
        .where(and(eq(adoptionRequest.petId, petId), inArray(adoptionRequest.estado, [...ADOPTION_OPEN_STATES]), ne(adoptionRequest.id, exceptId)))
        .orderBy(asc(adoptionRequest.id))
        .for('update');
    },

    /** Moves the request if it is still at `expectedVersion`; undefined when it is not. */
    async setState(id: number, estado: AdoptionState, expectedVersion?: number): Promise<AdoptionRequestRow | undefined> {
      const [row] = await db
        .update(adoptionRequest)
        .set({ estado, version: sql`${adoptionRequest.version} + 1` })
        .where(and(eq(adoptionRequest.id, id), expectedVersion === undefined ? undefined : eq(adoptionRequest.version, expectedVersion)))
        .returning(requestColumns);
      return row;
    },

    async insertEvent(values: Omit<typeof adoptionRequestEvent.$inferInsert, 'id' | 'createdAt'>): Promise<void> {
      await db.insert(adoptionRequestEvent).values(values);
    },

    /** Inside a transaction: the live pet's version, its row locked until the transaction ends; undefined when there is none. */
    async lockLivePet(petId: number): Promise<{ version: number } | undefined> {
      const [row] = await db
        .select({ version: pet.version })
        .from(pet)
        .where(and(eq(pet.id, petId), isNull(pet.deletedAt)))
        .for('update');
      return row;
    },

    /** Marks the pet adopted (a new pet version, so an open edit form learns of it). */
    async markPetAdopted(petId: number, actorId: string): Promise<void> {
      await db
        .update(pet)
        .set({ adoptado: true, updatedBy: actorId, version: sql`${pet.version} + 1` })
        .where(eq(pet.id, petId));
    },
  };
}

export type AdoptionRequestQueries = ReturnType<typeof adoptionQueries>;

/** The only Drizzle user of the adoption tables. */
export function createAdoptionRequestsRepository(db: Database) {
  return {
    ...adoptionQueries(db),
    /** Runs `fn` in one transaction with the queries bound to it. */
    async transaction<T>(fn: (tx: AdoptionRequestQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(adoptionQueries(tx)));
    },
  };
}

export type AdoptionRequestsRepository = ReturnType<typeof createAdoptionRequestsRepository>;
