import { type ApiErrorBody, type ListHistoryResponse, type OrganizationSettings, fiscalMessages, organizationMessages } from '@refugio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEvent, orgSetting } from '../../src/db/schema';
import { ORGANIZATION_SETTING_KEY } from '../../src/modules/organization/organization-settings';
import { ADMIN, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/*
 * The organisation's fiscal data (DESIGN section 15): its NIF, whether it is under Ley 49/2002, its registry numbers
 * and its SEPA creditor identifier, saved on "Configuración" with the rest of the organisation (one JSON value).
 */

describe("the organisation's fiscal data (/api/organizacion)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ORG_NAME: 'Refugio Patitas', ORG_TIME_ZONE: 'Europe/Madrid' });
    await t.createUser(ADMIN);
  });
  afterAll(() => t.close());

  const base = { nombre: 'Refugio Patitas', email: null, telefono: null, direccion: null, web: null, zonaHoraria: 'Europe/Madrid' };
  const get = async () => (await t.as('staff').inject({ method: 'GET', url: '/api/organizacion' })).json<OrganizationSettings>();
  const save = (payload: object) => t.as('admin').inject({ method: 'PUT', url: '/api/organizacion', payload: { ...base, ...payload } });
  const events = async () =>
    (await t.as('admin').inject({ method: 'GET', url: '/api/auditoria?entidad=organizacion&pageSize=50' })).json<ListHistoryResponse>().items;
  const none = { nif: null, ley49: false, registroEntidades: null, nucleoZoologico: null, acreedorSepa: null, ibanAcreedor: null };

  it('reads as empty (null, and false for Ley 49/2002) before anything is saved, and from a value saved before they existed', async () => {
    expect(await get()).toMatchObject({ ...none, version: 0 });
    await t.database.db.insert(orgSetting).values({
      clave: ORGANIZATION_SETTING_KEY,
      valor: JSON.stringify({
        nombre: 'Refugio Antiguo',
        email: null,
        telefono: null,
        direccion: null,
        web: null,
        zonaHoraria: 'Europe/Madrid',
        version: 3,
      }),
    });
    expect(await get()).toMatchObject({ ...none, nombre: 'Refugio Antiguo', version: 3 });
  });

  it('saves them normalised, with a history event naming the changed fields', async () => {
    const res = await save({
      nif: ' g-2826000-8 ',
      ley49: true,
      registroEntidades: ' 28/1234 ',
      nucleoZoologico: 'ES280790000123',
      acreedorSepa: 'es23 zzz 47690558n',
      ibanAcreedor: 'es91 2100 0418 4502 0005 1332',
      version: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = {
      nif: 'G28260008',
      ley49: true,
      registroEntidades: '28/1234',
      nucleoZoologico: 'ES280790000123',
      acreedorSepa: 'ES23ZZZ47690558N',
      ibanAcreedor: 'ES9121000418450200051332',
    };
    expect(res.json<OrganizationSettings>()).toMatchObject({ ...saved, version: 4 });
    expect(await get()).toMatchObject({ ...saved, version: 4 });
    const [event] = await events();
    expect(event).toMatchObject({ accion: 'modificar', entidad: 'organizacion' });
    expect(event!.cambios).toEqual({
      nombre: ['Refugio Antiguo', 'Refugio Patitas'],
      nif: [null, 'G28260008'],
      ley49: [false, true],
      registroEntidades: [null, '28/1234'],
      nucleoZoologico: [null, 'ES280790000123'],
      acreedorSepa: [null, 'ES23ZZZ47690558N'],
      // The organisation's account too is masked in the history: whole only in the bank file.
      ibanAcreedor: [null, 'ES91 **** **** **** **** 1332'],
    });
  });

  it('refuses a bad NIF, creditor identifier or registry number with a 400 naming the field, and changes nothing', async () => {
    const before = await get();
    const eventsBefore = (await t.database.db.select().from(historyEvent)).length;
    for (const [payload, fieldErrors] of [
      [{ nif: 'G28260007' }, { nif: fiscalMessages.cifControl }],
      [{ nif: 'ACME' }, { nif: fiscalMessages.fiscalIdFormat }],
      [{ acreedorSepa: 'ES24ZZZ47690558N' }, { acreedorSepa: fiscalMessages.sepaCreditorId }],
      [{ acreedorSepa: 'ES23ZZZ\u200B47690558N' }, { acreedorSepa: fiscalMessages.sepaCreditorId }],
      [{ ibanAcreedor: 'ES9121000418450200051333' }, { ibanAcreedor: fiscalMessages.ibanControl }],
      [{ registroEntidades: 'x'.repeat(41) }, { registroEntidades: organizationMessages.registryTooLong }],
      [{ nucleoZoologico: 'x'.repeat(41) }, { nucleoZoologico: organizationMessages.zooNucleusTooLong }],
      [{ ley49: 'sí' }, { ley49: organizationMessages.ley49Invalid }],
    ] as const) {
      const res = await save({ ...payload, direccion: 'Calle Nueva 1', version: before.version });
      expectErrorShape(res, 400);
      expect(res.json<ApiErrorBody>().fieldErrors, JSON.stringify(payload)).toEqual(fieldErrors);
    }
    expect(await get()).toEqual(before);
    expect((await t.database.db.select().from(historyEvent)).length).toBe(eventsBefore);
  });

  it('keeps them when a save leaves them out; an empty value clears them', async () => {
    const kept = await save({ direccion: 'Calle Sol 1', version: 4 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<OrganizationSettings>()).toMatchObject({ nif: 'G28260008', ley49: true, acreedorSepa: 'ES23ZZZ47690558N', version: 5 });
    expect((await events())[0]!.cambios).toEqual({ direccion: [null, 'Calle Sol 1'] });

    const cleared = await save({
      direccion: 'Calle Sol 1',
      nif: '',
      ley49: false,
      registroEntidades: null,
      nucleoZoologico: '',
      acreedorSepa: ' ',
      ibanAcreedor: '',
      version: 5,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<OrganizationSettings>()).toMatchObject({ ...none, version: 6 });
  });
});
