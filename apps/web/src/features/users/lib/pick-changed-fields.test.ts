import { describe, expect, it } from 'vitest';
import { pickChangedFields } from './pick-changed-fields';

describe('pickChangedFields', () => {
  const original = { name: 'Ana', lastname: 'Pérez', rol: 'Equipo', color: '#3B82F6' };

  it('keeps only the fields whose value changed', () => {
    expect(pickChangedFields({ ...original, rol: 'Administrador', color: '#0E7490' }, original)).toEqual({
      rol: 'Administrador',
      color: '#0E7490',
    });
  });

  it('gives nothing when every value is the same as before', () => {
    expect(pickChangedFields({ ...original }, original)).toEqual({});
  });

  it('never sends a field left unset', () => {
    expect(pickChangedFields({ ...original, rol: undefined }, { ...original, rol: '' })).toStrictEqual({});
  });
});
