import { describe, expect, it } from 'vitest';
import { defaultUsersListParams, fromSortValue, readUsersListParams, toSortValue, toggleSort, writeUsersListParams } from './users-list-params';

describe('readUsersListParams', () => {
  it('reads the search, column and order from the address', () => {
    expect(readUsersListParams(new URLSearchParams('q=José&sort=createdAt&order=desc'))).toEqual({
      q: 'José',
      sort: 'createdAt',
      order: 'desc',
    });
  });

  it('falls back to the defaults for missing or unknown values', () => {
    expect(readUsersListParams(new URLSearchParams(''))).toEqual(defaultUsersListParams);
    expect(readUsersListParams(new URLSearchParams('sort=password&order=sideways'))).toEqual(defaultUsersListParams);
  });
});

describe('writeUsersListParams', () => {
  it('writes the changes and keeps the rest', () => {
    const next = writeUsersListParams(new URLSearchParams('sort=mail&order=desc'), { q: 'ana' });
    expect(next.toString()).toBe('sort=mail&order=desc&q=ana');
  });

  it('leaves defaults and an empty search out of the address', () => {
    const next = writeUsersListParams(new URLSearchParams('q=ana&sort=mail&order=desc'), {
      q: '  ',
      sort: 'name',
      order: 'asc',
    });
    expect(next.toString()).toBe('');
  });

  it('keeps the search as typed, so a space between two words is not lost while typing', () => {
    expect(writeUsersListParams(new URLSearchParams(), { q: 'ana ' }).get('q')).toBe('ana ');
  });

  it('keeps parameters that are not its own', () => {
    expect(writeUsersListParams(new URLSearchParams('vista=tabla'), { sort: 'rol' }).toString()).toBe('vista=tabla&sort=rol');
  });

  it('round-trips through readUsersListParams', () => {
    const state = { q: 'pérez', sort: 'createdAt', order: 'desc' } as const;
    expect(readUsersListParams(writeUsersListParams(new URLSearchParams(), state))).toEqual(state);
  });
});

describe('toggleSort', () => {
  it('flips the order of the current column', () => {
    expect(toggleSort({ sort: 'name', order: 'asc' }, 'name')).toEqual({ sort: 'name', order: 'desc' });
    expect(toggleSort({ sort: 'name', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
  });

  it('starts another column ascending', () => {
    expect(toggleSort({ sort: 'name', order: 'desc' }, 'mail')).toEqual({ sort: 'mail', order: 'asc' });
  });
});

describe('toSortValue and fromSortValue', () => {
  it('round-trip a column and its order', () => {
    expect(toSortValue({ sort: 'createdAt', order: 'desc' })).toBe('createdAt:desc');
    expect(fromSortValue('createdAt:desc')).toEqual({ sort: 'createdAt', order: 'desc' });
  });

  it('fall back to the defaults for anything else', () => {
    expect(fromSortValue('password:up')).toEqual({ sort: 'name', order: 'asc' });
    expect(fromSortValue('')).toEqual({ sort: 'name', order: 'asc' });
  });
});
