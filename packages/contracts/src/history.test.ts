import { describe, expect, it } from 'vitest';
import { HISTORY_SECRET, describeHistoryEvent, formatHistoryValue, listHistoryQuerySchema } from './history';

const rocio = { tipo: 'usuario' as const, id: 'u1', nombre: 'Rocío' };

describe('describeHistoryEvent', () => {
  it('tells a change of a field with its value before and after', () => {
    expect(
      describeHistoryEvent({ actor: rocio, entidad: 'mascota', entidadId: '7', accion: 'modificar', cambios: { nombre: ['Bruma', 'Bruma Gris'] } }),
    ).toEqual(['Rocío cambió el nombre de «Bruma» a «Bruma Gris».']);
  });

  it('tells states, adoption, images, creation and deletion, and never a password', () => {
    const pet = { entidad: 'mascota', entidadId: '7' };
    expect(describeHistoryEvent({ ...pet, actor: rocio, accion: 'estado', cambios: { estado: ['borrador', 'publicada'] } })).toEqual([
      'Rocío cambió el estado de «Borrador» a «Publicada».',
    ]);
    expect(describeHistoryEvent({ ...pet, actor: rocio, accion: 'modificar', cambios: { adoptado: [false, true] } }, { name: 'Bruma' })).toEqual([
      'Rocío marcó como adoptada la mascota «Bruma».',
    ]);
    expect(describeHistoryEvent({ ...pet, actor: rocio, accion: 'modificar', cambios: { imagen: ['a.jpg', null] } })).toEqual([
      'Rocío quitó la imagen «a.jpg».',
    ]);
    expect(describeHistoryEvent({ ...pet, actor: rocio, accion: 'crear', cambios: { nombre: [null, 'Bruma'] } })).toEqual([
      'Rocío creó la mascota «Bruma».',
    ]);
    expect(describeHistoryEvent({ ...pet, actor: { tipo: 'sistema' }, accion: 'eliminar' })).toEqual(['El sistema eliminó la mascota 7.']);
    const password = describeHistoryEvent({
      actor: rocio,
      entidad: 'usuario',
      entidadId: 'u2',
      accion: 'modificar',
      cambios: { contrasena: [HISTORY_SECRET, HISTORY_SECRET] },
    });
    expect(password).toEqual(['Rocío cambió la contraseña.']);
    const codes = describeHistoryEvent({
      actor: rocio,
      entidad: 'usuario',
      entidadId: 'u2',
      accion: 'modificar',
      cambios: { codigosRespaldo: [null, 'nuevos'] },
    });
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatch(/^Rocío generó nuevos códigos de respaldo de la verificación en dos pasos de /);
  });

  it('tells a read through an inspection link as what the inspector consulted, never as something sent', () => {
    const actor = { tipo: 'enlace' as const, nombre: 'Ana (Sanidad Animal)' };
    const link = { actor, entidad: 'inspeccion', entidadId: '3', accion: 'enviar' as const };
    expect(describeHistoryEvent({ ...link, cambios: { lectura: [null, 'libro'] } })).toEqual([
      'Ana (Sanidad Animal) consultó el libro de registro con el enlace de inspección 3.',
    ]);
    expect(describeHistoryEvent({ ...link, cambios: { lectura: [null, 'mascota'], mascotaId: [null, 12] } })).toEqual([
      'Ana (Sanidad Animal) consultó la ficha del animal 12 con el enlace de inspección 3.',
    ]);
  });

  it('tells the file and row an imported record came from, and an import undone', () => {
    const origen = 'importado de animales.csv, fila 2';
    expect(
      describeHistoryEvent(
        { actor: rocio, entidad: 'mascota', entidadId: '7', accion: 'crear', cambios: { nombre: [null, 'Tambor'], origen: [null, origen] } },
        { name: 'Tambor' },
      ),
    ).toEqual(['Rocío creó la mascota «Tambor» (importado de animales.csv, fila 2).']);
    expect(
      describeHistoryEvent(
        { actor: rocio, entidad: 'mascota', entidadId: '7', accion: 'eliminar', cambios: { origen: [origen, null] } },
        { name: 'Tambor' },
      ),
    ).toEqual(['Rocío eliminó la mascota «Tambor» al deshacer la importación (importado de animales.csv, fila 2).']);
  });

  it('names a created staff account by its name and surname, not by its id', () => {
    const created = { entidad: 'usuario', entidadId: '0b6f3c2e-5d1a-4e8b-9c7d-2f4a6b8c0d1e', accion: 'crear' } as const;
    expect(
      describeHistoryEvent({ ...created, actor: { tipo: 'sistema' }, cambios: { name: [null, 'Administrador'], mail: [null, 'a@refugio.org'] } }),
    ).toEqual(['El sistema creó el usuario «Administrador».']);
    expect(describeHistoryEvent({ ...created, actor: rocio, cambios: { name: [null, 'Ana'], lastname: [null, 'Ruiz'] } })).toEqual([
      'Rocío creó el usuario «Ana Ruiz».',
    ]);
  });
});

