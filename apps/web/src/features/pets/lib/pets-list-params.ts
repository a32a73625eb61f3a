import {
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
  sort: 'updatedAt',
  order: 'desc',
  page: 1,
  pageSize: PETS_PAGE_SIZE_DEFAULT,
};

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

/** The filters (everything that narrows the list); changing one goes back to page 1. */
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
  const resetsPage = (Object.keys(changes) as (keyof PetsListParams)[]).some((key) => key !== 'page' && changes[key] !== before[key]);
  if (resetsPage && changes.page === undefined) state.page = 1;

  const next = new URLSearchParams(current);
  for (const key of Object.keys(defaultPetsListParams) as (keyof PetsListParams)[]) {
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
  return filterKeys.some((key) => params[key].trim() !== '');
}

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
    sort: params.sort,
    order: params.order,
    page: String(params.page),
    pageSize: String(params.pageSize),
  };
}
