import type { Person } from '@refugio/contracts';

/** A person as `GET /api/personas/{id}` answers it, for component tests. */
export function person(id: number, changes: Partial<Person> = {}): Person {
  return {
    id,
    nombre: `Ana${id}`,
    apellidos: 'García',
    email: `ana${id}@example.com`,
    telefono: '+34600000000',
    documento: '',
    nif: null,
    ciudad: 'Madrid',
    direccion: '',
    codigoPostal: null,
    pais: null,
    roles: ['adoptante'],
    bloqueado: false,
    motivoBloqueo: '',
    consentimientos: { email: true, whatsapp: true },
    consentimientosOrigen: { email: { en: null, fuente: 'formulario' }, whatsapp: { en: null, fuente: 'formulario' } },
    posiblesDuplicados: 0,
    anonimizada: false,
    version: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...changes,
    campos: changes.campos ?? {},
  };
}