describe('listHistoryQuerySchema', () => {
  it('refuses days outside the years a record can have', () => {
    for (const desde of ['9999-01-01', '0001-01-01', '1899-12-31']) expect(listHistoryQuerySchema.safeParse({ desde }).success).toBe(false);
    expect(listHistoryQuerySchema.safeParse({ desde: '1900-01-01', hasta: '2999-12-31' }).success).toBe(true);
  });

  it('refuses an unknown record type, a bad date, a reversed range and an id without its type', () => {
    expect(listHistoryQuerySchema.safeParse({ entidad: 'perro' }).success).toBe(false);
    expect(listHistoryQuerySchema.safeParse({ desde: '2026-13-45' }).success).toBe(false);
    expect(listHistoryQuerySchema.safeParse({ desde: '2026-05-02', hasta: '2026-05-01' }).success).toBe(false);
    expect(listHistoryQuerySchema.safeParse({ entidadId: '3' }).success).toBe(false);
    expect(listHistoryQuerySchema.parse({ entidad: 'mascota', entidadId: '3', desde: '2026-05-01', hasta: '2026-05-01' })).toMatchObject({
      page: 1,
      pageSize: 25,
    });
  });
});

describe('describeHistoryEvent: persons', () => {
  const actor = { tipo: 'usuario' as const, nombre: 'Rocío' };
  it('tells a merge from both sides, with the values the survivor took', () => {
    expect(
      describeHistoryEvent(
        { actor, entidad: 'persona', entidadId: '3', accion: 'fusionar', cambios: { fusionadaCon: [null, 7], nombre: ['Rafa', 'Rafael'] } },
        { name: 'Rafael' },
      ),
    ).toEqual(['Rocío fusionó la ficha 7 en la persona «Rafael».', 'Rocío cambió el nombre de «Rafa» a «Rafael».']);
    expect(describeHistoryEvent({ actor, entidad: 'persona', entidadId: '7', accion: 'fusionar', cambios: { fusionadaEn: [null, 3] } })).toEqual([
      'Rocío fusionó la persona 7 en la ficha 3.',
    ]);
  });
  it('tells a block and a dismissed duplicate', () => {
    expect(describeHistoryEvent({ actor, entidad: 'persona', entidadId: '3', accion: 'modificar', cambios: { bloqueado: [false, true] } })).toEqual([
      'Rocío bloqueó la persona 3.',
    ]);
    expect(
      describeHistoryEvent({ actor, entidad: 'persona', entidadId: '3', accion: 'modificar', cambios: { duplicadoDescartado: [null, 9] } }),
    ).toEqual(['Rocío indicó que la persona 3 no es la misma persona que la ficha 9.']);
  });
});

describe('formatHistoryValue numbers', () => {
  it('writes a weight with a decimal comma, whole numbers as they are', () => {
    expect(formatHistoryValue(1.9)).toBe('1,9');
    expect(formatHistoryValue(12.125)).toBe('12,125');
    expect(formatHistoryValue(30)).toBe('30');
  });
});
