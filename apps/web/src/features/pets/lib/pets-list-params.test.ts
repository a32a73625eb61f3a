import { describe, expect, it } from 'vitest';
import {
  clearedFilters,
  defaultPetsListParams,
  hasActiveFilters,
  readPetsListParams,
  showDeleted,
  showsDeleted,
  toListPetsQuery,
  writePetsListParams,
} from './pets-list-params';

const read = (search: string) => readPetsListParams(new URLSearchParams(search));

describe('readPetsListParams', () => {
  it('gives the defaults for a plain address', () => {
    expect(read('')).toEqual(defaultPetsListParams);
  });

  it('reads every filter, the order and the page', () => {
    expect(
      read(
        'q=luna&tipo=Gato&tamano=chico&genero=hembra&adoptado=1&discapacidad=0&estado=borrador&tag=dócil&esterilizado=si&conMicrochip=1&procedencia=sin_indicar&adoptadoMes=2026-11&eliminadas=1&sort=nombre&order=asc&page=3&pageSize=50',
      ),
    ).toEqual({
      q: 'luna',
      tipo: 'Gato',
      tamano: 'chico',
      genero: 'hembra',
      adoptado: '1',
      discapacidad: '0',
      estado: 'borrador',
      tag: 'dócil',
      esterilizado: 'si',
      conMicrochip: '1',
      procedencia: 'sin_indicar',
      adoptadoMes: '2026-11',
      eliminadas: '1',
      campo: {},
      sort: 'nombre',
      order: 'asc',
      page: 3,
      pageSize: 50,
    });
  });

  it('ignores values the server would refuse', () => {
    expect(
      read(
        'tipo=Loro&adoptado=si&estado=x&esterilizado=quizas&conMicrochip=2&procedencia=perrera&adoptadoMes=2026-13&eliminadas=0&sort=edad&order=up&page=0&pageSize=1000',
      ),
    ).toEqual(defaultPetsListParams);
    expect(read('page=-2').page).toBe(1);
    expect(read('page=2.5').page).toBe(1);
  });
});

describe('writePetsListParams', () => {
  it('leaves defaults out of the address', () => {
    expect(writePetsListParams(new URLSearchParams(), { tipo: 'Perro' }).toString()).toBe('tipo=Perro');
    expect(writePetsListParams(new URLSearchParams('tipo=Perro'), { tipo: '' }).toString()).toBe('');
    expect(writePetsListParams(new URLSearchParams(), { sort: 'updatedAt', order: 'desc', q: '  ' }).toString()).toBe('');
  });

  it('goes back to page 1 when a filter or the order changes, but not when only the page changes', () => {
    const onPage3 = new URLSearchParams('tipo=Gato&page=3');
    expect(writePetsListParams(onPage3, { genero: 'macho' }).get('page')).toBeNull();
    expect(writePetsListParams(onPage3, { sort: 'nombre' }).get('page')).toBeNull();
    expect(writePetsListParams(onPage3, { page: 4 }).get('page')).toBe('4');
    expect(writePetsListParams(onPage3, { tipo: 'Gato' }).get('page')).toBe('3');
  });

  it('keeps parameters it does not own', () => {
    expect(writePetsListParams(new URLSearchParams('otro=1'), { q: 'toby' }).toString()).toBe('otro=1&q=toby');
  });

  it('round-trips through the address', () => {
    const state = { ...defaultPetsListParams, q: 'mía', estado: 'programada' as const, page: 2, order: 'asc' as const };
    expect(readPetsListParams(writePetsListParams(new URLSearchParams(), state))).toEqual(state);
  });
});

describe('toListPetsQuery', () => {
  it('sends only what is set, trimmed', () => {
    expect(toListPetsQuery({ ...defaultPetsListParams, q: ' luna ', tag: '' })).toEqual({
      q: 'luna',
      tipo: undefined,
      tamano: undefined,
      genero: undefined,
      adoptado: undefined,
      discapacidad: undefined,
      estado: undefined,
      tag: undefined,
      adoptadoMes: undefined,
      eliminadas: undefined,
      sort: 'updatedAt',
      order: 'desc',
      page: '1',
      pageSize: '20',
    });
  });
});

describe('the own-field filters (campo.<clave>=<valor>)', () => {
  it('reads every well-formed key with a value, and nothing else', () => {
    expect(read('campo.test_leishmania=Positivo&campo.peso=12,5&campo.vacio=&campo.Mal=1&campo.=x').campo).toEqual({
      test_leishmania: 'Positivo',
      peso: '12,5',
    });
  });

  it('writes them next to the other filters, replaces them as a whole, and a change goes back to page 1', () => {
    const onPage2 = new URLSearchParams('tipo=Perro&campo.peso=3&page=2');
    const next = writePetsListParams(onPage2, { campo: { test_leishmania: 'Positivo' } });
    expect(next.toString()).toBe('tipo=Perro&campo.test_leishmania=Positivo');
    expect(writePetsListParams(next, { campo: {} }).toString()).toBe('tipo=Perro');
    // Other changes keep them (and the page when nothing narrows differently).
    expect(writePetsListParams(onPage2, { page: 3 }).toString()).toBe('tipo=Perro&campo.peso=3&page=3');
    expect(writePetsListParams(onPage2, { campo: { peso: '3' } }).get('page')).toBe('2');
  });

  it('go to the list request as campo.<clave>, count as filters and are cleared with them', () => {
    const params = read('campo.test_leishmania=Positivo');
    expect(toListPetsQuery(params)['campo.test_leishmania']).toBe('Positivo');
    expect(hasActiveFilters(params)).toBe(true);
    expect(writePetsListParams(new URLSearchParams('campo.test_leishmania=Positivo&q=luna'), clearedFilters).toString()).toBe('');
  });
});

describe('hasActiveFilters', () => {
  it('is true only when something narrows the list', () => {
    expect(hasActiveFilters(defaultPetsListParams)).toBe(false);
    expect(hasActiveFilters({ ...defaultPetsListParams, page: 3, sort: 'nombre' })).toBe(false);
    expect(hasActiveFilters({ ...defaultPetsListParams, adoptado: '0' })).toBe(true);
  });
});

describe('the deleted view in the address', () => {
  it('reads ?eliminadas=1 as the deleted view and nothing else', () => {
    expect(showsDeleted(readPetsListParams(new URLSearchParams('eliminadas=1')))).toBe(true);
    for (const search of ['', 'eliminadas=0', 'eliminadas=si']) expect(showsDeleted(readPetsListParams(new URLSearchParams(search)))).toBe(false);
  });

  it('writes it back as ?eliminadas=1, and leaves it out otherwise', () => {
    expect(writePetsListParams(new URLSearchParams(), showDeleted(true)).toString()).toBe('eliminadas=1');
    expect(writePetsListParams(new URLSearchParams('eliminadas=1'), showDeleted(false)).toString()).toBe('');
  });
});
