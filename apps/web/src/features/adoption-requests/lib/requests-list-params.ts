import {
  ADOPTION_PAGE_SIZE_DEFAULT,
  ADOPTION_PAGE_SIZE_MAX,
  ADOPTION_SORT_FIELDS,
  ADOPTION_STATES,
  type AdoptionState,
  type ListAdoptionRequestsQuery,
} from '@refugio/contracts';

export type RequestSortField = ListAdoptionRequestsQuery['sort'];

/** What the request list shows, kept in the address so it survives reloads and can be shared. '' means "any". */
export interface RequestsListParams {
  q: string;
  estado: AdoptionState | '';
  mascotaId: string;
  sort: RequestSortField;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const defaultRequestsListParams: RequestsListParams = {
  q: '',
  estado: '',
  mascotaId: '',
  sort: 'createdAt',
  order: 'desc',
  page: 1,
  pageSize: ADOPTION_PAGE_SIZE_DEFAULT,
};

export const REQUEST_PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

function pick<T extends string>(options: readonly T[], value: string | null): T | '' {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : '';
}

function positiveInt(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

export function readRequestsListParams(searchParams: URLSearchParams): RequestsListParams {
  const mascotaId = searchParams.get('mascotaId') ?? '';
  return {
    q: searchParams.get('q') ?? '',
    estado: pick(ADOPTION_STATES, searchParams.get('estado')),
    mascotaId: /^\d{1,9}$/.test(mascotaId) && Number(mascotaId) > 0 ? mascotaId : '',
    sort: pick(ADOPTION_SORT_FIELDS, searchParams.get('sort')) || defaultRequestsListParams.sort,
    order: pick(['asc', 'desc'] as const, searchParams.get('order')) || defaultRequestsListParams.order,
    page: positiveInt(searchParams.get('page'), 1, 100_000),
    pageSize: positiveInt(searchParams.get('pageSize'), ADOPTION_PAGE_SIZE_DEFAULT, ADOPTION_PAGE_SIZE_MAX),
  };
}

/** The address for a new list state; defaults are left out; any change but the page goes back to page 1. */
export function writeRequestsListParams(current: URLSearchParams, changes: Partial<RequestsListParams>): URLSearchParams {
  const before = readRequestsListParams(current);
  const state: RequestsListParams = { ...before, ...changes };
  const resetsPage = (Object.keys(changes) as (keyof RequestsListParams)[]).some((key) => key !== 'page' && changes[key] !== before[key]);
  if (resetsPage && changes.page === undefined) state.page = 1;
  const next = new URLSearchParams(current);
  for (const key of Object.keys(defaultRequestsListParams) as (keyof RequestsListParams)[]) {
    const value = state[key];
    const isDefault =
      typeof value === 'string' ? value.trim() === '' || value === defaultRequestsListParams[key] : value === defaultRequestsListParams[key];
    if (isDefault) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** The filters of the list and of its exports (.csv, .xlsx): only what is set. */
export function toRequestFilters(params: RequestsListParams): Record<string, string | undefined> {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return { estado: text(params.estado), mascotaId: text(params.mascotaId), q: text(params.q) };
}

export function toListRequestsQuery(params: RequestsListParams): Record<string, string | undefined> {
  return { ...toRequestFilters(params), sort: params.sort, order: params.order, page: String(params.page), pageSize: String(params.pageSize) };
}
