import {
  ADOPTION_OPEN_STATES,
  type ListPetsQuery,
  PET_MEDIA_PATH,
  PETS_TOTAL_CAP,
  PROCEDENCIA_SIN_INDICAR,
  type PetListItem,
  petThumbnailUrl,
} from '@refugio/contracts';
import { type SQL, type SQLWrapper, and, asc, count, desc, eq, getTableName, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
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

/**
 * The list's filters; `camposFiltro`, the organisation's own fields asked (`campo.<clave>=<valor>`) as the JSON object
 * a pet's `campos` must contain, each value typed by its definition (the service builds it).
 */
export type ListFilter = Omit<ListPetsQuery, 'sort' | 'order' | 'page' | 'pageSize'> & { camposFiltro?: string | undefined };
/** A page of the list: its filters, sort, order and page. */
export type ListPetsPage = ListPetsQuery & { camposFiltro?: string | undefined };

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
    procedencia: query.procedencia && query.procedencia !== PROCEDENCIA_SIN_INDICAR ? query.procedencia : undefined,
    camposFiltro: query.camposFiltro,
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
    query.procedencia === undefined
      ? undefined
      : v.procedencia === undefined
        ? isNull(pet.procedencia)
        : eq(pet.procedencia, value('procedencia', v.procedencia)),
    v.ubicacion === undefined ? undefined : eq(pet.ubicacion, value('ubicacion', v.ubicacion)),
    v.tag === undefined ? undefined : sql`${pet.tags} @> ${value('tag', v.tag)}::jsonb`,
    // By the GIN index on `campos` (migration 0053).
    v.camposFiltro === undefined ? undefined : sql`${pet.campos} @> ${value('camposFiltro', v.camposFiltro)}::jsonb`,
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

/**
 * The open adoption requests (nueva, en_revision) of the listed pet, by the adoption_request_pet index. The pet's id
 * is written qualified, where "id" alone would be the request's own.
 */
const openRequests = sql<number>`(SELECT count(*)::int FROM ${adoptionRequest}
  WHERE ${adoptionRequest.petId} = ${sql.identifier(getTableName(pet))}.${sql.identifier(pet.id.name)} AND ${inArray(adoptionRequest.estado, [...ADOPTION_OPEN_STATES])})`;

/**
 * Where a page's JSON is written. `database`: by PostgreSQL itself (listItemJson), which spares the server decoding,
 * mapping and serialising some 300 fields a page. `server`: PGlite's rows mapped here (listItemOf), since PGlite's
 * PostgreSQL is WebAssembly running in the server's own thread, where writing the JSON costs more than V8 does
 * (its statement 1.4 ms a page against 0.9 ms: apps/server/bench/README.md, fifth round). The same answer either way:
 * pet-list-answer.test.ts holds both to the detail's answer.
 */
export type ListWriter = 'database' | 'server';
export const listWriterFor = (driver: 'pglite' | 'postgres'): ListWriter => (driver === 'postgres' ? 'database' : 'server');

/** What a list item shows, as rows (the `server` writer): not the long texts, which only the detail needs. */
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
  solicitudesAbiertas: openRequests,
  campos: pet.campos,
};
type ListRow = Pick<
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
  | 'campos'
> & { estadoEfectivo: string; solicitudesAbiertas: number };

/** A row as its list item (petListItemSchema), in the form and order of the detail's answer (toPetDto). */
function listItemOf(row: ListRow): PetListItem {
  const main = row.imagenPrincipal;
  return {
    id: row.id,
    nombre: row.nombre,
    edad: row.edad,
    tipo: row.tipo,
    genero: row.genero,
    tamano: row.tamano,
    adoptado: row.adoptado ? '1' : '0',
    discapacidad: row.discapacidad ? '1' : '0',
    tags: JSON.stringify(row.tags),
    estado: row.estadoEfectivo as PetListItem['estado'],
    publicarEn: row.publicarEn?.toISOString() ?? null,
    thumbnailUrl: main ? petThumbnailUrl(row.id, main) : null,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    solicitudesAbiertas: row.solicitudesAbiertas,
    campos: row.campos,
  };
}

/** A timestamp as JavaScript's `toISOString` writes it (milliseconds, UTC, "Z"). */
function isoText(column: SQLWrapper): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The characters `encodeURIComponent` leaves as they are: a name of only these enters a URL unchanged. */
const URI_UNRESERVED = `^[A-Za-z0-9_.!~*'()-]*$`;

/**
 * One list item as JSON text (the `database` writer), what listItemOf makes of a row: "1"/"0" flags, the tags as
 * compact JSON text, ISO dates, the thumbnail's URL (petThumbnailUrl, with refugio_uri_component, migration 0022,
 * for a name `encodeURIComponent` would change). pet-list-answer.test.ts holds every field equal to the detail's,
 * odd names, tags and microseconds included.
 */
