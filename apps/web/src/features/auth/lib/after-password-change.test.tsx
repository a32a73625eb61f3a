import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { afterPasswordChange } from './after-password-change';

const org = (changes: Record<string, unknown> = {}) => ({
  nombre: null,
  email: null,
  telefono: null,
  direccion: null,
  web: null,
  zonaHoraria: 'Europe/Madrid',
  nif: null,
  ley49: false,
  contactoAcogidaVoluntariado: false,
  capacidad: { Perro: null, Gato: null, Conejo: null },
  registroEntidades: null,
  nucleoZoologico: null,
  acreedorSepa: null,
  ibanAcreedor: null,
  contacto: { nombre: null, email: null, telefono: null },
  correoConfigurado: false,
  version: 0,
  ...changes,
});

describe('the first administrator, after the temporary password', () => {
  it('goes to Configuración while the organisation lacks its contact; others, and a complete one, go home', async () => {
    server.use(http.get('/api/organizacion', () => HttpResponse.json(org())));
    expect(await afterPasswordChange(createTestQueryClient(), 'admin')).toBe('/configuracion');
    expect(await afterPasswordChange(createTestQueryClient(), 'staff')).toBe('/');
    expect(await afterPasswordChange(createTestQueryClient(), undefined)).toBe('/');
    server.use(http.get('/api/organizacion', () => HttpResponse.json(org({ nombre: 'Refugio Patitas', email: 'hola@patitas.org', version: 1 }))));
    expect(await afterPasswordChange(createTestQueryClient(), 'admin')).toBe('/');
  });
});
