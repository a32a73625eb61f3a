import { describe, expect, it } from 'vitest';
import { getLoginPath, getSafeRedirectPath } from './get-safe-redirect-path';

describe('getSafeRedirectPath', () => {
  it('keeps same-site paths, with their query and hash', () => {
    expect(getSafeRedirectPath('/paquetes')).toBe('/paquetes');
    expect(getSafeRedirectPath('/formulario/3?tab=notas#historial')).toBe('/formulario/3?tab=notas#historial');
  });

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['an absolute URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['a relative path', 'paquetes'],
    ['a control character', '/\t/evil.example'],
    ['the login page itself', '/login?redirect=%2F'],
  ])('falls back to / for %s', (_label, raw) => {
    expect(getSafeRedirectPath(raw)).toBe('/');
  });
});

describe('getLoginPath', () => {
  it('remembers where the person was going', () => {
    expect(getLoginPath('/formulario/3?tab=notas')).toBe('/login?redirect=%2Fformulario%2F3%3Ftab%3Dnotas');
  });

  it('keeps /login plain when the destination is the home page', () => {
    expect(getLoginPath('/')).toBe('/login');
  });

  it('round-trips through getSafeRedirectPath', () => {
    const loginPath = getLoginPath('/mascota/5?ver=fotos');
    const redirect = new URL(loginPath, 'http://localhost').searchParams.get('redirect');
    expect(getSafeRedirectPath(redirect)).toBe('/mascota/5?ver=fotos');
  });
});
