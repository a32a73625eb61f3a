import {
  CUSTOM_FIELD_FILTER_PREFIX,
  CUSTOM_FIELD_KEY_PATTERN,
  PETS_PAGE_SIZE_DEFAULT,
  PETS_PAGE_SIZE_MAX,
  PET_GENDERS,
  PET_SIZES,
  PET_SORT_FIELDS,
  PET_TYPES,
  PROCEDENCIAS,
  PROCEDENCIA_SIN_INDICAR,
  PUBLICATION_STATES,
  STERILISED_VALUES,
  type ListPetsQuery,
} from '@refugio/contracts';

export type PetSortField = ListPetsQuery['sort'];
export type SortOrder = ListPetsQuery['order'];
type Flag = '0' | '1';

/**
 * What the pet list shows, kept in the address (`?q=&tipo=&...&page=`) so it survives reloads, the back
 * button and can be shared. Empty text means "any".
 */
export interface PetsListParams {
  q: string;
  tipo: NonNullable<ListPetsQuery['tipo']> | '';
  tamano: NonNullable<ListPetsQuery['tamano']> | '';
  genero: NonNullable<ListPetsQuery['genero']> | '';
  adoptado: Flag | '';
  discapacidad: Flag | '';
  estado: NonNullable<ListPetsQuery['estado']> | '';
  tag: string;
  /** 'si' | 'no' | 'desconocido': sterilised or not (DESIGN 11). */
  esterilizado: NonNullable<ListPetsQuery['esterilizado']> | '';
  /** '1': only pets with a microchip; '0': only those without. */
  conMicrochip: Flag | '';
  /** Where it came from, or 'sin_indicar' for the pets whose origin staff still have to complete (DESIGN 16). */
  procedencia: NonNullable<ListPetsQuery['procedencia']> | '';
  /** 'YYYY-MM': only the pets adopted that month (the dashboard's "Adoptadas este mes"). */
  adoptadoMes: string;
  /** '1': only the deleted pets, to restore them. */
  eliminadas: '1' | '';
  /**
   * The organisation's own fields (DESIGN 21): `{ clave: valor }`, kept as `campo.<clave>=<valor>` and read by the
   * field's type on the server (a number as typed, «sí»/«no», one option).
   */
  campo: Readonly<Record<string, string>>;
  sort: PetSortField;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export const defaultPetsListParams: PetsListParams = {
  q: '',
  tipo: '',
  tamano: '',
  genero: '',
  adoptado: '',
  discapacidad: '',
  estado: '',
  tag: '',
  esterilizado: '',
  conMicrochip: '',
  procedencia: '',
  adoptadoMes: '',
  eliminadas: '',
  campo: {},
  sort: 'updatedAt',
  order: 'desc',
  page: 1,
  pageSize: PETS_PAGE_SIZE_DEFAULT,
};

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

/** How many own-field filters the address may carry (as many as the server takes). */
export const CUSTOM_FIELD_FILTERS_MAX = 10;

/** The filters kept as plain text (everything that narrows the list, besides `campo`); changing one goes back to page 1. */
export const filterKeys = [
  'q',
  'tipo',
  'tamano',
  'genero',
  'adoptado',
  'discapacidad',
  'estado',
  'tag',
  'esterilizado',
  'conMicrochip',
  'procedencia',
  'adoptadoMes',
  'eliminadas',
] as const;

function pick<T extends string>(options: readonly T[], value: string | null): T | '' {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : '';
}

function positiveInt(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

/** The address's `campo.<clave>=<valor>` pairs (well-formed keys, non-empty values, at most the server's limit). */
function readCustomFieldFilters(searchParams: URLSearchParams): Record<string, string> {
  const campo: Record<string, string> = {};
  for (const [key, value] of searchParams) {
    if (!key.startsWith(CUSTOM_FIELD_FILTER_PREFIX) || value.trim() === '') continue;
    const clave = key.slice(CUSTOM_FIELD_FILTER_PREFIX.length);
    if (!CUSTOM_FIELD_KEY_PATTERN.test(clave) || clave in campo) continue;
    if (Object.keys(campo).length >= CUSTOM_FIELD_FILTERS_MAX) break;
    campo[clave] = value;
  }
  return campo;
}

const sameFilters = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Reads the list state from the address; unknown values fall back to the defaults. */
export function readPetsListParams(searchParams: URLSearchParams): PetsListParams {
  const sort = pick(PET_SORT_FIELDS, searchParams.get('sort'));
  const order = pick(['asc', 'desc'] as const, searchParams.get('order'));
  return {
    q: searchParams.get('q') ?? '',
    tipo: pick(PET_TYPES, searchParams.get('tipo')),
    tamano: pick(PET_SIZES, searchParams.get('tamano')),
    genero: pick(PET_GENDERS, searchParams.get('genero')),
    adoptado: pick(['0', '1'] as const, searchParams.get('adoptado')),
    discapacidad: pick(['0', '1'] as const, searchParams.get('discapacidad')),
    estado: pick(PUBLICATION_STATES, searchParams.get('estado')),
    tag: searchParams.get('tag') ?? '',
    esterilizado: pick(STERILISED_VALUES, searchParams.get('esterilizado')),
    conMicrochip: pick(['0', '1'] as const, searchParams.get('conMicrochip')),
    procedencia: pick([...PROCEDENCIAS, PROCEDENCIA_SIN_INDICAR] as const, searchParams.get('procedencia')),
    adoptadoMes: /^\d{4}-(0[1-9]|1[0-2])$/.test(searchParams.get('adoptadoMes') ?? '') ? searchParams.get('adoptadoMes')! : '',
    eliminadas: pick(['1'] as const, searchParams.get('eliminadas')),
    campo: readCustomFieldFilters(searchParams),
    sort: sort || defaultPetsListParams.sort,
    order: order || defaultPetsListParams.order,
    page: positiveInt(searchParams.get('page'), 1, 100_000),
    pageSize: positiveInt(searchParams.get('pageSize'), PETS_PAGE_SIZE_DEFAULT, PETS_PAGE_SIZE_MAX),
  };
}

/**
 * The address for a new list state. Other parameters are kept; defaults are left out so the plain / stays
 * plain; a change of filter, order or page size goes back to page 1 unless the change names a page.
 */
export function writePetsListParams(current: URLSearchParams, changes: Partial<PetsListParams>): URLSearchParams {
  const before = readPetsListParams(current);
  const state: PetsListParams = { ...before, ...changes };
  const resetsPage = (Object.keys(changes) as (keyof PetsListParams)[]).some((key) =>
    key === 'campo' ? !sameFilters(state.campo, before.campo) : key !== 'page' && changes[key] !== before[key],
  );
  if (resetsPage && changes.page === undefined) state.page = 1;

  const next = new URLSearchParams(current);
  if (changes.campo !== undefined) {
    for (const key of [...next.keys()]) if (key.startsWith(CUSTOM_FIELD_FILTER_PREFIX)) next.delete(key);
    for (const [clave, value] of Object.entries(state.campo)) if (value.trim() !== '') next.set(`${CUSTOM_FIELD_FILTER_PREFIX}${clave}`, value);
  }
  for (const key of Object.keys(defaultPetsListParams) as (keyof PetsListParams)[]) {
    if (key === 'campo') continue;
    const value = state[key];
    const isDefault = typeof value === 'string' ? value.trim() === '' || value === defaultPetsListParams[key] : value === defaultPetsListParams[key];
    if (isDefault) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** Whether the address asks for the deleted pets (`?eliminadas=1`). */
export function showsDeleted(params: Pick<PetsListParams, 'eliminadas'>): boolean {
  return params.eliminadas === '1';
}

/** The address change that shows the deleted pets, or the others. */
export function showDeleted(show: boolean): Pick<PetsListParams, 'eliminadas'> {
  return { eliminadas: show ? '1' : '' };
}

/** True when any filter narrows the list (for the empty state's wording). */
export function hasActiveFilters(params: PetsListParams): boolean {
  return filterKeys.some((key) => params[key].trim() !== '') || Object.keys(params.campo).length > 0;
}

/** The list without any filter (the order and the page size stay). */
export const clearedFilters: Partial<PetsListParams> = {
  ...Object.fromEntries(filterKeys.map((key) => [key, defaultPetsListParams[key]])),
  campo: {},
};

/** The query string of `GET /phpApi/mascotas`: only what is set. */
export function toListPetsQuery(params: PetsListParams): Record<string, string | undefined> {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    q: text(params.q),
    tipo: text(params.tipo),
    tamano: text(params.tamano),
    genero: text(params.genero),
    adoptado: text(params.adoptado),
    discapacidad: text(params.discapacidad),
    estado: text(params.estado),
    tag: text(params.tag),
    esterilizado: text(params.esterilizado),
    conMicrochip: text(params.conMicrochip),
    procedencia: text(params.procedencia),
    adoptadoMes: text(params.adoptadoMes),
    eliminadas: text(params.eliminadas),
    ...Object.fromEntries(Object.entries(params.campo).map(([clave, value]) => [`${CUSTOM_FIELD_FILTER_PREFIX}${clave}`, text(value)])),
    sort: params.sort,
    order: params.order,
    page: String(params.page),
    pageSize: String(params.pageSize),
  };
}
