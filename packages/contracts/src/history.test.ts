import { describe, expect, it } from 'vitest';
import { HISTORY_SECRET, describeHistoryEvent, listHistoryQuerySchema } from './history';

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
  });
});

describe('listHistoryQuerySchema', () => {
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
