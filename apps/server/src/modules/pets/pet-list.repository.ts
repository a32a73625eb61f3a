import { ADOPTION_OPEN_STATES, type ListPetsQuery, PETS_TOTAL_CAP } from '@refugio/contracts';
import { type SQL, and, asc, count, desc, eq, getTableName, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sortKey } from '../../db/sort-key';
import { adoptionRequest, pet } from '../../db/schema';
import { effectiveEstadoSql } from './pet-rules';

/** The state a person sees: a scheduled pet whose time has come is published, by query (pet-rules.ts). */
export const effectiveEstado = effectiveEstadoSql;

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

/** How a filter's value enters the statement: inline (the default), or as a named placeholder of a prepared statement. */
type ValueOf = <T>(name: string, value: T) => T | ReturnType<typeof sql.placeholder>;
const inline: ValueOf = (_name, value) => value;

type ListFilter = Omit<ListPetsQuery, 'sort' | 'order' | 'page' | 'pageSize'>;

/** The values the filters bind, as the statement takes them (undefined: that filter is absent). */
function filterValues(query: ListFilter) {
  return {
    q: query.q ? escapeLike(query.q) : undefined,
    tipo: query.tipo || undefined,
    tamano: query.tamano || undefined,
    genero: query.genero || undefined,
    adoptado: query.adoptado ? query.adoptado === '1' : undefined,
    discapacidad: query.discapacidad ? query.discapacidad === '1' : undefined,
    tag: query.tag ? JSON.stringify([query.tag]) : undefined,
    adoptadoMes: query.adoptadoMes ? `${query.adoptadoMes}-01` : undefined,
    esterilizado: query.esterilizado || undefined,
    ubicacion: query.ubicacion || undefined,
  };
}

/** The pets the list's search and filters match (`GET /phpApi/mascotas`; the bulk actions' filter too). */
export function petListWhere(query: ListFilter, value: ValueOf = inline): SQL | undefined {
  const v = filterValues(query);
  return and(
    query.eliminadas === '1' ? isNotNull(pet.deletedAt) : isNull(pet.deletedAt),
    v.q === undefined ? undefined : sql`${pet.searchText} LIKE '%' || refugio_fold(${value('q', v.q)}) || '%'`,
    v.tipo === undefined ? undefined : eq(pet.tipo, value('tipo', v.tipo)),
    v.tamano === undefined ? undefined : eq(pet.tamano, value('tamano', v.tamano)),
    v.genero === undefined ? undefined : eq(pet.genero, value('genero', v.genero)),
    v.adoptado === undefined ? undefined : eq(pet.adoptado, value('adoptado', v.adoptado)),
    v.discapacidad === undefined ? undefined : eq(pet.discapacidad, value('discapacidad', v.discapacidad)),
    estadoCondition(query.estado),
    v.esterilizado === undefined ? undefined : eq(pet.esterilizado, value('esterilizado', v.esterilizado)),
    query.conMicrochip === undefined ? undefined : query.conMicrochip === '1' ? isNotNull(pet.microchip) : isNull(pet.microchip),
    v.ubicacion === undefined ? undefined : eq(pet.ubicacion, value('ubicacion', v.ubicacion)),
    v.tag === undefined ? undefined : sql`${pet.tags} @> ${value('tag', v.tag)}::jsonb`,
    // The dashboard's "Adoptadas este mes": the same month, in the same organisation time zone, as its figures.
    v.adoptadoMes === undefined
      ? undefined
      : sql`(${pet.adoptado} AND date_trunc('month', ${pet.adoptadoEn} AT TIME ZONE refugio_org_tz())::date = ${value('adoptadoMes', v.adoptadoMes)}::date)`,
  );
}

const sortColumns = {
  nombre: sortKey(pet.nombre),
  createdAt: pet.createdAt,
  updatedAt: pet.updatedAt,
  fechaingreso: pet.fechaIngreso,
  tipo: pet.tipo,
} as const;

