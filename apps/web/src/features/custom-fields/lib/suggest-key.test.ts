import { CUSTOM_FIELD_KEY_PATTERN, CUSTOM_FIELD_LIMITS } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { suggestKey } from './suggest-key';

describe('suggestKey', () => {
  it.each([
    ['Test de leishmania', 'test_de_leishmania'],
    ['Carácter con niños', 'caracter_con_ninos'],
    ['  ¿Apto para pisos?  ', 'apto_para_pisos'],
    ['Nº de socio (antiguo)', 'n_de_socio_antiguo'],
    ['2.ª vacuna', 'vacuna'],
    ['Peso — kg', 'peso_kg'],
    ['123', ''],
  ])('%s → %s', (label, key) => {
    expect(suggestKey(label)).toBe(key);
  });

  it('keeps to the longest key, without a trailing «_», and gives only keys the server accepts', () => {
    const key = suggestKey('Observaciones de la veterinaria sobre la dieta del animal');
    expect(key.length).toBeLessThanOrEqual(CUSTOM_FIELD_LIMITS.keyMaxLength);
    expect(key).toBe('observaciones_de_la_veterinaria_sobre_la');
    expect(key).toMatch(CUSTOM_FIELD_KEY_PATTERN);
  });
});
