import { describe, expect, it } from 'vitest';
import { isNavEntryActive, isSubmenuOpen } from './is-submenu-open';

describe('isSubmenuOpen', () => {
  it('is open when the path starts with one of the active sub-paths', () => {
    expect(isSubmenuOpen('/blocks/styles', ['/blocks/'])).toBe(true);
    expect(isSubmenuOpen('/paquetes', ['/dashboard', '/paquetes'])).toBe(true);
    expect(isSubmenuOpen('/mascota/12', ['/mascota/'])).toBe(true);
  });

  it('is closed when no sub-path is a prefix of the path', () => {
    expect(isSubmenuOpen('/', ['/blocks/'])).toBe(false);
    expect(isSubmenuOpen('/lista', ['/dashboard', '/paquetes'])).toBe(false);
    // A sub-path that is longer than the current path cannot be its prefix.
    expect(isSubmenuOpen('/blocks', ['/blocks/'])).toBe(false);
  });

  it('is closed with no sub-paths, and ignores empty ones', () => {
    expect(isSubmenuOpen('/paquetes', [])).toBe(false);
    expect(isSubmenuOpen('/paquetes', [''])).toBe(false);
  });
});

describe('isNavEntryActive', () => {
  const mascotas = { to: '/', activeSubPaths: ['/agregar', '/mascota/', '/editar/'] };
  const formularios = { to: '/formularios', activeSubPaths: ['/formulario/'] };

  it('matches the entry page itself', () => {
    expect(isNavEntryActive('/', mascotas)).toBe(true);
    expect(isNavEntryActive('/formularios', formularios)).toBe(true);
  });

  it('matches the pages that belong to the entry', () => {
    expect(isNavEntryActive('/editar/7', mascotas)).toBe(true);
    expect(isNavEntryActive('/formulario/3', formularios)).toBe(true);
  });

  it('does not let "/" match every page', () => {
    expect(isNavEntryActive('/formularios', mascotas)).toBe(false);
    expect(isNavEntryActive('/borradores', { to: '/' })).toBe(false);
  });
});
