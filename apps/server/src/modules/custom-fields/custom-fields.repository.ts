import type { CustomFieldEntity } from '@refugio/contracts';
import { type SQL, and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type CustomFieldRow, customField, person, pet } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';

export type { CustomFieldRow };
export type CustomFieldStoredValue = string | number | boolean | string[];
export type CustomFieldValuesRow = Pick<CustomFieldRow, 'etiqueta' | 'opciones' | 'especies' | 'obligatorio' | 'publico' | 'sensible' | 'ayuda'>;

/**
 * The records holding `where` in their `campos` (read, not written: the pets and persons modules write them). Deleted
 * pets count: their values come back with them.
 */
function recordsWhere(db: Database, entidad: CustomFieldEntity, where: (campos: SQL) => SQL): Promise<number> {
  const table = entidad === 'mascota' ? pet : person;
  return db
    .select({ n: count() })
    .from(table)
    .where(where(sql`${table.campos}`))
    .then(([row]) => row?.n ?? 0);
}

function customFieldQueries(db: Database) {
  return {
    /** The entity's fields in their order (archived ones only when asked). */
    async list(entidad: CustomFieldEntity | undefined, { archived }: { archived: boolean }): Promise<CustomFieldRow[]> {
      const where = and(entidad ? eq(customField.entidad, entidad) : undefined, archived ? undefined : eq(customField.archivado, false));
      return db.select().from(customField).where(where).orderBy(asc(customField.entidad), asc(customField.orden), asc(customField.id));
    },

    /**
     * Inside a pet's or person's save: the entity's definitions, share-locked until the save commits, so that no
     * option is removed, no field archived and no type read half-changed while a value is being checked against it.
     */
    async rulesForSave(entidad: CustomFieldEntity): Promise<CustomFieldRow[]> {
      return db.select().from(customField).where(eq(customField.entidad, entidad)).orderBy(asc(customField.orden), asc(customField.id)).for('share');
    },

    async findById(id: number): Promise<CustomFieldRow | undefined> {
      const [row] = await db.select().from(customField).where(eq(customField.id, id)).limit(1);
      return row;
    },

    /** Inside a transaction: the field, locked against other changes and against saves checking values by it. */
    async findForUpdate(id: number): Promise<CustomFieldRow | undefined> {
      const [row] = await db.select().from(customField).where(eq(customField.id, id)).limit(1).for('update');
      return row;
    },

    /** Inside a transaction: creations of one entity's fields one after another (the limit, the next `orden`). */
    async lockEntity(entidad: CustomFieldEntity): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`custom_field:${entidad}`}, 0))`);
    },

    async countFor(entidad: CustomFieldEntity): Promise<{ total: number; nextOrden: number }> {
      const [row] = await db
        .select({ total: count(), last: sql<number | null>`max(${customField.orden})` })
        .from(customField)
        .where(eq(customField.entidad, entidad));
      return { total: row?.total ?? 0, nextOrden: row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1 };
    },

    /** How many records hold a value of each field (the screen says why «Archivar» and not «Eliminar»). */
    async uses(rows: readonly Pick<CustomFieldRow, 'id' | 'entidad' | 'clave'>[]): Promise<Map<number, number>> {
      const uses = new Map<number, number>();
      for (const row of rows) uses.set(row.id, await recordsWhere(db, row.entidad as CustomFieldEntity, (campos) => sql`${campos} ? ${row.clave}`));
      return uses;
    },

    /** Whether a record has chosen `option` in the field (`opcion`: the value; `opciones`: one of the list). */
    async optionInUse(row: Pick<CustomFieldRow, 'entidad' | 'clave' | 'tipo'>, option: string): Promise<boolean> {
      const value = row.tipo === 'opciones' ? [option] : option;
      const n = await recordsWhere(
        db,
        row.entidad as CustomFieldEntity,
        (campos) => sql`${campos} @> ${JSON.stringify({ [row.clave]: value })}::jsonb`,
      );
      return n > 0;
    },

    async insert(values: typeof customField.$inferInsert): Promise<CustomFieldRow> {
      const [row] = await db.insert(customField).values(values).returning();
      return row!;
    },

    /** The new row, or undefined when the field is not at `version` any more (someone saved it first). */
    async update(id: number, version: number, values: Partial<CustomFieldValuesRow & { archivado: boolean }>): Promise<CustomFieldRow | undefined> {
      const [row] = await db
        .update(customField)
        .set({ ...values, version: sql`${customField.version} + 1` })
        .where(and(eq(customField.id, id), eq(customField.version, version)))
        .returning();
      return row;
    },

    /** Inside a transaction: the entity's fields, locked, for a new order. */
    async lockAll(entidad: CustomFieldEntity): Promise<CustomFieldRow[]> {
      return db.select().from(customField).where(eq(customField.entidad, entidad)).orderBy(asc(customField.orden), asc(customField.id)).for('update');
    },

    async setOrder(id: number, orden: number): Promise<void> {
      await db.update(customField).set({ orden }).where(eq(customField.id, id));
    },

    /** A pet's or a person's values (a read: their modules write them); undefined when there is no such record. */
    async valuesOf(entidad: CustomFieldEntity, id: number): Promise<Record<string, CustomFieldStoredValue> | undefined> {
      const table = entidad === 'mascota' ? pet : person;
      const [row] = await db.select({ campos: table.campos }).from(table).where(eq(table.id, id)).limit(1);
      return row?.campos;
    },

    async findMany(ids: readonly number[]): Promise<CustomFieldRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(customField)
        .where(inArray(customField.id, [...ids]));
    },
  };
}

export type CustomFieldsRepository = Transactional<ReturnType<typeof customFieldQueries>>;

/** The only code that writes the organisation's field definitions. */
export function createCustomFieldsRepository(db: Database): CustomFieldsRepository {
  return transactional(db, customFieldQueries);
}
