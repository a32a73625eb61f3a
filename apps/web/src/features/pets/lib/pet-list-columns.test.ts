import { describe, expect, it } from 'vitest';
import { customField } from '../../../testing/custom-field-fixture';
import { chosenColumnFields, parsePetListColumns, petListColumnsStorageKey, readPetListColumnsRaw, savePetListColumns } from './pet-list-columns';

describe('the chosen columns of the pet list', () => {
  it('reads field keys only; anything else stored is no choice', () => {
    expect(parsePetListColumns(null)).toEqual([]);
    expect(parsePetListColumns('{')).toEqual([]);
    expect(parsePetListColumns('{"a":1}')).toEqual([]);
    expect(parsePetListColumns('["peso", 3, "Mal", "peso", "test_leishmania"]')).toEqual(['peso', 'test_leishmania']);
  });

  it('keeps each person apart, and a storage that throws costs only the choice', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
    savePetListColumns(storage, 'ana', ['peso']);
    expect(readPetListColumnsRaw(storage, 'ana')).toBe('["peso"]');
    expect(readPetListColumnsRaw(storage, 'luis')).toBeNull();
    expect(data.has(petListColumnsStorageKey('ana'))).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readPetListColumnsRaw(broken, 'ana')).toBeNull();
    expect(() => savePetListColumns(broken, 'ana', ['peso'])).not.toThrow();
  });

  it('shows the chosen fields that are still active, in the fields order', () => {
    const fields = [
      customField(1, { clave: 'a', etiqueta: 'A', tipo: 'texto' }),
      customField(2, { clave: 'b', etiqueta: 'B', tipo: 'texto', archivado: true }),
      customField(3, { clave: 'c', etiqueta: 'C', tipo: 'texto' }),
    ];
    expect(chosenColumnFields(fields, ['c', 'b', 'a', 'zz']).map((field) => field.clave)).toEqual(['a', 'c']);
  });
});
