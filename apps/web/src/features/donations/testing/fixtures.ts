import type { Fee, FeesResponse, Gift, GiftsResponse } from '@refugio/contracts';
import { HttpResponse, http } from 'msw';
import { server } from '../../../testing/server';

/** A fee as `GET /api/cuotas` answers it, for component tests. */
export function fee(id: number, changes: Partial<Fee> = {}): Fee {
  return {
    id,
    persona: { id: 7, nombre: 'Ana García' },
    tipo: 'socio',
    importe: 1234.56,
    importeCentimos: 123456,
    periodicidad: 'mensual',
    desde: '2026-01-01',
    hasta: null,
    mascota: null,
    metodoPago: 'domiciliacion',
    iban: 'ES91 **** **** **** **** 1332',
    mandato: { referencia: 'MANDATO-001', fechaFirma: '2026-01-01' },
    bic: null,
    domicilioDeudor: null,
    estado: 'activa',
    bajaMotivo: '',
    recibirNovedades: true,
    requiereDecision: false,
    motivoDecision: null,
    diferencias: [],
    version: 3,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...changes,
  };
}

/** A gift as `GET /api/donativos` answers it. */
export function gift(id: number, changes: Partial<Gift> = {}): Gift {
  return {
    id,
    persona: { id: 7, nombre: 'Ana García' },
    importe: 12.5,
    importeCentimos: 1250,
    fecha: '2026-03-02',
    metodo: 'bizum',
    concepto: 'donativo',
    cuotaId: null,
    mascota: null,
    referencia: '',
    estado: 'registrado',
    anuladoMotivo: '',
    devueltoEn: null,
    iban: null,
    mandato: null,
    deducible: true,
    recibido: true,
    diferencias: [],
    version: 1,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...changes,
  };
}

export const feesPage = (items: Fee[], importeMensualCentimos = 0): FeesResponse => ({
  items,
  total: items.length,
  importeMensual: importeMensualCentimos / 100,
  importeMensualCentimos,
  page: 1,
  pageSize: 25,
});

export const giftsPage = (items: Gift[], importeTotalCentimos = 0): GiftsResponse => ({
  items,
  total: items.length,
  importeTotal: importeTotalCentimos / 100,
  importeTotalCentimos,
  page: 1,
  pageSize: 25,
});

/** The organisation's settings (its time zone: UTC keeps "today" the same for the screen and the test) and the session. */
export function answerCommon(role = 'Administrador') {
  server.use(
    http.get('/api/organizacion', () => HttpResponse.json({ nombre: 'Refugio', zonaHoraria: 'UTC' })),
    http.get('/api/auth/get-session', () => HttpResponse.json({ user: { id: 'u1', email: 'a@example.com', name: 'Ada', role } })),
  );
}
