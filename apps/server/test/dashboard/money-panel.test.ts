import { type Dashboard, type ListHistoryResponse, type PendingWork, type PersonExport, dayInZone } from '@refugio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fee, gift, person, pet } from '../../src/db/schema';
import type { Clock } from '../../src/lib/clock';
import { createDashboardRepository } from '../../src/modules/dashboard/dashboard.repository';
import { createDashboardService, monthOf } from '../../src/modules/dashboard/dashboard.service';
import { type TestApp, createTestApp } from '../helpers/helpers';

/*
 * The money on the dashboard and in "Pendientes" (DESIGN section 15), and the fees' and gifts' events in a person's
 * and a pet's history: administrators see them, the team never receives a money figure.
 */

const TZ = 'Europe/Madrid';
const DAY = 24 * 3600_000;

describe('money on the dashboard, in "Pendientes" and in the histories', () => {
  let t: TestApp;
  const db = () => t.database.db;
  const get = async <T>(role: 'admin' | 'staff', url: string) => {
    const res = await t.as(role).inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json<T>(), text: res.body };
  };
  const insertPerson = async (nombre: string, values: Partial<typeof person.$inferInsert> = {}) =>
    (
      await db()
        .insert(person)
        .values({ nombre, apellidos: 'Prueba', ...values })
        .returning()
    )[0]!.id;
  const insertPet = async (nombre: string) =>
    (await db().insert(pet).values({ nombre, edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano' }).returning())[0]!.id;
  const insertFee = async (values: Partial<typeof fee.$inferInsert> & { personaId: number }) =>
    (
      await db()
        .insert(fee)
        .values({ tipo: 'socio', importeCentimos: 1000, periodicidad: 'mensual', desde: '2026-01-01', metodoPago: 'transferencia', ...values })
        .returning()
    )[0]!.id;
  const insertGift = async (values: Partial<typeof gift.$inferInsert> & { fecha: string; importeCentimos: number }) =>
    (
      await db()
        .insert(gift)
        .values({ metodo: 'transferencia', concepto: 'donativo', ...values })
        .returning()
    )[0]!.id;

  beforeAll(async () => {
    t = await createTestApp({ ORG_TIME_ZONE: TZ });
  });
  afterAll(() => t.close());

  /** A dashboard service over the test's database with the clock at `at` (how the tests fix the date). */
  const serviceAt = (at: string) => {
    const clock: Clock = { now: () => new Date(at) };
    return createDashboardService({
      repo: createDashboardRepository(db()),
      clock,
      timeZone: () => Promise.resolve(TZ),
      failedJobs: () => Promise.resolve({ total: 0, items: [] }),
      retryJob: () => Promise.resolve(false),
      careDue: () => Promise.resolve({ vencidos: 0, hoy: 0 }),
      duplicatePairs: () => Promise.resolve(0),
    });
  };

  describe('the dashboard', () => {
    it('gives administrators members, sponsors, the month income by concept in exact cents and the leaves; the team none', async () => {
      const now = new Date();
      const { from, until, mes } = monthOf(dayInZone(now, TZ));
      const lastDayBefore = new Date(Date.parse(`${from}T12:00:00Z`) - DAY).toISOString().slice(0, 10);
      const ana = await insertPerson('Ana');
      const luis = await insertPerson('Luis');
      const eva = await insertPerson('Eva');
      const toby = await insertPet('Toby');
      // Ana has two member fees (one member), Luis one; Eva sponsors; an old fee ended in the month, one before it.
      await insertFee({ personaId: ana });
      await insertFee({ personaId: ana, importeCentimos: 500 });
      await insertFee({ personaId: luis });
      await insertFee({ personaId: luis, estado: 'pendiente' });
      await insertFee({ personaId: eva, tipo: 'padrino', petId: toby });
      await insertFee({ personaId: eva, estado: 'baja', bajaFecha: from, hasta: from });
      await insertFee({ personaId: luis, tipo: 'padrino', petId: toby, estado: 'baja', bajaFecha: lastDayBefore, hasta: lastDayBefore });
      // 0,10 + 0,20 must be 0,30 exactly; annulled and returned gifts and the previous month's do not count.
      await insertGift({ fecha: from, importeCentimos: 10, personaId: ana, concepto: 'cuota' });
      await insertGift({ fecha: from, importeCentimos: 20, personaId: luis, concepto: 'cuota' });
      await insertGift({ fecha: from, importeCentimos: 123_456, concepto: 'teaming' });
      await insertGift({ fecha: from, importeCentimos: 999, concepto: 'evento', estado: 'anulado', anuladoMotivo: 'error' });
      await insertGift({ fecha: from, importeCentimos: 777, concepto: 'cuota', estado: 'devuelto', devueltoEn: now });
      await insertGift({ fecha: lastDayBefore, importeCentimos: 5000, concepto: 'donativo' });
      await insertGift({ fecha: until, importeCentimos: 4000, concepto: 'donativo' });

      const { body } = await get<Dashboard>('admin', '/api/dashboard');
      expect(body.dinero).toEqual({
        sociosActivos: 2,
        padrinosActivos: 1,
        mes,
        ingresosMes: [
          { concepto: 'cuota', importe: 0.3, importeCentimos: 30 },
          { concepto: 'apadrinamiento', importe: 0, importeCentimos: 0 },
          { concepto: 'donativo', importe: 0, importeCentimos: 0 },
          { concepto: 'teaming', importe: 1234.56, importeCentimos: 123_456 },
          { concepto: 'evento', importe: 0, importeCentimos: 0 },
          { concepto: 'otro', importe: 0, importeCentimos: 0 },
        ],
        ingresosMesTotal: 1234.86,
        ingresosMesTotalCentimos: 123_486,
        bajasMes: 1,
      });

      const team = await get<Dashboard>('staff', '/api/dashboard');
      expect(team.body).not.toHaveProperty('dinero');
      expect(team.text).not.toMatch(/importe|socios|ingresosMes|bajasMes/i);
      expect(team.body.contadores).toEqual(body.contadores);
    });

    it("decides the month in the organisation's time zone", async () => {
      // 23:30 UTC on 31 January is already 1 February in Madrid: a gift of 31 January is last month's.
      const before = await serviceAt('2031-01-31T23:30:00Z').dashboard({ admin: true });
      await insertGift({ fecha: '2031-01-31', importeCentimos: 250, concepto: 'otro' });
      await insertGift({ fecha: '2031-02-01', importeCentimos: 100, concepto: 'otro' });
      const after = await serviceAt('2031-01-31T23:30:00Z').dashboard({ admin: true });
      expect(before.dinero!.mes).toBe('2031-02');
      expect(after.dinero!.ingresosMes.find((r) => r.concepto === 'otro')!.importeCentimos).toBe(100);
      const january = await serviceAt('2031-01-31T22:30:00Z').dashboard({ admin: true });
      expect(january.dinero!.mes).toBe('2031-01');
      expect(january.dinero!.ingresosMes.find((r) => r.concepto === 'otro')!.importeCentimos).toBe(250);
      expect((await serviceAt('2031-01-31T22:30:00Z').dashboard({ admin: false })).dinero).toBeUndefined();
    });
  });

  describe('"Pendientes"', () => {
    it('counts the returned debits not handled for administrators only, and only in January the donors without NIF', async () => {
      const at = '2032-03-15T10:00:00Z';
      const now = Date.parse(at);
      const base = await serviceAt(at).pending({ role: 'Administrador' });
      const sara = await insertPerson('Sara');
      const cuota = await insertFee({ personaId: sara, metodoPago: 'efectivo' });
      const paidLater = await insertFee({ personaId: sara, metodoPago: 'efectivo' });
      const ended = await insertFee({ personaId: sara, estado: 'baja', bajaFecha: '2032-03-01', hasta: '2032-03-01' });
      const returned = (feeId: number | null, daysAgo: number, fecha = '2032-03-01') =>
        insertGift({
          fecha,
          importeCentimos: 1000,
          concepto: 'cuota',
          personaId: sara,
          feeId,
          estado: 'devuelto',
          devueltoEn: new Date(now - daysAgo * DAY),
        });
      await insertGift({ fecha: '2032-02-01', importeCentimos: 1000, concepto: 'cuota', personaId: sara, feeId: cuota }); // paid before: not a handling
      await returned(cuota, 10); // waiting
      await returned(null, 59); // waiting (no fee to pay again)
      await returned(cuota, 61); // too old
      await returned(paidLater, 5); // handled: paid again later
      await insertGift({ fecha: '2032-03-10', importeCentimos: 1000, concepto: 'cuota', personaId: sara, feeId: paidLater });
      await returned(ended, 5); // handled: the fee was ended

      const admin = await serviceAt(at).pending({ role: 'Administrador' });
      expect(admin.devolucionesPendientes! - base.devolucionesPendientes!).toBe(2);
      expect(admin.total - base.total).toBe(2);
      expect(admin).not.toHaveProperty('donantesSinNif');
      const team = await serviceAt(at).pending({ role: 'Equipo' });
      expect(team).not.toHaveProperty('devolucionesPendientes');
      expect(team).not.toHaveProperty('donantesSinNif');
      expect(team.total).toBe(admin.total - admin.devolucionesPendientes!);

      const http = await get<PendingWork>('staff', '/api/pendientes');
      expect(http.body).not.toHaveProperty('devolucionesPendientes');
      expect(http.body).not.toHaveProperty('donantesSinNif');
      expect((await get<PendingWork>('admin', '/api/pendientes')).body.devolucionesPendientes).toEqual(expect.any(Number));
    });

    it("in January (the organisation's), counts last year's donors without NIF, not anonymised, with registered gifts", async () => {
      const counted = await insertPerson('SinNif');
      const twice = await insertPerson('SinNifDos');
      const withNif = await insertPerson('ConNif', { nif: '12345678Z' });
      const anonymised = await insertPerson('Anonima', { anonimizadaEn: new Date('2034-01-02T00:00:00Z') });
      const annulledOnly = await insertPerson('Anulado');
      const otherYear = await insertPerson('OtroAnio');
      await insertGift({ fecha: '2033-01-01', importeCentimos: 100, personaId: counted });
      await insertGift({ fecha: '2033-12-31', importeCentimos: 100, personaId: twice });
      await insertGift({ fecha: '2033-06-01', importeCentimos: 100, personaId: twice });
      await insertGift({ fecha: '2033-06-01', importeCentimos: 100, personaId: withNif });
      await insertGift({ fecha: '2033-06-01', importeCentimos: 100, personaId: anonymised });
      await insertGift({ fecha: '2033-06-01', importeCentimos: 100, personaId: annulledOnly, estado: 'anulado', anuladoMotivo: 'error' });
      await insertGift({ fecha: '2032-12-31', importeCentimos: 100, personaId: otherYear });
      await insertGift({ fecha: '2034-01-01', importeCentimos: 100, personaId: otherYear });
      await insertGift({ fecha: '2033-06-01', importeCentimos: 100 }); // anonymous gift: nobody to ask

      // 23:30 UTC on 31 December 2033 is already 1 January 2034 in Madrid.
      const newYear = await serviceAt('2033-12-31T23:30:00Z').pending({ role: 'Administrador' });
      expect(newYear.donantesSinNif).toEqual({ anio: 2033, total: 2 });
      const lateJanuary = await serviceAt('2034-01-31T22:59:00Z').pending({ role: 'Administrador' });
      expect(lateJanuary.donantesSinNif).toEqual({ anio: 2033, total: 2 });
      expect(lateJanuary.total - lateJanuary.devolucionesPendientes!).toBe(2);
      expect((await serviceAt('2033-12-31T22:30:00Z').pending({ role: 'Administrador' })).donantesSinNif).toBeUndefined();
      expect((await serviceAt('2034-01-31T23:00:00Z').pending({ role: 'Administrador' })).donantesSinNif).toBeUndefined();
      expect((await serviceAt('2034-01-15T10:00:00Z').pending({ role: 'Equipo' })).donantesSinNif).toBeUndefined();
    });
  });

  describe('histories', () => {
    it("shows a fee's and a gift's events in the person's and the pet's history to administrators, not to the team", async () => {
      const personaId = await insertPerson('Padrina');
      const petId = await insertPet('Luna');
      const created = await t.as('admin').inject({
        method: 'POST',
        url: `/api/personas/${personaId}/cuotas`,
        payload: { tipo: 'padrino', importe: '12,00', periodicidad: 'mensual', desde: '2026-01-01', mascotaId: petId, metodoPago: 'bizum' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const feeId = created.json<{ id: number }>().id;
      const given = await t.as('admin').inject({
        method: 'POST',
        url: '/api/donativos',
        payload: { personaId, importe: '12,00', fecha: '2026-01-05', metodo: 'bizum', concepto: 'apadrinamiento', cuotaId: feeId, mascotaId: petId },
      });
      expect(given.statusCode, given.body).toBe(201);
      const giftId = given.json<{ id: number }>().id;
      const money = (items: ListHistoryResponse['items']) =>
        items.filter((e) => e.entidad === 'cuota' || e.entidad === 'donativo').map((e) => `${e.entidad}:${e.entidadId}:${e.accion}`);
      const expected = [`donativo:${giftId}:crear`, `cuota:${feeId}:crear`];

      const adminPerson = await get<ListHistoryResponse>('admin', `/api/personas/${personaId}/historial`);
      expect(money(adminPerson.body.items)).toEqual(expected);
      const adminPet = await get<ListHistoryResponse>('admin', `/api/mascotas/${petId}/historial`);
      expect(money(adminPet.body.items)).toEqual(expected);

      const teamPerson = await get<ListHistoryResponse>('staff', `/api/personas/${personaId}/historial`);
      expect(money(teamPerson.body.items)).toEqual([]);
      expect(teamPerson.body.total).toBe(adminPerson.body.total - 2);
      expect(teamPerson.text).not.toMatch(/importe/);
      const teamPet = await get<ListHistoryResponse>('staff', `/api/mascotas/${petId}/historial`);
      expect(money(teamPet.body.items)).toEqual([]);
      expect(teamPet.text).not.toMatch(/importe/);

      // The RGPD export is the administrators' (DESIGN section 20): the team is refused it.
      expect((await t.as('staff').inject({ method: 'GET', url: `/api/personas/${personaId}/exportar` })).statusCode).toBe(403);
      const adminExport = await get<PersonExport>('admin', `/api/personas/${personaId}/exportar`);
      expect(money(adminExport.body.historial as ListHistoryResponse['items'])).toEqual(expected);
      expect(adminExport.body.vinculos.cuotas?.length).toBeGreaterThan(0);
      expect(adminExport.body.vinculos.donativos?.length).toBeGreaterThan(0);
    });
  });
});
