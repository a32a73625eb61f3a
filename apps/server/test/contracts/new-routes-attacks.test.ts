import { type ApiErrorBody, type OrganizationSettings, dayInZone, donationMessages } from '@refugio/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fee, gift, historyEvent, modelo182Presentacion, person, surrender } from '../../src/db/schema';
import { MAX_FIELD_ERRORS, errorHandlerPlugin } from '../../src/plugins/error-handler';
import { PUBLIC_URL, type TestApp, cookieHeader, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type Part, multipart } from '../helpers/media';
import { totpCode } from '../helpers/totp';

/*
 * Issue 47, attacked from outside: the routes the round added or changed (the modelo 182's presentations, the
 * deductible switch, "Usar estos datos" of fees and gifts, /cesion's DNI/NIE, the TOTP step and /api/ready) refuse
 * forged cross-origin writes, callers without the capability, hostile text and impossible ids with a 4xx in
 * Spanish and change nothing; of two identical writes at once exactly one wins and its history is written once.
 */

const PASSWORD = 'clave-de-prueba-segura-1';
/** Words a message in English would carry (zod's or Fastify's defaults): none may reach a person. */
const ENGLISH = /\b(expected|invalid input|required|must be|received|unrecognized|too (big|small)|internal server)\b/i;

describe('attacks on the routes of issue 47', () => {
  let t: TestApp;
  let today: string;
  let year: number;
  const cookies: Record<string, string> = {};
  let marta: number;
  let luis: number;
  let giftId: number;
  let annulledId: number;
  let submittedGiftId: number;
  let submittedFeeId: number;
  let annulledSubmittedId: number;

  const as = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { origin: PUBLIC_URL, ...(cookies[who] ? { cookie: cookies[who] } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const insertPerson = async (values: Partial<typeof person.$inferInsert> & { nombre: string }) => {
    const [row] = await t.database.db
      .insert(person)
      .values({ apellidos: '', roles: ['donante'], ...values })
      .returning();
    return row!.id;
  };
  const insertGift = async (values: Partial<typeof gift.$inferInsert> & { personaId: number | null }) => {
    const [row] = await t.database.db
      .insert(gift)
      .values({ metodo: 'transferencia', concepto: 'donativo', estado: 'registrado', importeCentimos: 5_000, fecha: `${year - 1}-05-05`, ...values })
      .returning();
    return row!.id;
  };

  /** Everything the attacked routes could change: compared before and after each refused attack. */
  const snapshot = async () => {
    const db = t.database.db;
    return {
      presentations: await db.select().from(modelo182Presentacion).orderBy(asc(modelo182Presentacion.id)),
      gifts: await db.select().from(gift).orderBy(asc(gift.id)),
      fees: await db.select().from(fee).orderBy(asc(fee.id)),
      persons: await db
        .select({ id: person.id, nif: person.nif, codigoPostal: person.codigoPostal, direccion: person.direccion, version: person.version })
        .from(person)
        .orderBy(asc(person.id)),
      surrenders: (await db.select({ n: count() }).from(surrender))[0]!.n,
      history: (await db.select({ n: count() }).from(historyEvent))[0]!.n,
    };
  };

  /** The writes of this round, each valid for a caller with the capability. */
  const writes = () =>
    [
      ['POST', '/api/fiscal/modelo-182/presentaciones', { anio: year - 1, presentadaEn: today, justificante: '1820000000901' }],
      ['PATCH', `/api/donativos/${giftId}`, { deducible: false, version: 1 }],
      ['POST', `/api/donativos/${submittedGiftId}/usar-datos`, {}],
      ['POST', `/api/cuotas/${submittedFeeId}/usar-datos`, { campos: ['nif'] }],
    ] as const;

  /** A refusal: the status, a Spanish message, and nothing of the records in the body. */
  const expectRefused = (res: LightMyRequestResponse, status: number, label: string) => {
    expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
    const body = expectErrorShape(res, status) as ApiErrorBody;
    expect(body.message, label).not.toMatch(ENGLISH);
    for (const m of Object.values(body.fieldErrors ?? {})) expect(m, label).not.toMatch(ENGLISH);
    for (const secret of ['12345678Z', '08001', 'Otra calle', 'Marta', '50,00']) expect(res.body, label).not.toContain(secret);
    // Nothing sent is echoed back at length: 10 000 wrong items are not answered with 10 000 messages.
    expect(res.body.length, label).toBeLessThan(4_000);
  };

  beforeAll(async () => {
    t = await createTestApp();
    today = dayInZone(new Date(), t.config.orgTimeZone);
    year = Number(today.slice(0, 4));
    for (const role of ['Administrador', 'Tesorería', 'Coordinación', 'Equipo', 'Voluntariado', 'Veterinaria'] as const) {
      const email = `${role.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}@refugio.test`;
      await t.createUser({ email, password: PASSWORD, role });
      cookies[role] = await t.signIn(email, PASSWORD);
    }
    const version = (await as('Administrador', 'GET', '/api/organizacion')).json<OrganizationSettings>().version;
    const saved = await as('Administrador', 'PUT', '/api/organizacion', {
      nombre: 'Refugio Patitas',
      email: null,
      telefono: '600 12 34 56',
      direccion: null,
      web: null,
      zonaHoraria: t.config.orgTimeZone,
      nif: 'G28015865',
      ley49: true,
      version,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    marta = await insertPerson({ nombre: 'Marta', apellidos: 'Conocida', direccion: 'Calle Mayor 1' });
    luis = await insertPerson({ nombre: 'Luis', apellidos: 'Declarado', nif: '23456789D', codigoPostal: '41001' });
    giftId = await insertGift({ personaId: luis });
    annulledId = await insertGift({ personaId: luis, estado: 'anulado', anuladoMotivo: 'Error' });
    const enviados = { nif: '12345678Z', codigoPostal: '08001', direccion: 'Otra calle 9' };
    submittedGiftId = await insertGift({ personaId: marta, fecha: today, datosEnviados: enviados });
    annulledSubmittedId = await insertGift({
      personaId: marta,
      fecha: today,
      estado: 'anulado',
      anuladoMotivo: 'Rechazado',
      datosEnviados: enviados,
    });
    const [f] = await t.database.db
      .insert(fee)
      .values({
        personaId: marta,
        tipo: 'socio',
        importeCentimos: 1_000,
        periodicidad: 'mensual',
        desde: today,
        metodoPago: 'transferencia',
        datosEnviados: enviados,
      })
      .returning();
    submittedFeeId = f!.id;
  }, 120_000);
  afterAll(() => t.close());

  it('(1) refuses a forged cross-origin write with 403 and changes nothing', async () => {
    const before = await snapshot();
    for (const [method, url, payload] of writes()) {
      for (const headers of [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: 'http://localhost:3001' },
        { origin: '', referer: 'https://evil.example/ataque.html' },
        { origin: '' },
        { origin: 'https://evil.example', 'content-type': 'text/plain' },
      ]) {
        const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== ''));
        const res = await t.app.inject({
          method,
          url,
          headers: { cookie: cookies.Tesorería!, ...clean },
          payload: clean['content-type'] === 'text/plain' ? JSON.stringify(payload) : payload,
        });
        expectRefused(res, 403, `${method} ${url} ${JSON.stringify(clean)}`);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('(2) refuses callers without the money capability (403) and nobody (401); nothing changes, nothing leaks', async () => {
    const before = await snapshot();
    for (const [method, url, payload] of writes()) {
      for (const role of ['Equipo', 'Voluntariado', 'Veterinaria']) expectRefused(await as(role, method, url, payload), 403, `${role} ${url}`);
      expectRefused(await as('nadie', method, url, payload), 401, `anonymous ${url}`);
      // A role in the body is not read.
      expectRefused(await as('Equipo', method, url, { ...payload, rol: 'Administrador', role: 'Administrador' }), 403, `Equipo+rol ${url}`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('(3) refuses hostile text and wrong types with a 400 in Spanish, never a 5xx, and stores nothing', async () => {
    const before = await snapshot();
    const present = (body: Record<string, unknown>) =>
      as('Tesorería', 'POST', '/api/fiscal/modelo-182/presentaciones', {
        anio: year - 1,
        presentadaEn: today,
        justificante: '1820000000902',
        ...body,
      });
    const hostile = [
      '1820000000902\u0000',
      '182\u202E0000000902',
      '182000000090\ud800',
      '1'.repeat(10_000),
      '182'.padEnd(10_000, '0'),
      ' 1820000000902\n',
    ];
    for (const justificante of hostile)
      expectRefused(await present({ justificante }), 400, `justificante ${JSON.stringify(justificante.slice(0, 20))}`);
    for (const body of [
      { justificante: 1820000000902 },
      { justificante: ['1820000000902'] },
      { justificante: { valor: '1820000000902' } },
      { anio: String(year - 1) },
      { anio: [year - 1] },
      { anio: -1 },
      { anio: 1e300 },
      { anio: year - 1.5 },
      { anio: year },
      { anio: 1999 },
      { presentadaEn: [today] },
      { presentadaEn: `${today}\u0000` },
      { presentadaEn: '9999-12-31' },
      { presentadaEn: '2026-02-30' },
      { presentadaEn: 'x'.repeat(10_000) },
    ])
      expectRefused(await present(body), 400, `presentation ${JSON.stringify(body).slice(0, 60)}`);
    expectRefused(await as('Tesorería', 'POST', '/api/fiscal/modelo-182/presentaciones', [{ anio: year - 1 }]), 400, 'presentation as array');
    expectRefused(
      await as('Tesorería', 'POST', '/api/fiscal/modelo-182/presentaciones', 'null', { 'content-type': 'application/json' }),
      400,
      'null',
    );

    const patch = (body: unknown, id = giftId) => as('Tesorería', 'PATCH', `/api/donativos/${id}`, body);
    for (const body of [
      { deducible: 'false', version: 1 },
      { deducible: 0, version: 1 },
      { deducible: [false], version: 1 },
      { deducible: null, version: 1 },
      { deducible: 'false\u0000', version: 1 },
      { deducible: false, version: '1' },
      { deducible: false, version: [1] },
      { deducible: false, version: -1 },
      { deducible: false, version: 1.5 },
      { deducible: false, version: 1e300 },
      { deducible: false },
      { version: 1 },
      [{ deducible: false, version: 1 }],
    ])
      expectRefused(await patch(body), 400, `PATCH ${JSON.stringify(body)}`);

    for (const [url, label] of [
      [`/api/donativos/${submittedGiftId}/usar-datos`, 'gift'],
      [`/api/cuotas/${submittedFeeId}/usar-datos`, 'fee'],
    ] as const) {
      for (const body of [
        { campos: 'nif' },
        { campos: ['nif\u0000'] },
        { campos: ['\u202Enif'] },
        { campos: ['nif\ud800'] },
        { campos: ['n'.repeat(10_000)] },
        { campos: Array.from({ length: 10_000 }, () => 'x') },
        { campos: [] },
        { campos: [1] },
        { campos: { nif: '99999999R' } },
        { campos: 'x'.repeat(10_000) },
      ])
        expectRefused(await as('Tesorería', 'POST', url, body), 400, `${label} usar-datos ${JSON.stringify(body).slice(0, 50)}`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('(3) ignores unknown fields: a value, an owner, a state or an amount in the body never reaches the records', async () => {
    const other = await insertPerson({ nombre: 'Ajena', apellidos: 'Otra' });
    const applied = await as('Tesorería', 'POST', `/api/donativos/${submittedGiftId}/usar-datos`, {
      campos: ['codigoPostal'],
      codigoPostal: '28001',
      valores: { nif: '99999999R', codigoPostal: '28001' },
      personaId: other,
      nif: '99999999R',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const rows = await t.database.db.select().from(person).where(eq(person.id, marta));
    expect(rows[0]).toMatchObject({ nif: null, codigoPostal: '08001', direccion: 'Calle Mayor 1' });
    expect((await t.database.db.select().from(person).where(eq(person.id, other)))[0]).toMatchObject({ nif: null, codigoPostal: null });

    const extra = await as('Tesorería', 'PATCH', `/api/donativos/${giftId}`, {
      deducible: true,
      version: 1,
      importeCentimos: 1,
      importe: '0,01',
      estado: 'anulado',
      personaId: other,
      fecha: '2000-01-01',
    });
    expect(extra.statusCode, extra.body).toBe(200);
    expect((await t.database.db.select().from(gift).where(eq(gift.id, giftId)))[0]).toMatchObject({
      importeCentimos: 5_000,
      estado: 'registrado',
      personaId: luis,
      fecha: `${year - 1}-05-05`,
      deducible: true,
      version: 1,
    });
  });

  it('(4) of two identical writes at once exactly one wins, the other is 409, and the history is written once', async () => {
    const events = async (entidad: string, entidadId?: number) =>
      (
        await t.database.db
          .select({ n: count() })
          .from(historyEvent)
          .where(
            entidadId === undefined
              ? eq(historyEvent.entidad, entidad)
              : and(eq(historyEvent.entidad, entidad), eq(historyEvent.entidadId, String(entidadId))),
          )
      )[0]!.n;
    const statuses = (answers: LightMyRequestResponse[]) => answers.map((r) => r.statusCode).sort();

    // Two presentations of one year (one click twice; two tabs with another justificante each).
    const body = { anio: year - 1, presentadaEn: today, justificante: '1820000000903', tipo: 'sustitutiva', numero: 0 };
    const twice = await Promise.all([0, 1].map(() => as('Tesorería', 'POST', '/api/fiscal/modelo-182/presentaciones', body)));
    expect(statuses(twice), twice.map((r) => r.body).join('\n')).toEqual([201, 409]);
    const won = twice.find((r) => r.statusCode === 201)!.json<{ tipo: string; numero: number }>();
    expect(won).toMatchObject({ tipo: 'normal' });
    expect(won.numero).toBeGreaterThan(0);
    expectRefused(
      twice.find((r) => r.statusCode === 409)!,
      409,
      'second presentation',
    );
    const nuevo = await insertPerson({ nombre: 'Nueva', apellidos: 'Donante', nif: '87654321X', codigoPostal: '46001' });
    await insertGift({ personaId: nuevo });
    const tabs = await Promise.all(
      ['1820000000904', '1820000000905'].map((justificante) =>
        as('Coordinación', 'POST', '/api/fiscal/modelo-182/presentaciones', { anio: year - 1, presentadaEn: today, justificante }),
      ),
    );
    expect(statuses(tabs), tabs.map((r) => r.body).join('\n')).toEqual([201, 409]);
    expect(await t.database.db.select().from(modelo182Presentacion)).toHaveLength(2);
    expect(await events('modelo_182')).toBe(2);

    // PATCH of one gift with one version, twice at once.
    const gid = await insertGift({ personaId: luis });
    const patches = await Promise.all([0, 1].map(() => as('Tesorería', 'PATCH', `/api/donativos/${gid}`, { deducible: false, version: 1 })));
    expect(statuses(patches), patches.map((r) => r.body).join('\n')).toEqual([200, 409]);
    expect(patches.find((r) => r.statusCode === 409)!.json<ApiErrorBody>().message).toBe(donationMessages.giftStale);
    expect(await events('donativo', gid)).toBe(1);

    // "Usar estos datos" of one fee twice at once, and of one gift.
    const fresh = await insertPerson({ nombre: 'Rosa', apellidos: 'Carrera' });
    const [f] = await t.database.db
      .insert(fee)
      .values({
        personaId: fresh,
        tipo: 'socio',
        importeCentimos: 1_000,
        periodicidad: 'mensual',
        desde: today,
        metodoPago: 'transferencia',
        datosEnviados: { nif: '11111111H', codigoPostal: '29001' },
      })
      .returning();
    const fees = await Promise.all([0, 1].map(() => as('Tesorería', 'POST', `/api/cuotas/${f!.id}/usar-datos`, {})));
    expect(statuses(fees), fees.map((r) => r.body).join('\n')).toEqual([200, 409]);
    expect(fees.find((r) => r.statusCode === 409)!.json<ApiErrorBody>().message).toBe(donationMessages.noSubmittedData);
    expect(await events('persona', fresh)).toBe(1);
    expect((await t.database.db.select().from(person).where(eq(person.id, fresh)))[0]).toMatchObject({ nif: '11111111H', codigoPostal: '29001' });

    const other = await insertPerson({ nombre: 'Pablo', apellidos: 'Carrera' });
    const g = await insertGift({ personaId: other, fecha: today, datosEnviados: { direccion: 'Calle Nueva 2' } });
    const gifts = await Promise.all([0, 1].map(() => as('Tesorería', 'POST', `/api/donativos/${g}/usar-datos`, { campos: ['direccion'] })));
    expect(statuses(gifts), gifts.map((r) => r.body).join('\n')).toEqual([200, 409]);
    expect(await events('persona', other)).toBe(1);
  });

  it('(5) answers ids that do not exist 404, impossible ids 400 and an annulled gift 409, never 500, changing nothing', async () => {
    const before = await snapshot();
    // What z.coerce reads as a number (hexadecimal, surrounding spaces) is that id: here one that does not exist.
    for (const id of ['999999', '2147483647', '0x7fffffff', '%20999999']) {
      expectRefused(await as('Tesorería', 'PATCH', `/api/donativos/${id}`, { deducible: false, version: 1 }), 404, `PATCH ${id}`);
      expectRefused(await as('Tesorería', 'POST', `/api/donativos/${id}/usar-datos`, {}), 404, `gift usar-datos ${id}`);
      expectRefused(await as('Tesorería', 'POST', `/api/cuotas/${id}/usar-datos`, {}), 404, `fee usar-datos ${id}`);
    }
    for (const id of ['0', '-1', '2147483648', '1e30', '99999999999999999999', '1.5', 'abc', '%00', '1%00', '%E2%80%AE1', '-0', '1e3.5']) {
      expectRefused(await as('Tesorería', 'PATCH', `/api/donativos/${id}`, { deducible: false, version: 1 }), 400, `PATCH ${id}`);
      expectRefused(await as('Tesorería', 'POST', `/api/donativos/${id}/usar-datos`, {}), 400, `gift usar-datos ${id}`);
      expectRefused(await as('Tesorería', 'POST', `/api/cuotas/${id}/usar-datos`, {}), 400, `fee usar-datos ${id}`);
    }
    const annulled = await as('Tesorería', 'PATCH', `/api/donativos/${annulledId}`, { deducible: false, version: 1 });
    expectRefused(annulled, 409, 'PATCH annulled');
    expect(annulled.json<ApiErrorBody>().message).toBe(donationMessages.giftNotDeductibleChange);
    // What a form said in a gift staff annulled (a rejected submission) never reaches the person's record.
    const rejected = await as('Tesorería', 'POST', `/api/donativos/${annulledSubmittedId}/usar-datos`, { campos: ['nif'] });
    expectRefused(rejected, 409, 'usar-datos of an annulled gift');
    expect(rejected.json<ApiErrorBody>().message).toBe(donationMessages.submittedDataAnnulled);
    expect(await snapshot()).toEqual(before);
  });

  describe('/cesion, the public form with the owner DNI/NIE', () => {
    const fields = (overrides: Record<string, string> = {}): Part[] =>
      Object.entries({
        nombre: 'Marta',
        email: 'marta.ruiz@example.org',
        telefono: '612 345 678',
        documento: '12345678Z',
        nombreAnimal: 'Toby',
        especie: 'Perro',
        sexo: 'macho',
        edad: '3 años',
        motivo: 'Me mudo a un piso donde no admiten perros.',
        urgencia: 'media',
        aceptaPrivacidad: 'true',
        ...overrides,
      }).map(([name, value]) => ({ name, value }));
    const submit = (parts: Part[], headers: Record<string, string> = {}) => {
      const body = multipart(parts);
      return t.app.inject({ method: 'POST', url: '/api/public/cesiones', payload: body.payload, headers: { ...body.headers, ...headers } });
    };

    it('refuses a hostile or wrong document with a 400 on the field in Spanish and stores nothing', async () => {
      const before = await snapshot();
      const loneSurrogateBytes = Buffer.concat([Buffer.from('12345678'), Buffer.from([0xed, 0xa0, 0x80])]);
      for (const documento of [
        '12345678Z\u0000',
        '\u202E12345678Z',
        '12345678\u200BZ',
        '12345678Z\n',
        '1'.repeat(10_000),
        'é'.repeat(10_000),
        '12345678',
        '12345678A',
        'X1234567A',
        '',
        ' ',
      ]) {
        const res = await submit(fields({ documento }));
        expect(res.statusCode, `${JSON.stringify(documento.slice(0, 12))}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        const body = res.json<ApiErrorBody>();
        expect(body.message).not.toMatch(ENGLISH);
        if (res.statusCode === 400) expect(body.fieldErrors?.documento, JSON.stringify(body)).toEqual(expect.any(String));
      }
      const bytes = await submit([...fields().filter((p) => p.name !== 'documento'), { name: 'documento', value: loneSurrogateBytes }]);
      expect(bytes.statusCode, bytes.body).toBe(400);
      expect(bytes.json<ApiErrorBody>().fieldErrors?.documento).toEqual(expect.any(String));
      // The document sent twice (an array for a scalar): refused, not the last one taken silently.
      const twice = await submit([...fields(), { name: 'documento', value: 'X1234567L' }]);
      expect(twice.statusCode, twice.body).toBe(400);
      expect(twice.json<ApiErrorBody>().message).not.toMatch(ENGLISH);
      expect(await snapshot()).toEqual(before);
    });

    it('takes a valid document from any site (a public form) and ignores the fields it does not ask', async () => {
      const res = await submit(fields({ documento: 'x-1234567-l', estado: 'aceptada', personaId: String(marta), mascotaId: '1' }), {
        origin: 'https://evil.example',
      });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.database.db.select().from(surrender).where(eq(surrender.id, res.json<{ id: number }>().id));
      expect(row).toMatchObject({ estado: 'nueva', documento: 'X1234567L' });
      expect(row!.personaId).not.toBe(marta);
    });
  });

  it('the TOTP step: a forged verification is refused, hostile codes are 4xx, a code signs in once', async () => {
    const email = 'totp-ataque@refugio.test';
    await t.createUser({ email, password: PASSWORD, role: 'Tesorería' });
    const post = (url: string, payload: unknown, cookie: string, origin = PUBLIC_URL) =>
      t.app.inject({ method: 'POST', url, headers: { origin, cookie }, payload: payload as object });
    const signIn = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: PUBLIC_URL }, payload: { email, password: PASSWORD } });
    const session = cookieHeader(await signIn());
    const enabled = await post('/api/auth/two-factor/enable', { password: PASSWORD }, session);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI } = enabled.json<{ totpURI: string }>();
    const now = Date.now();
    expect((await post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI, now - 30_000) }, session)).statusCode).toBe(200);

    const pending = cookieHeader(await signIn());
    const code = totpCode(totpURI, now);
    // A page of another site cannot finish someone's second step.
    for (const origin of ['https://evil.example', 'null']) {
      const forged = await post('/api/auth/two-factor/verify-totp', { code }, pending, origin);
      expect(forged.statusCode, forged.body).toBe(403);
    }
    for (const bad of [`${code}\u0000`, `\u202E${code}`, `${code.slice(0, 5)}\ud800`, '1'.repeat(10_000), Number(code), [code], { code }, null]) {
      const res = await post('/api/auth/two-factor/verify-totp', { code: bad }, pending);
      expect(res.statusCode, `${JSON.stringify(bad).slice(0, 20)}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    // The code was never used by those refusals: it signs in once, and replayed within its window it is refused.
    const good = await post('/api/auth/two-factor/verify-totp', { code }, pending);
    expect(good.statusCode, good.body).toBe(200);
    const again = cookieHeader(await signIn());
    expect((await post('/api/auth/two-factor/verify-totp', { code }, again)).statusCode).toBe(401);
  });

  it('/api/ready answers the probe and nothing else, and tells nothing of the server', async () => {
    const ok = await t.app.inject({ url: '/api/ready?x=%00&y=%E2%80%AE' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', database: 'ok' });
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: '/api/ready', headers: { origin: 'https://evil.example' }, payload: {} });
      expect(res.statusCode, `${method}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const noisy = await t.app.inject({ url: '/api/ready', headers: { 'x-forwarded-for': 'x'.repeat(10_000), cookie: 'a=%E2%80%AE' } });
    expect(noisy.statusCode).toBe(200);
    expect(noisy.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('names at most MAX_FIELD_ERRORS fields in one refusal: 10 000 wrong items are not 10 000 messages', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    await app.register(errorHandlerPlugin);
    app.post('/lista', { schema: { body: z.object({ items: z.array(z.enum(['a', 'b'])) }) } }, () => ({ ok: true }));
    try {
      const res = await app.inject({ method: 'POST', url: '/lista', payload: { items: Array.from({ length: 10_000 }, () => 'x') } });
      const body = expectErrorShape(res, 400, 'VALIDATION_ERROR') as ApiErrorBody;
      expect(Object.keys(body.fieldErrors ?? {})).toHaveLength(MAX_FIELD_ERRORS);
      expect(res.body.length).toBeLessThan(4_000);
    } finally {
      await app.close();
    }
  });
});
