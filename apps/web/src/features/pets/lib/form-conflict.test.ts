import { describe, expect, it } from 'vitest';
import { diffPetFormValues } from './form-conflict';
import { newPetFormValues } from './pet-form-values';

const base = { ...newPetFormValues('2024-05-01'), nombre: 'Luna', edad: '2 años', tags: '["Juguetona"]', version: '3' };

describe('diffPetFormValues', () => {
  it('lists only the fields that differ, in the form order, readable', () => {
    const mine = { ...base, nombre: 'Luna Clara', historia: 'Llegó en invierno.' };
    const latest = { ...base, nombre: 'Lunita', adoptado: '1' as const, version: '4' };
    const diff = diffPetFormValues(mine, latest, { nombre: true, historia: true });
    expect(diff.map((d) => d.field)).toEqual(['nombre', 'historia', 'adoptado']);
    expect(diff[0]).toMatchObject({ label: 'Nombre', mine: 'Luna Clara', theirs: 'Lunita', edited: true });
    expect(diff[1]).toMatchObject({ mineText: 'Llegó en invierno.', theirsText: '(vacío)' });
    expect(diff[2]).toMatchObject({ mineText: 'No', theirsText: 'Sí', edited: false });
  });

  it('values equal in meaning are not conflicts (a date with its time, tags spelt differently)', () => {
    const mine = { ...base, fechaingreso: '2024-05-01', tags: '["Juguetona"]' };
    const latest = { ...base, fechaingreso: '2024-05-01 00:00:00', tags: '[ "Juguetona" ]' };
    expect(diffPetFormValues(mine, latest)).toEqual([]);
  });
});
