import { USER_SORT_FIELDS, type ListUsersQuery } from '@refugio/contracts';

export type UserSortField = ListUsersQuery['sort'];
export type SortOrder = ListUsersQuery['order'];

/** What the list shows, as kept in the address (`?q=&sort=&order=`) so it survives reloads and can be shared. */
export interface UsersListParams {
  /** As typed (the server trims it); empty for no search. */
  q: string;
  sort: UserSortField;
  order: SortOrder;
}

export const defaultUsersListParams: UsersListParams = { q: '', sort: 'name', order: 'asc' };

function isSortField(value: string | null): value is UserSortField {
  return (USER_SORT_FIELDS as readonly (string | null)[]).includes(value);
}

/** Reads the list state from the address; unknown values fall back to the defaults. */
export function readUsersListParams(searchParams: URLSearchParams): UsersListParams {
  const sort = searchParams.get('sort');
  const order = searchParams.get('order');
  return {
    q: searchParams.get('q') ?? '',
    sort: isSortField(sort) ? sort : defaultUsersListParams.sort,
    order: order === 'asc' || order === 'desc' ? order : defaultUsersListParams.order,
  };
}

/**
 * The address for a new list state: other parameters are kept, and defaults are left out so the
 * plain /lista stays plain.
 */
export function writeUsersListParams(current: URLSearchParams, changes: Partial<UsersListParams>): URLSearchParams {
  const next = new URLSearchParams(current);
  const state = { ...readUsersListParams(current), ...changes };
  const entries: [keyof UsersListParams, string][] = [
    ['q', state.q.trim() === '' ? '' : state.q],
    ['sort', state.sort === defaultUsersListParams.sort ? '' : state.sort],
    ['order', state.order === defaultUsersListParams.order ? '' : state.order],
  ];
  for (const [key, value] of entries) {
    if (value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** A click on a column header: the same column flips its order; another column starts ascending. */
export function toggleSort(current: Pick<UsersListParams, 'sort' | 'order'>, field: UserSortField): Pick<UsersListParams, 'sort' | 'order'> {
  if (current.sort !== field) return { sort: field, order: 'asc' };
  return { sort: field, order: current.order === 'asc' ? 'desc' : 'asc' };
}

/** One value for "column and order", for a single sort menu on small screens (e.g. `createdAt:desc`). */
export type SortValue = `${UserSortField}:${SortOrder}`;

export function toSortValue({ sort, order }: Pick<UsersListParams, 'sort' | 'order'>): SortValue {
  return `${sort}:${order}`;
}

export function fromSortValue(value: string): Pick<UsersListParams, 'sort' | 'order'> {
  const [sort = null, order = null] = value.split(':');
  return {
    sort: isSortField(sort) ? sort : defaultUsersListParams.sort,
    order: order === 'asc' || order === 'desc' ? order : defaultUsersListParams.order,
  };
}
