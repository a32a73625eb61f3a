import { describe, expect, it } from 'vitest';
import { customFieldKeyOf, guessCustomField, guessCustomFieldType } from './import-field-guess';

describe('a column of a sheet as a new own field', () => {
  it('proposes a key: lower case, no accents, `_` for the rest, a letter first, at most 40', () => {
    expect(customFieldKeyOf('Test de leishmanía')).toBe('test_de_leishmania');
    expect(customFieldKeyOf('  Nº de socio (antiguo) ')).toBe('no_de_socio_antiguo');
    expect(customFieldKeyOf('2ª vacuna')).toBe('campo_2a_vacuna');
    expect(customFieldKeyOf('¿?')).toBe('campo');
    const long = customFieldKeyOf('Observaciones del veterinario sobre la primera revisión completa');
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/^[a-z][a-z0-9_]*[a-z0-9]$/);
  });

  it('guesses the type from the values', () => {
    expect(guessCustomFieldType(['12,5', '7', '', '-3.25'])).toEqual({ tipo: 'numero', opciones: [] });
    expect(guessCustomFieldType(['01/02/2024', '2023-12-31'])).toEqual({ tipo: 'fecha', opciones: [] });
    expect(guessCustomFieldType(['Sí', 'no', 'SI'])).toEqual({ tipo: 'si_no', opciones: [] });
    expect(guessCustomFieldType(['Negativo', 'Positivo', 'negativo', 'Negativo'])).toEqual({ tipo: 'opcion', opciones: ['Negativo', 'Positivo'] });
    // Distinct values, none repeated: a text, not a list.
    expect(guessCustomFieldType(['Luna', 'Sol', 'Mar'])).toEqual({ tipo: 'texto', opciones: [] });
    // One value only is no list of options.
    expect(guessCustomFieldType(['Pendiente', 'Pendiente'])).toEqual({ tipo: 'texto', opciones: [] });
    expect(guessCustomFieldType(['Corto', 'x'.repeat(150)])).toEqual({ tipo: 'texto_largo', opciones: [] });
    expect(guessCustomFieldType(['una línea\notra'])).toEqual({ tipo: 'texto_largo', opciones: [] });
    expect(guessCustomFieldType(['', '  '])).toEqual({ tipo: 'texto', opciones: [] });
  });

  it('takes the header as the label', () => {
    expect(guessCustomField(' Test de leishmania ', ['Negativo', 'Negativo', 'Positivo'])).toEqual({
      etiqueta: 'Test de leishmania',
      clave: 'test_de_leishmania',
      tipo: 'opcion',
      opciones: ['Negativo', 'Positivo'],
    });
  });
});
