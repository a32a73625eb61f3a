import { describe, expect, it } from 'vitest';
import { parseSession } from './session';

describe('parseSession', () => {
  it('reads the signed-in user', () => {
    const session = parseSession({
      session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
      user: {
        id: 'u1',
        email: 'ana@refugio.org',
        name: 'Ana',
        lastname: 'Pérez',
        role: 'Administrador',
        permisos: 'equipo-web',
        color: '#3B82F6',
        mustChangePassword: true,
        twoFactorEnabled: true,
        createdAt: '2025-01-01',
      },
    });
    expect(session).toEqual({
      user: {
        id: 'u1',
        email: 'ana@refugio.org',
        name: 'Ana',
        lastname: 'Pérez',
        role: 'Administrador',
        permisos: 'equipo-web',
        color: '#3B82F6',
        mustChangePassword: true,
        twoFactorEnabled: true,
        twoFactorRequired: false,
      },
    });
  });

  it('fills missing optional fields with empty text', () => {
    expect(parseSession({ user: { id: 'u1', email: 'ana@refugio.org' } })?.user).toMatchObject({
      name: '',
      lastname: '',
      color: '',
      mustChangePassword: false,
      twoFactorEnabled: false,
    });
  });

  it.each([
    ['null (signed out)', null],
    ['an empty object', {}],
    ['a user without id', { user: { email: 'ana@refugio.org' } }],
    ['a non-object user', { user: 'ana' }],
    ['text', 'null'],
  ])('counts %s as signed out', (_label, data) => {
    expect(parseSession(data)).toBeNull();
  });
});