const listItemJson = sql<string>`(SELECT row_to_json(item)::text FROM (SELECT
    ${pet.id} AS "id",
    ${pet.nombre} AS "nombre",
    ${pet.edad} AS "edad",
    ${pet.tipo} AS "tipo",
    ${pet.genero} AS "genero",
    ${pet.tamano} AS "tamano",
    CASE WHEN ${pet.adoptado} THEN '1' ELSE '0' END AS "adoptado",
    CASE WHEN ${pet.discapacidad} THEN '1' ELSE '0' END AS "discapacidad",
    CASE WHEN jsonb_array_length(${pet.tags}) = 0 THEN '[]'
      ELSE (SELECT '[' || string_agg(to_json(tag.value)::text, ',' ORDER BY tag.n) || ']'
              FROM jsonb_array_elements_text(${pet.tags}) WITH ORDINALITY AS tag (value, n)) END AS "tags",
    ${effectiveEstado} AS "estado",
    ${isoText(pet.publicarEn)} AS "publicarEn",
    CASE WHEN ${pet.imagenPrincipal} IS NULL THEN NULL
      ELSE ${PET_MEDIA_PATH + '/'} || ${pet.id} || '/thumbs/'
        || CASE WHEN ${pet.imagenPrincipal} ~ ${URI_UNRESERVED} THEN ${pet.imagenPrincipal}
                ELSE refugio_uri_component(${pet.imagenPrincipal}) END
        || '.webp' END AS "thumbnailUrl",
    ${pet.version} AS "version",
    ${isoText(pet.updatedAt)} AS "updatedAt",
    ${isoText(pet.deletedAt)} AS "deletedAt",
    ${openRequests} AS "solicitudesAbiertas",
    ${pet.campos} AS "campos"
  ) AS item)`;

/** The filters present, the sort and the order: what decides a statement's text (the values are its parameters). */
function shapeOf(query: ListPetsPage): string {
  const present = Object.values(filterValues(query))
    .map((value) => (value === undefined ? '0' : '1'))
    .join('');
  return `${present}|${query.estado ?? ''}|${query.eliminadas ?? ''}|${query.conMicrochip ?? ''}|${query.procedencia ?? ''}|${query.sort}|${query.order}`;
}

/** Prepared statements kept per shape; a shape seldom used again is dropped first. */
const MAX_SHAPES = 128;
let statementCounter = 0;

/**
 * One page of the pet list in one statement: the page's pets as chosen by the filters, the sort and the offset,
 * with the capped count of matches as an uncorrelated subquery (computed once), and then their items (with their open
 * adoption requests) written where `writer` says. The `database` writer answers one row, the items joined in the
 * page's order into the text of the answer's array; the `server` writer answers the page's rows. The statement is prepared once per
 * shape (filters present, sort, order), so a page costs neither Drizzle's query building nor, on PostgreSQL, the
 * server's parsing and planning of a new text. A page past the last one has no pet to carry the count: then a
 * plain count is run.
 */
export function createPetListReader(db: Database, writer: ListWriter) {
  type Page = { items: string; total: number | undefined };
  const statements = new Map<string, (values: Record<string, unknown>) => Promise<Page>>();

  function statementFor(query: ListPetsPage) {
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
    // A search is planned for its own words on every request (an unnamed statement): a prepared statement's generic
    // plan cannot know whether a word is rare or in every seventh pet, and the plan that suits one costs 10 to 50 ms
    // on the other (apps/server/bench/README.md, fifth round). Browsing keeps its plan.
    const name = query.q ? '' : `pet_list_${++statementCounter}`;
    // The page's ids first, and only then their items: a page deep in the list neither writes the items of the rows it
    // skips nor counts their open requests. The items follow in the page's order, the same ORDER BY over the same rows
    // (a window numbering the rows instead would make PostgreSQL sort every match where a bounded sort keeps 20).
    const page = db
      .select({ id: pet.id, total: total.as('total') })
      .from(pet)
      .where(where)
      .orderBy(orderBy, direction(pet.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    let statement: (values: Record<string, unknown>) => Promise<Page>;
    if (writer === 'database') {
      const prepared = db
        .select({
          items: sql<string | null>`string_agg(${listItemJson}, ',' ORDER BY ${orderBy}, ${direction(pet.id)})`,
          total: sql<number | null>`max(${page.total})`,
        })
        .from(page)
        .innerJoin(pet, eq(pet.id, page.id))
        .prepare(name);
      statement = async (values) => {
        const [found] = await prepared.execute(values);
        return { items: found?.items ?? '', total: found?.total ?? undefined };
      };
    } else {
      const prepared = db
        .select({ ...listItemColumns, total: page.total })
        .from(page)
        .innerJoin(pet, eq(pet.id, page.id))
        .orderBy(orderBy, direction(pet.id))
        .prepare(name);
      statement = async (values) => {
        const rows = await prepared.execute(values);
        return { items: rows.map((row) => JSON.stringify(listItemOf(row))).join(','), total: rows[0]?.total };
      };
    }
    statements.set(shape, statement);
    if (statements.size > MAX_SHAPES) statements.delete(statements.keys().next().value!);
    return statement;
  }

  /** The parameters of a page: its filters' values (the same names `petListWhere` gives its placeholders), limit and offset. */
  function valuesOf(query: ListPetsPage): Record<string, unknown> {
    const values: Record<string, unknown> = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
    for (const [name, value] of Object.entries(filterValues(query))) if (value !== undefined) values[name] = value;
    return values;
  }

  return {
    /** The page's items, each as its JSON text, and the count of matches. */
    async list(query: ListPetsPage): Promise<{ items: string; total: number; totalExact: boolean }> {
      const found = await statementFor(query)(valuesOf(query));
      let n = found.total;
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
      return { items: found.items, total: Math.min(n, PETS_TOTAL_CAP), totalExact: n <= PETS_TOTAL_CAP };
    },
  };
}
