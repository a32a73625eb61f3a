import { describe, expect, it } from 'vitest';
import { type CustomFieldRule, checkCustomFieldValues, customFieldInputSchema, customFieldMessages, formatCustomFieldValue } from './custom-fields';

const rule = (r: Partial<CustomFieldRule> & Pick<CustomFieldRule, 'clave' | 'tipo'>): CustomFieldRule => ({
  etiqueta: r.clave,
  opciones: [],
  especies: [],
  obligatorio: false,
  archivado: false,
  ...r,
});

const rules = [
  rule({ clave: 'leishmania', etiqueta: 'Test de leishmania', tipo: 'fecha', especies: ['Perro'] }),
  rule({ clave: 'caracter', etiqueta: 'Carácter con niños', tipo: 'opcion', opciones: ['Bueno', 'Regular', 'Malo'], obligatorio: true }),
  rule({ clave: 'donante', etiqueta: 'Donante de sangre', tipo: 'si_no' }),
  rule({ clave: 'peso_ingreso', etiqueta: 'Peso al ingreso', tipo: 'numero' }),
  rule({ clave: 'alergias', etiqueta: 'Alergias', tipo: 'opciones', opciones: ['Pollo', 'Ternera', 'Pescado'] }),
  rule({ clave: 'antiguo', etiqueta: 'Nº antiguo', tipo: 'texto', archivado: true }),
];

describe('custom field values', () => {
  it('keeps checked values in their type and the options in the definition order', () => {
    const result = checkCustomFieldValues(
      rules,
      { leishmania: '2026-11-02', caracter: 'Bueno', donante: 'true', peso_ingreso: '12,5', alergias: ['Pescado', 'Pollo'] },
      { especie: 'Perro', complete: true },
    );
    expect(result).toEqual({
      ok: true,
      values: { leishmania: '2026-11-02', caracter: 'Bueno', donante: true, peso_ingreso: 12.5, alergias: ['Pollo', 'Pescado'] },
    });
  });

  it('names the field of each wrong value, an unknown option, a field of another species and a missing required one', () => {
    const result = checkCustomFieldValues(
      rules,
      { leishmania: '2026-11-02', donante: 'quizá', alergias: ['Cerdo'], nuevo: 1 },
      { especie: 'Gato', complete: true },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.message)).toEqual([
      customFieldMessages.otherSpecies('Test de leishmania', 'Gato'),
      customFieldMessages.notBoolean('Donante de sangre'),
      customFieldMessages.unknownOption('Alergias', 'Cerdo'),
      customFieldMessages.unknownField('nuevo'),
      customFieldMessages.required('Carácter con niños'),
    ]);
  });

  it('leaves out fields not sent on a partial save, keeps archived values and refuses to change them', () => {
    const previous = { antiguo: 'A-17', caracter: 'Malo' };
    expect(checkCustomFieldValues(rules, { donante: false }, { previous })).toEqual({
      ok: true,
      values: { antiguo: 'A-17', caracter: 'Malo', donante: false },
    });
    expect(checkCustomFieldValues(rules, { antiguo: 'A-17' }, { previous }).ok).toBe(true);
    const changed = checkCustomFieldValues(rules, { antiguo: 'B-1' }, { previous });
    expect(changed).toEqual({ ok: false, issues: [{ clave: 'antiguo', message: customFieldMessages.archivedField('Nº antiguo') }] });
  });

  it('clears a value sent empty, but not a required one', () => {
    expect(checkCustomFieldValues(rules, { donante: null }, { previous: { donante: true, caracter: 'Bueno' } })).toEqual({
      ok: true,
      values: { caracter: 'Bueno' },
    });
    expect(checkCustomFieldValues(rules, { caracter: '' }, { previous: { caracter: 'Bueno' } }).ok).toBe(false);
  });

  it('refuses bidi overrides, NUL and line breaks in a one-line text', () => {
    const text = [rule({ clave: 'nota', etiqueta: 'Nota', tipo: 'texto' })];
    for (const value of ['a\u202Eb', 'a\u0000b', 'a\nb', 5]) expect(checkCustomFieldValues(text, { nota: value }).ok).toBe(false);
  });
});

describe('custom field definitions', () => {
  it('refuses a key with capitals or accents, options on a text, species on a person field', () => {
    const base = { entidad: 'mascota', clave: 'test_leish', etiqueta: 'Test', tipo: 'texto' };
    expect(customFieldInputSchema.safeParse(base).success).toBe(true);
    expect(customFieldInputSchema.safeParse({ ...base, clave: 'Test' }).success).toBe(false);
    expect(customFieldInputSchema.safeParse({ ...base, clave: 'niño' }).success).toBe(false);
    expect(customFieldInputSchema.safeParse({ ...base, opciones: ['a', 'b'] }).success).toBe(false);
    expect(customFieldInputSchema.safeParse({ ...base, tipo: 'opcion', opciones: ['a'] }).success).toBe(false);
    expect(customFieldInputSchema.safeParse({ ...base, entidad: 'persona', especies: ['Perro'] }).success).toBe(false);
    expect(customFieldInputSchema.safeParse({ ...base, sensible: true }).success).toBe(false);
  });

  it('formats values for people', () => {
    expect(formatCustomFieldValue('si_no', true)).toBe('Sí');
    expect(formatCustomFieldValue('fecha', '2026-11-02')).toBe('02/11/2026');
    expect(formatCustomFieldValue('opciones', ['Pollo', 'Pescado'])).toBe('Pollo, Pescado');
    expect(formatCustomFieldValue('numero', undefined)).toBe('');
  });
});
