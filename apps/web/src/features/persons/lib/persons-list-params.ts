import { PERSON_ROLES, type PersonRole } from '@refugio/contracts';

/** What the person list shows, kept in the address so it survives reloads and can be shared. '' means "any". */
export interface PersonsListParams {
  q: string;
  rol: PersonRole | '';
  duplicados: boolean;
  page: number;
  pageSize: number;
}

export const PERSON_PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

export const defaultPersonsListParams: PersonsListParams = { q: '', rol: '', duplicados: false, page: 1, pageSize: 20 };

function positiveInt(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

export function readPersonsListParams(searchParams: URLSearchParams): PersonsListParams {
  const rol = searchParams.get('rol');
  return {
    q: searchParams.get('q') ?? '',
    rol: rol !== null && (PERSON_ROLES as readonly string[]).includes(rol) ? (rol as PersonRole) : '',
    // 'true' as the server takes it (Pendientes links so); '1' from addresses saved before.
    duplicados: ['true', '1'].includes(searchParams.get('duplicados') ?? ''),
    page: positiveInt(searchParams.get('page'), 1, 100_000),
    pageSize: positiveInt(searchParams.get('pageSize'), defaultPersonsListParams.pageSize, 100),
  };
}

/** The address for a new list state; defaults are left out; any change but the page goes back to page 1. */
export function writePersonsListParams(current: URLSearchParams, changes: Partial<PersonsListParams>): URLSearchParams {
  const before = readPersonsListParams(current);
  const state: PersonsListParams = { ...before, ...changes };
  const resetsPage = (Object.keys(changes) as (keyof PersonsListParams)[]).some((key) => key !== 'page' && changes[key] !== before[key]);
  if (resetsPage && changes.page === undefined) state.page = 1;
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  set('q', state.q.trim() === '' ? null : state.q);
  set('rol', state.rol === '' ? null : state.rol);
  set('duplicados', state.duplicados ? 'true' : null);
  set('page', state.page === 1 ? null : String(state.page));
  set('pageSize', state.pageSize === defaultPersonsListParams.pageSize ? null : String(state.pageSize));
  return next;
}

/** `GET /api/personas`'s query: only what is set. */
export function toListPersonsQuery(params: PersonsListParams): Record<string, string | undefined> {
  return {
    q: params.q.trim() === '' ? undefined : params.q.trim(),
    rol: params.rol === '' ? undefined : params.rol,
    duplicados: params.duplicados ? 'true' : undefined,
    page: String(params.page),
    pageSize: String(params.pageSize),
  };
}
