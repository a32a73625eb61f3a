import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fee, type Gift, type GiftsResponse, type FeesResponse, type PersonExport, dayInZone, parseEurosToCents } from '@refugio/contracts';
import { fee, gift, historyEvent, person, pet } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/*
 * Members' fees, sponsorships and the money received (DESIGN section 15): amounts kept exactly in cents, the IBAN
 * stored whole and answered masked, the person's role, the history of every change (none for a refused one), gifts
 * never deleted.
 */

const IBAN = 'ES91 2100 0418 4502 0005 1332';
const IBAN_STORED = 'ES9121000418450200051332';
const IBAN_MASKED = 'ES91 **** **** **** **** 1332';

describe('fees and gifts', () => {
  let t: TestApp;
  let today: string;
  const admin = () => t.as('admin');

  beforeAll(async () => {
    t = await createTestApp();
    today = dayInZone(new Date(), t.config.orgTimeZone);
  });
  afterAll(() => t.close());

  const insertPerson = async (nombre: string, roles: string[] = [], email: string | null = null) => {
    const [row] = await t.database.db.insert(person).values({ nombre, apellidos: 'Prueba', roles, email }).returning();
    return row!.id;
  };
  const insertPet = async (nombre: string, values: Partial<typeof pet.$inferInsert> = {}) => {
    const [row] = await t.database.db
      .insert(pet)
      .values({ nombre, edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', esterilizado: 'no', ...values })
      .returning();
    return row!.id;
  };
  const rolesOf = async (id: number) => (await t.database.db.select({ roles: person.roles }).from(person).where(eq(person.id, id)))[0]!.roles;
  const eventsOf = (entidad: string, entidadId?: number) =>
    t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, entidad), entidadId === undefined ? undefined : eq(historyEvent.entidadId, String(entidadId))));
  const eventCount = async () => (await t.database.db.select().from(historyEvent)).length;
  const createFee = (personaId: number, body: Record<string, unknown>) =>
    admin().inject({ method: 'POST', url: `/api/personas/${personaId}/cuotas`, payload: body });
  const createGift = (body: Record<string, unknown>) => admin().inject({ method: 'POST', url: '/api/donativos', payload: body });
  const socioBody = { tipo: 'socio', importe: '10,00', periodicidad: 'mensual', desde: '2026-01-01', metodoPago: 'transferencia' };
  const directDebit = (extra: Record<string, unknown> = {}) => ({
    ...socioBody,
    metodoPago: 'domiciliacion',
    iban: IBAN,
    mandato: { referencia: 'MANDATO-001', fechaFirma: '2026-01-01' },
    ...extra,
  });

  describe('amounts', () => {
    it('reads euros digit by digit into cents', () => {
      expect(parseEurosToCents('1.234,56')).toBe(123456);
      expect(parseEurosToCents('1,234.56')).toBe(123456);
      expect(parseEurosToCents('12,50')).toBe(1250);
      expect(parseEurosToCents('12.50')).toBe(1250);
      expect(parseEurosToCents('0,10')).toBe(10);
      expect(parseEurosToCents(0.29)).toBe(29);
      expect(parseEurosToCents(1.15)).toBe(115);
      expect(parseEurosToCents(12.5)).toBe(1250);
      expect(parseEurosToCents(1000000)).toBe(100_000_000);
      for (const bad of [12.345, '12,345', '1.234', 0, '0,00', -5, '-5', 1000000.01, 'doce', '', '1e3', 1e21, Number.NaN, '12,5,0', null, true]) {
        expect(parseEurosToCents(bad), String(bad)).toBeNull();
      }
    });
  });

  describe('fees', () => {
    it('creates a member fee: 201, active, exact amount; the person becomes socio; history written', async () => {
      const personaId = await insertPerson('Ana', ['adoptante']);
      const res = await createFee(personaId, { ...socioBody, importe: '1.234,56' });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<Fee>();
      expect(body).toMatchObject({
        persona: { id: personaId, nombre: 'Ana Prueba' },
        tipo: 'socio',
        estado: 'activa',
        importe: 1234.56,
        importeCentimos: 123456,
        iban: null,
        mandato: null,
        mascota: null,
        hasta: null,
        version: 1,
      });
      const [row] = await t.database.db.select().from(fee).where(eq(fee.id, body.id));
      expect(row!.importeCentimos).toBe(123456);
      expect(await rolesOf(personaId)).toEqual(['adoptante', 'socio']);
      const events = await eventsOf('cuota', body.id);
      expect(events).toHaveLength(1);
      expect(events[0]!.accion).toBe('crear');
      expect(events[0]!.cambios).toMatchObject({ tipo: [null, 'socio'], importe: [null, 1234.56] });
      const personEvents = await eventsOf('persona', personaId);
      expect(personEvents.some((e) => JSON.stringify(e.cambios).includes('socio'))).toBe(true);
    });

    it('a direct debit keeps the IBAN whole and answers it masked, in the list and the export too', async () => {
      const personaId = await insertPerson('Berta');
      const res = await createFee(personaId, directDebit());
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<Fee>();
      expect(body.iban).toBe(IBAN_MASKED);
      expect(body.mandato).toEqual({ referencia: 'MANDATO-001', fechaFirma: '2026-01-01' });
      const [row] = await t.database.db.select().from(fee).where(eq(fee.id, body.id));
      expect(row!.iban).toBe(IBAN_STORED);
      const list = await admin().inject({ method: 'GET', url: `/api/cuotas?personaId=${personaId}` });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.body).not.toContain(IBAN_STORED);
      expect(list.json<FeesResponse>().items[0]!.iban).toBe(IBAN_MASKED);
      const exported = await admin().inject({ method: 'GET', url: `/api/personas/${personaId}/exportar` });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.body).not.toContain(IBAN_STORED);
      expect(exported.json<PersonExport>().vinculos.cuotas).toHaveLength(1);
      const events = await eventsOf('cuota', body.id);
      expect(JSON.stringify(events)).not.toContain(IBAN_STORED);
      expect(JSON.stringify(events)).toContain(IBAN_MASKED);
    });

    it('refuses what a fee cannot be, in Spanish, writing nothing', async () => {
      const personaId = await insertPerson('Carla');
      const before = await eventCount();
      const cases: [Record<string, unknown>, string][] = [
        [{ ...socioBody, importe: 12.345 }, 'importe'],
        [{ ...socioBody, importe: '0' }, 'importe'],
        [{ ...socioBody, importe: -3 }, 'importe'],
        [{ ...socioBody, importe: '1.000.000,01' }, 'importe'],
        [{ ...socioBody, tipo: 'padrino' }, 'mascotaId'],
        [{ ...socioBody, metodoPago: 'domiciliacion' }, 'iban'],
        [directDebit({ iban: 'ES91 2100 0418 4502 0005 1333' }), 'iban'],
        [directDebit({ mandato: undefined }), 'mandato'],
        [{ ...socioBody, iban: IBAN }, 'iban'],
        [directDebit({ mandato: { referencia: 'M-1', fechaFirma: '2999-01-01' } }), 'mandato.fechaFirma'],
        [{ ...socioBody, periodicidad: 'semanal' }, 'periodicidad'],
        [{ ...socioBody, desde: '2026-02-30' }, 'desde'],
        [{ ...socioBody, tipo: 'padrino', mascotaId: 999_999 }, 'mascotaId'],
      ];
      for (const [payload, field] of cases) {
        const res = await createFee(personaId, payload);
        expectErrorShape(res, 400);
        const fieldErrors = res.json<{ fieldErrors?: Record<string, string> }>().fieldErrors ?? {};
        expect(Object.keys(fieldErrors), `${JSON.stringify(payload)} -> ${res.body}`).toContain(field);
        expect(Object.values(fieldErrors).join(' ')).toMatch(/[a-záéíóúñ]/);
      }
      expect(await t.database.db.select().from(fee).where(eq(fee.personaId, personaId))).toHaveLength(0);
      expect(await eventCount()).toBe(before);
      expect(await rolesOf(personaId)).toEqual([]);
    });

    it('a sponsorship needs a live pet and makes the person padrino; the list names person and pet and filters', async () => {
      const personaId = await insertPerson('Diana');
      const petId = await insertPet('Toby');
      const deleted = await insertPet('Borrada', { deletedAt: new Date() });
      expectErrorShape(await createFee(personaId, { ...socioBody, tipo: 'padrino', mascotaId: deleted }), 400);
      const res = await createFee(personaId, { ...socioBody, tipo: 'padrino', mascotaId: petId, importe: 5, periodicidad: 'anual' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Fee>()).toMatchObject({ tipo: 'padrino', mascota: { id: petId, nombre: 'Toby' }, importe: 5, importeCentimos: 500 });
      expect(await rolesOf(personaId)).toEqual(['padrino']);
      const list = await admin().inject({ method: 'GET', url: `/api/cuotas?tipo=padrino&mascotaId=${petId}` });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<FeesResponse>()).toMatchObject({
        total: 1,
        page: 1,
        pageSize: 25,
        items: [{ persona: { nombre: 'Diana Prueba' }, mascota: { nombre: 'Toby' } }],
      });
      expectErrorShape(await admin().inject({ method: 'GET', url: '/api/cuotas?tipo=otro' }), 400);
    });

    it('a missing person is 404, an anonymised one 409', async () => {
      expectErrorShape(await createFee(999_999, socioBody), 404);
      const personaId = await insertPerson('Elena');
      await t.database.db.update(person).set({ anonimizadaEn: new Date() }).where(eq(person.id, personaId));
      expectErrorShape(await createFee(personaId, socioBody), 409);
    });

    it('leaves a fee: baja with its date and reason; stale or twice is 409 and writes nothing', async () => {
      const personaId = await insertPerson('Flora');
      const created = (await createFee(personaId, socioBody)).json<Fee>();
      const leave = (body: Record<string, unknown>) => admin().inject({ method: 'POST', url: `/api/cuotas/${created.id}/baja`, payload: body });
      expectErrorShape(await leave({ fecha: '2025-12-31', motivo: 'Cambio', version: 1 }), 400);
      expectErrorShape(await leave({ fecha: '2026-03-31', motivo: 'Cambio', version: 7 }), 409);
      const events = await eventCount();
      const res = await leave({ fecha: '2026-03-31', motivo: 'Se muda', version: 1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Fee>()).toMatchObject({ estado: 'baja', hasta: '2026-03-31', bajaMotivo: 'Se muda', version: 2 });
      expect(await eventCount()).toBe(events + 1);
      expectErrorShape(await leave({ fecha: '2026-03-31', motivo: 'Otra vez', version: 2 }), 409);
      expect(await eventCount()).toBe(events + 1);
      expectErrorShape(
        await admin().inject({ method: 'POST', url: '/api/cuotas/999999/baja', payload: { fecha: '2026-03-31', motivo: 'x', version: 1 } }),
        404,
      );
      const list = await admin().inject({ method: 'GET', url: `/api/cuotas?estado=baja&personaId=${personaId}` });
      expect(list.json<FeesResponse>().total).toBe(1);
    });

    it('is for administrators only', async () => {
      const personaId = await insertPerson('Gema');
      expectErrorShape(await t.as('staff').inject({ method: 'POST', url: `/api/personas/${personaId}/cuotas`, payload: socioBody }), 403);
      expectErrorShape(await t.as('staff').inject({ method: 'GET', url: '/api/cuotas' }), 403);
      expectErrorShape(await t.as('staff').inject({ method: 'GET', url: '/api/donativos' }), 403);
    });
  });

  describe('gifts', () => {
    it('sums exactly in cents: 0,10 + 0,20 is 0.30, annulled and returned gifts left out', async () => {
      const personaId = await insertPerson('Hugo');
      const g = async (importe: unknown, metodo = 'bizum') => {
        const res = await createGift({ personaId, importe, fecha: '2026-01-10', metodo, concepto: 'donativo' });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<Gift>();
      };
      const a = await g('0,10');
      expect(a).toMatchObject({ importe: 0.1, importeCentimos: 10, estado: 'registrado', persona: { id: personaId }, referencia: '' });
      await g(0.2);
      const list = async (query = '') => {
        const res = await admin().inject({ method: 'GET', url: `/api/donativos?personaId=${personaId}${query}` });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<GiftsResponse>();
      };
      expect(await list()).toMatchObject({ total: 2, importeTotal: 0.3, importeTotalCentimos: 30 });
      const annulled = await g('5,00');
      const debit = await g('7,00', 'domiciliacion');
      expect((await list()).importeTotal).toBe(12.3);
      expect(
        (await admin().inject({ method: 'POST', url: `/api/donativos/${annulled.id}/anular`, payload: { motivo: 'Error', version: 1 } })).statusCode,
      ).toBe(200);
      expect((await admin().inject({ method: 'POST', url: `/api/donativos/${debit.id}/devolucion`, payload: { version: 1 } })).statusCode).toBe(200);
      expect(await list()).toMatchObject({ total: 4, importeTotal: 0.3 });
      expect(await list('&estado=anulado')).toMatchObject({ total: 1, importeTotal: 0 });
      expect((await list('&desde=2026-01-11')).total).toBe(0);
      expect((await list('&concepto=teaming')).total).toBe(0);
      expectErrorShape(await admin().inject({ method: 'GET', url: '/api/donativos?desde=2026-02-01&hasta=2026-01-01' }), 400);
    });

    it('an anonymous gift; a person becomes donante unless socio or padrino; history written', async () => {
      const anonymous = await createGift({ importe: '1.234,56', fecha: today, metodo: 'efectivo', concepto: 'evento', referencia: 'Mercadillo' });
      expect(anonymous.statusCode, anonymous.body).toBe(201);
      expect(anonymous.json<Gift>()).toMatchObject({ persona: null, importeCentimos: 123456, referencia: 'Mercadillo' });
      const [row] = await t.database.db.select().from(gift).where(eq(gift.id, anonymous.json<Gift>().id));
      expect(row!.importeCentimos).toBe(123456);
      expect(await eventsOf('donativo', row!.id)).toHaveLength(1);

      const donor = await insertPerson('Inés', ['adoptante']);
      expect((await createGift({ personaId: donor, importe: 20, fecha: today, metodo: 'bizum', concepto: 'donativo' })).statusCode).toBe(201);
      expect(await rolesOf(donor)).toEqual(['adoptante', 'donante']);

      const member = await insertPerson('Juan');
      const memberFee = (await createFee(member, socioBody)).json<Fee>();
      const paid = await createGift({
        personaId: member,
        importe: 10,
        fecha: today,
        metodo: 'transferencia',
        concepto: 'cuota',
        cuotaId: memberFee.id,
      });
      expect(paid.statusCode, paid.body).toBe(201);
      expect(paid.json<Gift>().cuotaId).toBe(memberFee.id);
      expect(await rolesOf(member)).toEqual(['socio']);
    });

    it('refuses a future date, a fee of another person, a missing pet, bad amounts; 404/409 for the person', async () => {
      const personaId = await insertPerson('Karen');
      const other = await insertPerson('Luis');
      const othersFee = (await createFee(other, socioBody)).json<Fee>();
      const before = await eventCount();
      const base = { personaId, importe: 10, fecha: today, metodo: 'bizum', concepto: 'donativo' };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...base, fecha: '2999-01-01' }, 'fecha'],
        [{ ...base, cuotaId: othersFee.id }, 'cuotaId'],
        [{ ...base, personaId: undefined, cuotaId: othersFee.id }, 'cuotaId'],
        [{ ...base, cuotaId: 999_999 }, 'cuotaId'],
        [{ ...base, mascotaId: 999_999 }, 'mascotaId'],
        [{ ...base, importe: 12.345 }, 'importe'],
        [{ ...base, importe: '12,345' }, 'importe'],
        [{ ...base, importe: 0 }, 'importe'],
        [{ ...base, concepto: 'regalo' }, 'concepto'],
        [{ ...base, metodo: 'cheque' }, 'metodo'],
      ];
      for (const [payload, field] of cases) {
        const res = await createGift(payload);
        expectErrorShape(res, 400);
        expect(Object.keys(res.json<{ fieldErrors?: Record<string, string> }>().fieldErrors ?? {}), res.body).toContain(field);
      }
      expectErrorShape(await createGift({ ...base, personaId: 999_999 }), 404);
      await t.database.db.update(person).set({ anonimizadaEn: new Date() }).where(eq(person.id, other));
      expectErrorShape(await createGift({ ...base, personaId: other }), 409);
      expect(await eventCount()).toBe(before);
      expect(await t.database.db.select().from(gift).where(eq(gift.personaId, personaId))).toHaveLength(0);
      expect(await rolesOf(personaId)).toEqual([]);
    });

    it('annuls once (kept, never deleted), returns only direct debits; stale versions are 409', async () => {
      const made = await createGift({ importe: 3, fecha: today, metodo: 'tarjeta', concepto: 'donativo' });
      const id = made.json<Gift>().id;
      const annul = (body: Record<string, unknown>) => admin().inject({ method: 'POST', url: `/api/donativos/${id}/anular`, payload: body });
      expectErrorShape(await admin().inject({ method: 'POST', url: `/api/donativos/${id}/devolucion`, payload: { version: 1 } }), 409);
      expectErrorShape(await annul({ motivo: 'x', version: 5 }), 409);
      expectErrorShape(await annul({ motivo: '', version: 1 }), 400);
      const events = await eventCount();
      const res = await annul({ motivo: 'Duplicado', version: 1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Gift>()).toMatchObject({ estado: 'anulado', anuladoMotivo: 'Duplicado', version: 2 });
      expect(await eventCount()).toBe(events + 1);
      expectErrorShape(await annul({ motivo: 'Otra', version: 2 }), 409);
      expect(await eventCount()).toBe(events + 1);
      expect(await t.database.db.select().from(gift).where(eq(gift.id, id))).toHaveLength(1);
      expectErrorShape(await admin().inject({ method: 'DELETE', url: `/api/donativos/${id}` }), 404);
      expectErrorShape(await admin().inject({ method: 'POST', url: '/api/donativos/999999/anular', payload: { motivo: 'x', version: 1 } }), 404);

      const debit = (await createGift({ importe: 3, fecha: today, metodo: 'domiciliacion', concepto: 'cuota' })).json<Gift>();
      const returned = await admin().inject({ method: 'POST', url: `/api/donativos/${debit.id}/devolucion`, payload: { version: 1 } });
      expect(returned.statusCode, returned.body).toBe(200);
      expect(returned.json<Gift>()).toMatchObject({ estado: 'devuelto', version: 2 });
      expect(returned.json<Gift>().devueltoEn).not.toBeNull();
      expectErrorShape(await admin().inject({ method: 'POST', url: `/api/donativos/${debit.id}/devolucion`, payload: { version: 2 } }), 409);
      expectErrorShape(await admin().inject({ method: 'POST', url: `/api/donativos/${debit.id}/anular`, payload: { motivo: 'x', version: 2 } }), 409);
    });
  });

  describe('persons', () => {
    it('a merge moves fees and gifts; an anonymisation keeps the figures', async () => {
      const keep = await insertPerson('Mar', [], 'mar@example.com');
      const other = await insertPerson('Mar', [], 'mar.otra@example.com');
      const theirFee = (await createFee(other, directDebit({ mandato: { referencia: 'MANDATO-MAR', fechaFirma: '2026-01-01' } }))).json<Fee>();
      const theirGift = (await createGift({ personaId: other, importe: '9,99', fecha: today, metodo: 'bizum', concepto: 'donativo' })).json<Gift>();
      const merged = await t.as('staff').inject({ method: 'POST', url: `/api/personas/${keep}/fusionar`, payload: { conId: other } });
      expect(merged.statusCode, merged.body).toBe(200);
      expect((await t.database.db.select().from(fee).where(eq(fee.id, theirFee.id)))[0]!.personaId).toBe(keep);
      expect((await t.database.db.select().from(gift).where(eq(gift.id, theirGift.id)))[0]!.personaId).toBe(keep);

      const anonymised = await admin().inject({ method: 'POST', url: `/api/personas/${keep}/anonimizar` });
      expect(anonymised.statusCode, anonymised.body).toBe(200);
      const list = await admin().inject({ method: 'GET', url: `/api/donativos?personaId=${keep}` });
      expect(list.json<GiftsResponse>()).toMatchObject({ total: 1, importeTotal: 9.99 });
      expect((await t.database.db.select().from(fee).where(eq(fee.id, theirFee.id)))[0]).toMatchObject({ importeCentimos: 1000, iban: IBAN_STORED });
    });
  });
});