/** What a list item shows (petListItemSchema): not the long texts, which only the detail needs. */
const listItemColumns = {
  id: pet.id,
  nombre: pet.nombre,
  edad: pet.edad,
  tipo: pet.tipo,
  genero: pet.genero,
  tamano: pet.tamano,
  adoptado: pet.adoptado,
  discapacidad: pet.discapacidad,
  tags: pet.tags,
  estadoEfectivo: effectiveEstado,
  publicarEn: pet.publicarEn,
  imagenPrincipal: pet.imagenPrincipal,
  version: pet.version,
  updatedAt: pet.updatedAt,
  deletedAt: pet.deletedAt,
  /**
   * Open adoption requests (nueva, en_revision) of the pet (the adoption_request_pet index). The outer pet's id is
   * written qualified: Drizzle leaves a single table's columns bare in the select list, where "id" would be the
   * request's own.
   */
  solicitudesAbiertas: sql<number>`(SELECT count(*)::int FROM ${adoptionRequest} WHERE ${adoptionRequest.petId} = ${sql.identifier(getTableName(pet))}.${sql.identifier(pet.id.name)} AND ${inArray(adoptionRequest.estado, [...ADOPTION_OPEN_STATES])})`,
};

/** The filters present, the sort and the order: what decides a statement's text (the values are its parameters). */
function shapeOf(query: ListPetsQuery): string {
  const present = Object.values(filterValues(query))
    .map((value) => (value === undefined ? '0' : '1'))
    .join('');
  return `${present}|${query.estado ?? ''}|${query.eliminadas ?? ''}|${query.conMicrochip ?? ''}|${query.sort}|${query.order}`;
}

/** Prepared statements kept per shape; a shape seldom used again is dropped first. */
const MAX_SHAPES = 128;
let statementCounter = 0;

export type PetListRow = Pick<
  typeof pet.$inferSelect,
  | 'id'
  | 'nombre'
  | 'edad'
  | 'tipo'
  | 'genero'
  | 'tamano'
  | 'adoptado'
  | 'discapacidad'
  | 'tags'
  | 'publicarEn'
  | 'imagenPrincipal'
  | 'version'
  | 'updatedAt'
  | 'deletedAt'
> & { estadoEfectivo: string; solicitudesAbiertas: number };

/**
 * One page of the pet list in one statement: the page's rows, each with its open adoption requests, and the
 * capped count of matches as an uncorrelated subquery (computed once, repeated on every row). The statement is
 * prepared once per shape (filters present, sort, order), so a page costs neither Drizzle's query building nor,
 * on PostgreSQL, the server's parsing and planning of a new text. A page past the last one has no row to carry
 * the count: then a plain count is run.
 */
export function createPetListReader(db: Database) {
  const statements = new Map<string, { execute: (values: Record<string, unknown>) => Promise<unknown[]> }>();

  function statementFor(query: ListPetsQuery) {
    const shape = shapeOf(query);
    const held = statements.get(shape);
    if (held) {
      // Most recently used last.
      statements.delete(shape);
      statements.set(shape, held);
      return held;
    }
    const where = petListWhere(query, (name) => sql.placeholder(name));
    const direction = query.order === 'asc' ? asc : desc;
    const sortColumn = sortColumns[query.sort];
    const orderBy = query.sort === 'fechaingreso' ? sql`${sortColumn} ${sql.raw(query.order)} NULLS LAST` : direction(sortColumn);
    // Counting stops one past the cap: enough to say "more than", without visiting every match.
    const total = sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM ${pet} WHERE ${where} LIMIT ${PETS_TOTAL_CAP + 1}) AS matches)`;
    const statement = db
      .select({ ...listItemColumns, total })
      .from(pet)
      .where(where)
      .orderBy(orderBy, direction(pet.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`pet_list_${++statementCounter}`);
    statements.set(shape, statement);
    if (statements.size > MAX_SHAPES) statements.delete(statements.keys().next().value!);
    return statement;
  }

  /** The parameters of a page: its filters' values (the same names `petListWhere` gives its placeholders), limit and offset. */
  function valuesOf(query: ListPetsQuery): Record<string, unknown> {
    const values: Record<string, unknown> = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
    for (const [name, value] of Object.entries(filterValues(query))) if (value !== undefined) values[name] = value;
    return values;
  }

  return {
    async list(query: ListPetsQuery): Promise<{ rows: PetListRow[]; total: number; totalExact: boolean }> {
      const found = (await statementFor(query).execute(valuesOf(query))) as (PetListRow & { total: number })[];
      let n = found[0]?.total;
      if (n === undefined) {
        n =
          query.page === 1
            ? 0
            : ((
                await db.select({ n: count() }).from(
                  db
                    .select({ one: sql`1` })
                    .from(pet)
                    .where(petListWhere(query))
                    .limit(PETS_TOTAL_CAP + 1)
                    .as('matches'),
                )
              )[0]?.n ?? 0);
      }
      return { rows: found, total: Math.min(n, PETS_TOTAL_CAP), totalExact: n <= PETS_TOTAL_CAP };
    },
  };
}
