import type { ListPetsResponse, Pet, PetListItem } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { decodePet, decodePetList } from './pet-view';

const wire: Pet = {
  id: 5,
  nombre: 'Luna',
  edad: '2 años',
  tipo: 'Gato',
  genero: 'hembra',
  tamano: 'chico',
  fechaingreso: '2024-03-05 10:30:00',
  personalidad: 'Tranquila',
  historia: 'Rescatada en la calle',
  adoptado: '1',
  discapacidad: '0',
  tags: '["dócil","tranquila"]',
  imagenprincipal: 'luna.jpg',
  imagenprincipalUrl: '/phpApi/storage/app/public/productos/5/luna.jpg',
  thumbnailUrl: null,
  estado: 'publicada',
  publicarEn: null,
  version: 3,
  createdAt: '2024-03-05T10:30:00.000Z',
  updatedAt: '2024-03-05T10:30:00.000Z',
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
  raza: '',
  color: '',
  fechaNacimiento: '',
  fechaNacimientoAprox: '0',
  microchip: '',
  esterilizado: 'desconocido',
  fechaEsterilizacion: '',
  procedencia: '',
  procedenciaDetalle: '',
  pesoKg: null,
  ubicacion: { tipo: 'refugio', desde: null },
  campos: {},
};

describe('decodePet', () => {
  it("turns the '0'/'1' flags into booleans and the tags' JSON text into a list, keeping the rest", () => {
    const { adoptado, discapacidad, tags, fechaNacimientoAprox, ...rest } = decodePet(wire);
    expect({ adoptado, discapacidad, tags, fechaNacimientoAprox }).toEqual({
      adoptado: true,
      discapacidad: false,
      tags: ['dócil', 'tranquila'],
      fechaNacimientoAprox: false,
    });
    expect(decodePet({ ...wire, fechaNacimientoAprox: '1' }).fechaNacimientoAprox).toBe(true);
    const { adoptado: _a, discapacidad: _d, tags: _t, fechaNacimientoAprox: _f, ...wireRest } = wire;
    expect(rest).toEqual(wireRest);
  });

  it('reads malformed tags as none', () => {
    expect(decodePet({ ...wire, tags: 'roto' }).tags).toEqual([]);
    expect(decodePet({ ...wire, tags: '{"a":1}' }).tags).toEqual([]);
    expect(decodePet({ ...wire, adoptado: '0', discapacidad: '1' })).toMatchObject({ adoptado: false, discapacidad: true });
  });
});

describe('decodePetList', () => {
  it('decodes every row and keeps the page figures', () => {
    const row: PetListItem = {
      id: 9,
      nombre: 'Toby',
      edad: '1',
      tipo: 'Perro',
      genero: 'macho',
      tamano: 'mediano',
      adoptado: '0',
      discapacidad: '1',
      tags: '["activo"]',
      estado: 'borrador',
      publicarEn: null,
      thumbnailUrl: null,
      version: 1,
      updatedAt: '2026-11-01T10:00:00.000Z',
      deletedAt: null,
      solicitudesAbiertas: 0,
      campos: {},
    };
    const list: ListPetsResponse = { items: [row], total: 1, totalExact: true, page: 1, pageSize: 20 };
    expect(decodePetList(list)).toEqual({ ...list, items: [{ ...row, adoptado: false, discapacidad: true, tags: ['activo'] }] });
  });
});
