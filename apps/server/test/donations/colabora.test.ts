import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiErrorBody,
  type ColaboraPage,
  type ColaboraResult,
  type Fee,
  type GiftsResponse,
  colaboraMessages,
  dayInZone,
} from '@refugio/contracts';
import { fee, gift, historyEvent, messageTemplate, orgSetting, person, pet } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/* The public page /colabora (DESIGN section 15): what it reads, what a submission stores, and how staff confirm it. */

const IBAN = 'ES9121000418450200051332';
const member = {
  tipo: 'socio',
  importe: '10,50',
  periodicidad: 'mensual',
  nombre: 'Lucía',
  apellidos: 'García Pérez',
  nif: '12345678z',
  email: 'Lucia@Example.com',
  telefono: '600 111 222',
  direccion: 'Calle del Olmo 3',
  codigoPostal: '28001',
  iban: 'ES91 2100 0418 4502 0005 1332',
  consentimientoMandato: true,
  privacidad: true,
};

describe('/colabora', () => {
  let t: TestApp;
  let today: string;
  let listed: number;
  let draft: number;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp();
    today = dayInZone(new Date(), t.config.orgTimeZone);
    const [a] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Bruma', edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', estado: 'publicada', imagenPrincipal: 'b.jpg' })
      .returning();
    const [b] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Oculto', edad: '1 año', tipo: 'Gato', genero: 'macho', tamano: 'mediano', estado: 'borrador' })
      .returning();
    listed = a!.id;
    draft = b!.id;
  });
  afterAll(() => t.close());

  // Each submission from its own address: the per-address budget is tested on its own below.
  const send = (payload: Record<string, unknown>, remoteAddress = `198.51.100.${++address}`) =>
    t.app.inject({ method: 'POST', url: '/api/public/colabora', remoteAddress, payload });
  const eventsOf = async (entidad: string, id: number) =>
    t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, entidad), eq(historyEvent.entidadId, String(id))));

  it('reads the organisation, its texts (Spanish defaults, then its own), the amounts and only the public animals', async () => {
    const res = await t.app.inject('/api/public/colabora');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<ColaboraPage>();
    expect(page.organizacion.ley49).toBe(false);
    expect(page.textos.mandato).toMatch(/orden de domiciliación/);
    expect(page.textos.privacidad).toMatch(/modelo 182/);
    expect(page.importesSugeridos.socio.length).toBeGreaterThan(0);
    expect(page.mascotas.map((p) => [p.id, p.nombre])).toEqual([[listed, 'Bruma']]);
    expect(page.mascotas[0]!.miniatura).toContain(`/${listed}/`);

    await t.database.db
      .insert(messageTemplate)
      .values({ clave: 'colabora_privacidad', asunto: '', cuerpo: 'Nuestro aviso, de {{organizacion.nombre}}.', activa: true });
    await t.database.db.insert(orgSetting).values({ clave: 'colabora.importes', valor: JSON.stringify({ socio: [7, 12.5] }) });
    const own = (await t.app.inject('/api/public/colabora')).json<ColaboraPage>();
    expect(own.textos.privacidad).toMatch(/^Nuestro aviso, de /);
    expect(own.importesSugeridos.socio).toEqual([7, 12.5]);
    expect(own.importesSugeridos.donativo).toEqual(page.importesSugeridos.donativo);
  });

  it('a member: a person with NIF and postcode, a pending fee with a new mandate signed today, history by the public, IBAN masked', async () => {
    const res = await send(member);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain(IBAN);
    const answer = res.json<ColaboraResult>();
    expect(answer).toMatchObject({
      tipo: 'socio',
      estado: 'pendiente',
      importe: 10.5,
      importeCentimos: 1050,
      periodicidad: 'mensual',
      metodoPago: 'domiciliacion',
    });
    expect(answer.iban).toMatch(/^ES91 .*1332$/);
    expect(answer.mandato.fechaFirma).toBe(today);
    expect(answer.mandato.referencia).toMatch(/^COLABORA-\d{8}-[0-9A-Z]{10}$/);

    const [row] = await t.database.db.select().from(fee).where(eq(fee.id, answer.id));
    expect(row).toMatchObject({ estado: 'pendiente', iban: IBAN, importeCentimos: 1050, desde: today, mandatoReferencia: answer.mandato.referencia });
    const [who] = await t.database.db.select().from(person).where(eq(person.id, row!.personaId));
    expect(who).toMatchObject({
      nombre: 'Lucía',
      apellidos: 'García Pérez',
      nif: '12345678Z',
      codigoPostal: '28001',
      email: 'lucia@example.com',
      roles: ['socio'],
    });
    const [created] = await eventsOf('cuota', answer.id);
    expect(created).toMatchObject({ accion: 'crear', actorTipo: 'publico' });
    expect(JSON.stringify(created)).not.toContain(IBAN);

    // The same person again (same e-mail, same first name) is linked, not duplicated; a second mandate is new.
    const again = await send({ ...member, importe: 20 });
    expect(again.statusCode, again.body).toBe(201);
    const [second] = await t.database.db.select().from(fee).where(eq(fee.id, again.json<ColaboraResult>().id));
    expect(second!.personaId).toBe(row!.personaId);
    expect(second!.mandatoReferencia).not.toBe(row!.mandatoReferencia);

    // The same e-mail and first name under another NIF is not trusted: a new person, a possible duplicate.
    const other = await send({ ...member, nif: 'X1234567L' });
    expect(other.statusCode, other.body).toBe(201);
    const [third] = await t.database.db.select().from(fee).where(eq(fee.id, other.json<ColaboraResult>().id));
    expect(third!.personaId).not.toBe(row!.personaId);
    const duplicates = await t.as('admin').inject({ method: 'GET', url: `/api/personas/${third!.personaId}/duplicados` });
    expect(duplicates.json<{ persona: { id: number } }[]>().map((d) => d.persona.id)).toContain(row!.personaId);
  });

  it('a sponsor needs a listed animal: a hidden or missing one is 404 in Spanish and stores nothing', async () => {
    const before = (await t.database.db.select().from(fee)).length;
    for (const mascotaId of [draft, 999_999]) {
      const res = await send({ ...member, tipo: 'padrino', mascotaId, email: 'padrino@example.com' });
      expectErrorShape(res, 404);
      expect(res.json<ApiErrorBody>().message).toBe(colaboraMessages.petNotListed);
    }
    const missing = await send({ ...member, tipo: 'padrino', email: 'padrino@example.com' });
    expectErrorShape(missing, 400);
    expect(missing.json<ApiErrorBody>().fieldErrors?.mascotaId).toBe(colaboraMessages.petRequired);
    expect((await t.database.db.select().from(fee)).length).toBe(before);
    expect(await t.database.db.select().from(person).where(eq(person.email, 'padrino@example.com'))).toEqual([]);

    const ok = await send({ ...member, tipo: 'padrino', mascotaId: listed, email: 'padrino@example.com', periodicidad: 'anual' });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.database.db.select().from(fee).where(eq(fee.id, ok.json<ColaboraResult>().id));
    expect(row).toMatchObject({ tipo: 'padrino', petId: listed, estado: 'pendiente', periodicidad: 'anual' });
  });

  it('a one-off gift: a pending gift with its mandate, counted nowhere until confirmed', async () => {
    const res = await send({ ...member, tipo: 'donativo', periodicidad: undefined, importe: 50, email: 'donante@example.com', nombre: 'Pablo' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<ColaboraResult>();
    expect(answer).toMatchObject({ tipo: 'donativo', estado: 'pendiente', periodicidad: null, importeCentimos: 5000 });
    const [row] = await t.database.db.select().from(gift).where(eq(gift.id, answer.id));
    expect(row).toMatchObject({ estado: 'pendiente', metodo: 'domiciliacion', concepto: 'donativo', iban: IBAN, fecha: today });
    const [who] = await t.database.db.select().from(person).where(eq(person.id, row!.personaId!));
    expect(who!.roles).toEqual(['donante']);
    const list = (await t.as('admin').inject({ method: 'GET', url: `/api/donativos?personaId=${who!.id}` })).json<GiftsResponse>();
    expect(list.items[0]!.estado).toBe('pendiente');
    expect(list.items[0]!.iban).toMatch(/^ES91 \*/);
    expect(list.importeTotalCentimos).toBe(0);

    const withPeriod = await send({ ...member, tipo: 'donativo' });
    expectErrorShape(withPeriod, 400);
    expect(withPeriod.json<ApiErrorBody>().fieldErrors?.periodicidad).toBe(colaboraMessages.periodOnlyRecurring);
  });

  it('refuses bad input with the field named, in Spanish, storing nothing', async () => {
    const before = (await t.database.db.select().from(person)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ iban: 'ES9121000418450200051333' }, 'iban'],
      [{ nif: '12345678A' }, 'nif'],
      [{ nif: undefined }, 'nif'],
      [{ codigoPostal: '99999' }, 'codigoPostal'],
      [{ importe: '12,345' }, 'importe'],
      [{ importe: 0 }, 'importe'],
      [{ periodicidad: undefined }, 'periodicidad'],
      [{ consentimientoMandato: false }, 'consentimientoMandato'],
      [{ privacidad: false }, 'privacidad'],
      [{ nombre: 'Ana\u0000' }, 'nombre'],
      [{ apellidos: '<b>García</b>' }, 'apellidos'],
      [{ direccion: '=HYPERLINK("x")' }, 'direccion'],
      [{ email: 'no-es-correo' }, 'email'],
      [{ telefono: '12' }, 'telefono'],
      [{ tipo: 'mecenas' }, 'tipo'],
      [{ mascotaId: listed }, 'mascotaId'],
    ];
    for (const [change, field] of cases) {
      const res = await send({ ...member, ...change, email: change.email ?? 'malo@example.com' });
      expectErrorShape(res, 400);
      const errors = res.json<ApiErrorBody>().fieldErrors ?? {};
      expect(Object.keys(errors), `${field}: ${res.body}`).toContain(field);
    }
    expect((await t.database.db.select().from(person)).length).toBe(before);
  });

  it('a filled honeypot answers like a success and stores nothing', async () => {
    const persons = (await t.database.db.select().from(person)).length;
    const fees = (await t.database.db.select().from(fee)).length;
    const res = await send({ ...member, email: 'robot@example.com', sitioWeb: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json<ColaboraResult>()).toMatchObject({ id: 0, estado: 'pendiente' });
    expect(res.body).not.toContain(IBAN);
    expect((await t.database.db.select().from(person)).length).toBe(persons);
    expect((await t.database.db.select().from(fee)).length).toBe(fees);
  });

  it('staff confirm a pending fee (history by the administrator); twice at once: one wins, the other 409', async () => {
    for (let round = 0; round < 3; round++) {
      const made = await send({ ...member, email: `carrera${round}@example.com` });
      const id = made.json<ColaboraResult>().id;
      const confirm = () => t.as('admin').inject({ method: 'POST', url: `/api/cuotas/${id}/confirmar`, payload: { version: 1 } });
      const [a, b] = await Promise.all([confirm(), confirm()]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
      const won = [a, b].find((r) => r.statusCode === 200)!;
      expect(won.json<Fee>()).toMatchObject({ estado: 'activa', version: 2 });
      expect(won.body).not.toContain(IBAN);
      const moves = (await eventsOf('cuota', id)).filter((e) => e.accion === 'estado');
      expect(moves).toHaveLength(1);
      expect(moves[0]).toMatchObject({ actorTipo: 'usuario' });
    }
    const staff = await t.as('staff').inject({ method: 'POST', url: '/api/cuotas/1/confirmar', payload: { version: 1 } });
    expect(staff.statusCode).toBe(403);
  });

  it('staff reject a pending fee by ending it, and a pending gift by annulling it; a pending gift is confirmed once collected', async () => {
    const fee1 = (await send({ ...member, email: 'rechazo@example.com' })).json<ColaboraResult>().id;
    const left = await t.as('admin').inject({
      method: 'POST',
      url: `/api/cuotas/${fee1}/baja`,
      payload: { fecha: today, motivo: 'Datos no verificados', version: 1 },
    });
    expect(left.statusCode, left.body).toBe(200);
    const late = await t.as('admin').inject({ method: 'POST', url: `/api/cuotas/${fee1}/confirmar`, payload: { version: 2 } });
    expectErrorShape(late, 409);

    const giftA = (await send({ ...member, tipo: 'donativo', periodicidad: undefined, email: 'g1@example.com' })).json<ColaboraResult>().id;
    const returned = await t.as('admin').inject({ method: 'POST', url: `/api/donativos/${giftA}/devolucion`, payload: { version: 1 } });
    expectErrorShape(returned, 409);
    const annulled = await t.as('admin').inject({ method: 'POST', url: `/api/donativos/${giftA}/anular`, payload: { motivo: 'No', version: 1 } });
    expect(annulled.statusCode, annulled.body).toBe(200);

    const giftB = (await send({ ...member, tipo: 'donativo', periodicidad: undefined, email: 'g2@example.com' })).json<ColaboraResult>().id;
    const future = await t
      .as('admin')
      .inject({ method: 'POST', url: `/api/donativos/${giftB}/confirmar`, payload: { version: 1, fecha: '2999-01-01' } });
    expectErrorShape(future, 400);
    const confirm = () => t.as('admin').inject({ method: 'POST', url: `/api/donativos/${giftB}/confirmar`, payload: { version: 1 } });
    const [a, b] = await Promise.all([confirm(), confirm()]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
    const [row] = await t.database.db.select().from(gift).where(eq(gift.id, giftB));
    expect(row).toMatchObject({ estado: 'registrado', fecha: today, version: 2 });
    expect((await eventsOf('donativo', giftB)).filter((e) => e.accion === 'estado')).toHaveLength(1);
  });
});

describe('/colabora: the per-address budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_SUBMISSIONS_PER_HOUR: '2' });
  });
  afterAll(() => t.close());

  it('refuses the third submission from one address within the hour, not another address', async () => {
    const send = (email: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/public/colabora', remoteAddress, payload: { ...member, email } });
    expect((await send('a@example.com', '203.0.113.9')).statusCode).toBe(201);
    expect((await send('b@example.com', '203.0.113.9')).statusCode).toBe(201);
    const third = await send('c@example.com', '203.0.113.9');
    expectErrorShape(third, 429);
    expect((await t.database.db.select().from(person).where(eq(person.email, 'c@example.com'))).length).toBe(0);
    expect((await send('d@example.com', '203.0.113.10')).statusCode).toBe(201);
  });
});
