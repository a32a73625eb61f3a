import { ADOPTION_OPEN_STATES, type AdoptionState, type ListAdoptionRequestsQuery } from '@refugio/contracts';
import { type SQL, and, asc, count, desc, eq, getTableColumns, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sortKey } from '../../db/sort-key';
import { adoptionRequest, adoptionRequestEvent, pet, user } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';

export type AdoptionRequestRow = Omit<typeof adoptionRequest.$inferSelect, 'searchText'>;
export type AdoptionRequestInsert = Omit<typeof adoptionRequest.$inferInsert, 'id' | 'searchText' | 'estado' | 'version' | 'createdAt' | 'updatedAt'>;
export interface RequestPetRow {
  id: number;
  nombre: string;
  tipo: string;
  genero: string;
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
export type ListFilters = Pick<ListAdoptionRequestsQuery, 'estado' | 'mascotaId' | 'personaId' | 'q'>;

const { searchText: _searchText, ...requestColumns } = getTableColumns(adoptionRequest);
const petColumns = {
  id: pet.id,
  nombre: pet.nombre,
  tipo: pet.tipo,
  genero: pet.genero,
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
    filters.personaId ? eq(adoptionRequest.personaId, filters.personaId) : undefined,
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

    /** Staff confirmed another contact for everything about the request. */
    async confirmContact(id: number, values: { email: string | null; telefono: string | null; por: string; en: Date }): Promise<void> {
      await db
        .update(adoptionRequest)
        .set({ contactoEmail: values.email, contactoTelefono: values.telefono, contactoConfirmadoEn: values.en, contactoConfirmadoPor: values.por })
        .where(eq(adoptionRequest.id, id));
    },

    async insertEvent(values: Omit<typeof adoptionRequestEvent.$inferInsert, 'id' | 'createdAt'>): Promise<void> {
      await db.insert(adoptionRequestEvent).values(values);
    },

    /* ---- for the persons module (registered through persons.port.ts) */

    /** A merge: every request of `fromId` becomes `toId`'s. */
    async movePerson(fromId: number, toId: number): Promise<void> {
      await db.update(adoptionRequest).set({ personaId: toId }).where(eq(adoptionRequest.personaId, fromId));
    },

    /** An anonymisation: the copies of the applicant's identity become `name` and blanks; answers the ids touched. */
    async anonymisePerson(personaId: number, name: string): Promise<number[]> {
      const rows = await db
        .update(adoptionRequest)
        .set({ nombre: name, email: '', telefono: '', ciudad: '', direccion: '', contactoEmail: null, contactoTelefono: null })
        .where(eq(adoptionRequest.personaId, personaId))
        .returning({ id: adoptionRequest.id });
      return rows.map((r) => r.id);
    },

    /** The person's requests with the pet's name, oldest first (the export). */
    async ofPerson(personaId: number): Promise<(AdoptionRequestRow & { mascotaNombre: string })[]> {
      return db
        .select({ ...requestColumns, mascotaNombre: pet.nombre })
        .from(adoptionRequest)
        .innerJoin(pet, eq(pet.id, adoptionRequest.petId))
        .where(eq(adoptionRequest.personaId, personaId))
        .orderBy(asc(adoptionRequest.createdAt), asc(adoptionRequest.id));
    },

    /** Requests made before persons existed, oldest first. */
    async unlinked(limit: number): Promise<{ id: number; createdAt: Date; nombre: string; email: string; telefono: string }[]> {
      return db
        .select({
          id: adoptionRequest.id,
          createdAt: adoptionRequest.createdAt,
          nombre: adoptionRequest.nombre,
          email: adoptionRequest.email,
          telefono: adoptionRequest.telefono,
        })
        .from(adoptionRequest)
        .where(isNull(adoptionRequest.personaId))
        .orderBy(asc(adoptionRequest.createdAt), asc(adoptionRequest.id))
        .limit(limit);
    },

    async attachPerson(id: number, personaId: number, alerta: string | null): Promise<void> {
      await db.update(adoptionRequest).set({ personaId, alerta }).where(eq(adoptionRequest.id, id));
    },
  };
}

export type AdoptionRequestQueries = ReturnType<typeof adoptionQueries>;

/** The only Drizzle user of the adoption tables. */
export function createAdoptionRequestsRepository(db: Database): AdoptionRequestsRepository {
  return transactional(db, adoptionQueries);
}

export type AdoptionRequestsRepository = Transactional<AdoptionRequestQueries>;
