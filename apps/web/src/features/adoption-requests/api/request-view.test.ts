import type { AdoptionRequestListItem, ListAdoptionRequestsResponse } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { decodeAdoptionRequestList } from './request-view';

const item = (id: number, adoptado: '0' | '1'): AdoptionRequestListItem => ({
  id,
  estado: 'nueva',
  nombre: `Persona ${id}`,
  email: `persona${id}@example.com`,
  telefono: '600000000',
  ciudad: 'Madrid',
  mascota: { id: 1, nombre: 'Luna', tipo: 'Perro', genero: 'hembra', miniatura: null, adoptado, eliminada: false },
  personaId: null,
  alerta: null,
  version: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

describe('decodeAdoptionRequestList', () => {
  it("reads each pet's '0'/'1' as a boolean and keeps everything else", () => {
    const counts = { nueva: 2, en_revision: 0, aprobada: 0, rechazada: 0 } as unknown as ListAdoptionRequestsResponse['counts'];
    const list: ListAdoptionRequestsResponse = { items: [item(1, '0'), item(2, '1')], total: 2, page: 1, pageSize: 20, counts };
    const decoded = decodeAdoptionRequestList(list);
    expect(decoded.items.map((request) => request.mascota.adoptado)).toEqual([false, true]);
    expect(decoded.items[1]).toEqual({ ...item(2, '1'), mascota: { ...item(2, '1').mascota, adoptado: true } });
    expect({ ...decoded, items: [] }).toEqual({ ...list, items: [] });
  });
});
