import { describe, expect, it } from 'vitest';
import { getFullName, isCurrentUser } from './user-display';

describe('getFullName', () => {
  it('joins name and lastname', () => {
    expect(getFullName({ name: 'Ana', lastname: 'Pérez', mail: 'ana@refugio.org' })).toBe('Ana Pérez');
    expect(getFullName({ name: 'Ana', lastname: '', mail: 'ana@refugio.org' })).toBe('Ana');
  });

  it('uses the e-mail when there is no name', () => {
    expect(getFullName({ name: ' ', lastname: '', mail: 'ana@refugio.org' })).toBe('ana@refugio.org');
  });
});

describe('isCurrentUser', () => {
  it('compares the session e-mail with mail, ignoring case', () => {
    expect(isCurrentUser({ mail: 'ana@refugio.org' }, 'Ana@Refugio.org')).toBe(true);
    expect(isCurrentUser({ mail: 'ana@refugio.org' }, 'elena@refugio.org')).toBe(false);
  });

  it('matches nobody without a session e-mail', () => {
    expect(isCurrentUser({ mail: '' }, '')).toBe(false);
  });
});
