import type { ListPersonsQuery } from '@refugio/contracts';
import { type SQL, and, count, desc, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { person, personDuplicate } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import { anyOf } from '../../db/any-of';

export type PersonRow = Omit<typeof person.$inferSelect, 'searchText' | 'nombreClave'>;
export type PersonInsert = Omit<typeof person.$inferInsert, 'id' | 'searchText' | 'nombreClave' | 'version' | 'createdAt' | 'updatedAt'>;
export type PersonUpdate = Partial<PersonInsert>;
export type PersonWithDuplicates = PersonRow & { posiblesDuplicados: number };
export interface DuplicatePairRow {
  otraId: number;
  motivos: string[];
}

const { searchText: _searchText, nombreClave: _nombreClave, ...personColumns } = getTableColumns(person);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Pairs not dismissed that name `id` (either side). */
const openDuplicatesOf = (id: SQL | number) =>
  sql<number>`(SELECT count(*)::int FROM ${personDuplicate} d WHERE d.descartado_en IS NULL AND (d.persona_a = ${id} OR d.persona_b = ${id}))`;

function personQueries(db: Database) {
  const withDuplicates = { ...personColumns, posiblesDuplicados: openDuplicatesOf(sql`${person.id}`) };
  return {
    /**
     * Serialises every linking of the same contact values until the transaction ends: a transaction-scoped
     * advisory lock per value, taken in sorted order so that two linkings never wait for each other crosswise.
     */
    async lockContacts(values: string[]): Promise<void> {
      for (const value of [...new Set(values)].sort()) {
        await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`persona:${value}`}, 0))`);
      }
    },

    /** Live persons with this e-mail or phone, with whether their first name matches `nombre`'s, oldest first. */
    async byContact(email: string | null, telefono: string | null, nombre: string): Promise<(PersonRow & { mismoNombre: boolean })[]> {
      const conditions = [email ? eq(person.email, email) : undefined, telefono ? eq(person.telefono, telefono) : undefined].filter(
        (c): c is SQL => c !== undefined,
      );
      if (conditions.length === 0) return [];
      return db
        .select({ ...personColumns, mismoNombre: sql<boolean>`${person.nombreClave} = split_part(refugio_fold(btrim(${nombre})), ' ', 1)` })
        .from(person)
        .where(and(isNull(person.anonimizadaEn), or(...conditions)))
        .orderBy(person.id);
    },

    /** Live persons whose NIF, e-mail or phone is one of these (each compared as stored, already normalised). */
    async byIdentifiers(ids: { nifs: string[]; emails: string[]; telefonos: string[] }): Promise<PersonRow[]> {
      const conditions = [
        ids.nifs.length > 0 ? anyOf(person.nif, ids.nifs) : undefined,
        ids.emails.length > 0 ? anyOf(person.email, ids.emails) : undefined,
        ids.telefonos.length > 0 ? anyOf(person.telefono, ids.telefonos) : undefined,
      ].filter((c): c is SQL => c !== undefined);
      if (conditions.length === 0) return [];
      return db
        .select(personColumns)
        .from(person)
        .where(and(isNull(person.anonimizadaEn), or(...conditions)))
        .orderBy(person.id);
    },

    async insert(values: PersonInsert): Promise<PersonRow> {
      const [row] = await db.insert(person).values(values).returning(personColumns);
      return row!;
    },

    async find(id: number, options: { forUpdate?: boolean } = {}): Promise<PersonWithDuplicates | undefined> {
      const query = db.select(withDuplicates).from(person).where(eq(person.id, id));
      const [row] = options.forUpdate ? await query.for('update', { of: person }) : await query;
      return row;
    },

    /** Writes `values` and the next version when the row is still at `version` (any version when undefined). */
    async update(id: number, values: PersonUpdate, version?: number): Promise<boolean> {
      const rows = await db
        .update(person)
        .set({ ...values, version: sql`${person.version} + 1` })
        .where(and(eq(person.id, id), version === undefined ? undefined : eq(person.version, version)))
        .returning({ id: person.id });
      return rows.length === 1;
    },

    async remove(id: number): Promise<void> {
      await db.delete(person).where(eq(person.id, id));
    },

    async list(query: ListPersonsQuery, { masked = false }: { masked?: boolean } = {}): Promise<{ rows: PersonWithDuplicates[]; total: number }> {
      const searched = masked
        ? sql`refugio_fold(${person.nombre} || ' ' || ${person.apellidos} || ' ' || coalesce(${person.email}, ''))`
        : sql`${person.searchText}`;
      const where = and(
        query.q ? sql`${searched} LIKE '%' || refugio_fold(${escapeLike(query.q)}) || '%'` : undefined,
        query.rol ? sql`${person.roles} ? ${query.rol}` : undefined,
        query.duplicados ? sql`${openDuplicatesOf(sql`${person.id}`)} > 0` : undefined,
      );
      const [rows, [totalRow]] = await Promise.all([
        db
          .select(withDuplicates)
          .from(person)
          .where(where)
          .orderBy(desc(person.updatedAt), desc(person.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(person).where(where),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },

    /** Marks `a` and `b` as possible duplicates for `motivos` (added to the pair's, a dismissed pair stays dismissed). */
    async markDuplicates(a: number, b: number, motivos: string[]): Promise<void> {
      if (a === b || motivos.length === 0) return;
      const [low, high] = a < b ? [a, b] : [b, a];
      await db
        .insert(personDuplicate)
        .values({ personaA: low, personaB: high, motivos })
        .onConflictDoUpdate({
          target: [personDuplicate.personaA, personDuplicate.personaB],
          set: {
            motivos: sql`(SELECT coalesce(jsonb_agg(DISTINCT m ORDER BY m), '[]'::jsonb) FROM jsonb_array_elements_text(${personDuplicate.motivos} || excluded.motivos) AS m)`,
          },
        });
    },

    /** The not dismissed pairs of `id`: the other person and the reasons. */
    async duplicatesOf(id: number): Promise<DuplicatePairRow[]> {
      return db
        .select({
          otraId: sql<number>`CASE WHEN ${personDuplicate.personaA} = ${id} THEN ${personDuplicate.personaB} ELSE ${personDuplicate.personaA} END`,
          motivos: personDuplicate.motivos,
        })
        .from(personDuplicate)
        .where(and(isNull(personDuplicate.descartadoEn), or(eq(personDuplicate.personaA, id), eq(personDuplicate.personaB, id))))
        .orderBy(personDuplicate.createdAt);
    },

    async findMany(ids: number[]): Promise<PersonWithDuplicates[]> {
      if (ids.length === 0) return [];
      return db.select(withDuplicates).from(person).where(anyOf(person.id, ids));
    },

    /** Dismisses the pair; false when it is not an open pair. */
    async dismissDuplicate(a: number, b: number, userId: string): Promise<boolean> {
      const [low, high] = a < b ? [a, b] : [b, a];
      const rows = await db
        .update(personDuplicate)
        .set({ descartadoEn: new Date(), descartadoPor: userId })
        .where(and(eq(personDuplicate.personaA, low), eq(personDuplicate.personaB, high), isNull(personDuplicate.descartadoEn)))
        .returning({ a: personDuplicate.personaA });
      return rows.length === 1;
    },

    /**
     * Before `fromId` is merged into `toId`: its pairs with third persons become pairs of `toId` (dismissals kept),
     * and the pair between the two goes. The rows of `fromId` then go with it (cascade).
     */
    async moveDuplicates(fromId: number, toId: number): Promise<void> {
      await db.execute(sql`
        INSERT INTO ${personDuplicate} (persona_a, persona_b, motivos, descartado_en, descartado_por, created_at)
        SELECT least(${toId}::int, other), greatest(${toId}::int, other), motivos, descartado_en, descartado_por, created_at
        FROM (
          SELECT CASE WHEN persona_a = ${fromId} THEN persona_b ELSE persona_a END AS other, motivos, descartado_en, descartado_por, created_at
          FROM ${personDuplicate}
          WHERE (persona_a = ${fromId} OR persona_b = ${fromId})
        ) moved
        WHERE other <> ${toId}
        ON CONFLICT (persona_a, persona_b) DO NOTHING`);
      await db.delete(personDuplicate).where(or(eq(personDuplicate.personaA, fromId), eq(personDuplicate.personaB, fromId)));
    },

    /** Not dismissed pairs in all (the "Pendientes" count). */
    async countOpenDuplicates(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(personDuplicate).where(isNull(personDuplicate.descartadoEn));
      return row?.n ?? 0;
    },

    /** Removes the pairs of an anonymised person (nothing left to compare). */
    async clearDuplicates(id: number): Promise<void> {
      await db.delete(personDuplicate).where(or(eq(personDuplicate.personaA, id), eq(personDuplicate.personaB, id)));
    },
  };
}

export type PersonQueries = ReturnType<typeof personQueries>;
export type PersonsRepository = Transactional<PersonQueries>;

export function createPersonsRepository(db: Database): PersonsRepository {
  return transactional(db, personQueries);
}
