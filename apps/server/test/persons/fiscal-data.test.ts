import { type ApiErrorBody, type ListHistoryResponse, type Person, type PersonExport, fiscalMessages } from '@refugio/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEvent, person } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/*
 * A person's fiscal data (DESIGN section 15): the NIF (NIF, NIE or CIF, check character verified) and the postcode,
 * stored normalised, named in the history, taken by a merge like the document, cleared and redacted by the
 * anonymisation, and part of the export.
 */

describe("a person's NIF and postcode", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const staff = () => t.as('staff');
  const create = (payload: object) => staff().inject({ method: 'POST', url: '/api/personas', payload });
  const getPerson = async (id: number) => (await staff().inject({ method: 'GET', url: `/api/personas/${id}` })).json<Person>();
  const patch = (id: number, payload: object) => staff().inject({ method: 'PATCH', url: `/api/personas/${id}`, payload });
  const historyOf = async (id: number) =>
    (await staff().inject({ method: 'GET', url: `/api/personas/${id}/historial?pageSize=50` })).json<ListHistoryResponse>().items;
  const eventCount = async () => (await t.database.db.select().from(historyEvent)).length;

  it('creates with both, stored normalised, named in the history; both are optional', async () => {
    const res = await create({ nombre: 'Nuria', email: 'nuria@example.com', nif: ' 12.345.678-z ', codigoPostal: ' 28013 ' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Person>();
    expect(created).toMatchObject({ nif: '12345678Z', codigoPostal: '28013' });
    const [row] = await t.database.db.select().from(person).where(eq(person.id, created.id));
    expect(row).toMatchObject({ nif: '12345678Z', codigoPostal: '28013' });
    const [event] = await historyOf(created.id);
    expect(event).toMatchObject({ accion: 'crear', cambios: { nif: [null, '12345678Z'], codigoPostal: [null, '28013'] } });

    const list = await staff().inject({ method: 'GET', url: '/api/personas?q=nuria' });
    expect(list.json<{ items: Person[] }>().items[0]).toMatchObject({ nif: '12345678Z', codigoPostal: '28013' });

    const without = await create({ nombre: 'Olga', email: 'olga@example.com' });
    expect(without.statusCode, without.body).toBe(201);
    expect(without.json<Person>()).toMatchObject({ nif: null, codigoPostal: null });
    const empty = await create({ nombre: 'Pilar', email: 'pilar@example.com', nif: '', codigoPostal: null });
    expect(empty.json<Person>()).toMatchObject({ nif: null, codigoPostal: null });
  });

  it('refuses a bad NIF or postcode with a 400 naming the field in Spanish, and changes nothing', async () => {
    const before = await eventCount();
    const refused = await create({ nombre: 'Quima', email: 'quima@example.com', nif: '12345678A' });
    expectErrorShape(refused, 400);
    expect(refused.json<ApiErrorBody>().fieldErrors).toEqual({ nif: fiscalMessages.nifControl });
    expect(await t.database.db.select().from(person).where(eq(person.email, 'quima@example.com'))).toEqual([]);

    const created = (await create({ nombre: 'Rita', email: 'rita@example.com', nif: 'X1234567L', codigoPostal: '08001' })).json<Person>();
    const afterCreate = await eventCount();
    expect(afterCreate).toBe(before + 1);
    for (const [payload, fieldErrors] of [
      [{ nif: 'B64717830' }, { nif: fiscalMessages.cifControl }],
      [{ nif: 'hola' }, { nif: fiscalMessages.fiscalIdFormat }],
      [{ nif: 12345678 }, { nif: fiscalMessages.fiscalIdFormat }],
      [{ nif: '12345678Z\u202E' }, { nif: fiscalMessages.fiscalIdFormat }],
      [{ codigoPostal: '53001' }, { codigoPostal: fiscalMessages.postcode }],
      [{ codigoPostal: '8001' }, { codigoPostal: fiscalMessages.postcode }],
      [{ codigoPostal: '28013\n' }, { codigoPostal: fiscalMessages.postcode }],
    ] as const) {
      const res = await patch(created.id, { version: created.version, ciudad: 'Barcelona', ...payload });
      expectErrorShape(res, 400);
      expect(res.json<ApiErrorBody>().fieldErrors, JSON.stringify(payload)).toEqual(fieldErrors);
    }
    expect(await getPerson(created.id)).toMatchObject({ nif: 'X1234567L', codigoPostal: '08001', ciudad: '', version: created.version });
    expect(await eventCount()).toBe(afterCreate);
  });

  it('edits them with a history event; an empty value clears them', async () => {
    const created = (await create({ nombre: 'Sara', email: 'sara@example.com', nif: '12345678Z' })).json<Person>();
    const changed = await patch(created.id, { version: created.version, nif: 'b-6471783-8', codigoPostal: '52006' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Person>()).toMatchObject({ nif: 'B64717838', codigoPostal: '52006', version: created.version + 1 });
    expect((await historyOf(created.id))[0]).toMatchObject({
      accion: 'modificar',
      cambios: { nif: ['12345678Z', 'B64717838'], codigoPostal: [null, '52006'] },
    });

    const cleared = await patch(created.id, { version: created.version + 1, nif: '', codigoPostal: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<Person>()).toMatchObject({ nif: null, codigoPostal: null });
    expect((await historyOf(created.id))[0]!.cambios).toEqual({ nif: ['B64717838', null], codigoPostal: ['52006', null] });

    // The same value written otherwise is no change: no event.
    const same = (await patch(created.id, { version: created.version + 2, nif: '12345678Z' })).json<Person>();
    const events = await eventCount();
    expect((await patch(created.id, { version: same.version, nif: '12.345.678-z' })).json<Person>().version).toBe(same.version);
    expect(await eventCount()).toBe(events);
  });

  it('a merge takes them as the document: chosen, or the other record fills a gap', async () => {
    const keep = (await create({ nombre: 'Teresa', email: 'teresa@example.com' })).json<Person>();
    const other = (await create({ nombre: 'Teresa', email: 'teresa2@example.com', nif: 'Y1234567X', codigoPostal: '41001' })).json<Person>();
    const res = await staff().inject({ method: 'POST', url: `/api/personas/${keep.id}/fusionar`, payload: { conId: other.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Person>()).toMatchObject({ nif: 'Y1234567X', codigoPostal: '41001' });
    expect((await historyOf(keep.id)).find((e) => e.accion === 'fusionar' && e.entidadId === String(keep.id))?.cambios).toMatchObject({
      nif: [null, 'Y1234567X'],
      codigoPostal: [null, '41001'],
    });

    const third = (await create({ nombre: 'Teresa', email: 'teresa3@example.com', nif: '12345678Z' })).json<Person>();
    const chosen = await staff().inject({
      method: 'POST',
      url: `/api/personas/${keep.id}/fusionar`,
      payload: { conId: third.id, valores: { nif: '12345678z', codigoPostal: '' } },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<Person>()).toMatchObject({ nif: '12345678Z', codigoPostal: null });

    const fourth = (await create({ nombre: 'Teresa', email: 'teresa4@example.com' })).json<Person>();
    const bad = await staff().inject({
      method: 'POST',
      url: `/api/personas/${keep.id}/fusionar`,
      payload: { conId: fourth.id, valores: { nif: '12345678A' } },
    });
    expectErrorShape(bad, 400);
    expect(await getPerson(fourth.id)).toMatchObject({ nombre: 'Teresa' });
  });

  it('the export includes them', async () => {
    const created = (await create({ nombre: 'Úrsula', email: 'ursula@example.com', nif: 'X1234567L', codigoPostal: '01001' })).json<Person>();
    const res = await t.as('admin').inject({ method: 'GET', url: `/api/personas/${created.id}/exportar` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PersonExport>().persona).toMatchObject({ nif: 'X1234567L', codigoPostal: '01001' });
  });

  it('the anonymisation clears them, and the history no longer shows them', async () => {
    const created = (await create({ nombre: 'Vera', email: 'vera@example.com', nif: '87654321X', codigoPostal: '46001' })).json<Person>();
    await patch(created.id, { version: created.version, nif: 'Z7654321H', codigoPostal: '46002' });
    const res = await t.as('admin').inject({ method: 'POST', url: `/api/personas/${created.id}/anonimizar` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Person>()).toMatchObject({ nif: null, codigoPostal: null, anonimizada: true });
    const [row] = await t.database.db.select().from(person).where(eq(person.id, created.id));
    expect(row).toMatchObject({ nif: null, codigoPostal: null });
    const events = await t.database.db.select().from(historyEvent);
    expect(JSON.stringify(events)).not.toMatch(/87654321X|Z7654321H|46001|46002/);
    const own = await historyOf(created.id);
    expect(own.find((e) => e.accion === 'crear')?.cambios).toMatchObject({ nif: [null, '[anonimizado]'], codigoPostal: [null, '[anonimizado]'] });
  });
});
