import { type Followup, type FollowupList, FOLLOWUP_LIMITS, followupMessages } from '@refugio/contracts';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaReferences } from '../../src/backup/media-references';
import { followup, historyEvent, message, person, pet, petImage } from '../../src/db/schema';
import { ADMIN, PUBLIC_URL, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type Part, jpeg, multipart } from '../helpers/media';
import { startSmtpServer } from '../helpers/smtp-test-server';

/*
 * Follow-up after an adoption (DESIGN section 13): check-ins planned at ADOPTION_FOLLOWUP_DAYS when an adoption
 * opens and sent by the job queue once across two instances, obligations planned when they apply and reminded 7
 * days before, the adopter's public page, "necesito ayuda" in Pendientes and e-mailed to the staff who chose it,
 * and a return that ends what still waits and keeps the answers.
 */

const ORG = {
  ORG_NAME: 'Refugio Patitas',
  ORG_CONTACT_EMAIL: 'hola@patitas.example',
  ORG_CONTACT_PHONE: '+34 911 000 000',
  ORG_TIME_ZONE: 'Europe/Madrid',
};
let session: string | undefined;
/** Moves the clock; a session signed in a month earlier has expired, so staff sign in again. */
const at = (iso: string) => {
  vi.setSystemTime(new Date(iso));
  session = undefined;
};

describe('follow-up after adoption', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let a: TestApp;
  let b: TestApp;
  const staff = () => ({
    async inject(options: InjectOptions) {
      session ??= await a.signIn(STAFF.email, STAFF.password);
      return a.app.inject({ ...options, headers: { origin: PUBLIC_URL, cookie: session, ...options.headers } });
    },
  });
  const anon = () => a.as('anonymous');

  beforeAll(async () => {
    // Only Date is faked: the queue, the services and the organisation's "today" read it; timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-03-01T10:00:00Z');
    smtp = await startSmtpServer();
    const env = { ...ORG, ADOPTION_FOLLOWUP_DAYS: '1,2', SMTP_URL: smtp.url, MAIL_FROM: 'Refugio Patitas <no-responder@patitas.example>' };
    a = await createTestApp(env);
    // A second instance on the same database, as behind a load balancer.
    b = await createTestApp(env, { database: a.database });
    await a.createUser(ADMIN);
    await a.createUser(STAFF);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.close();
    vi.useRealTimers();
  });

  const insertPet = async (nombre: string, identity: Partial<typeof pet.$inferInsert> = {}) => {
    const [row] = await a.database.db
      .insert(pet)
      .values({ nombre, edad: '2 años', tipo: 'Perro', genero: 'macho', tamano: 'mediano', esterilizado: 'si', ...identity })
      .returning();
    return row!.id;
  };
  const insertPerson = async (nombre: string) => {
    const [row] = await a.database.db
      .insert(person)
      .values({
        nombre,
        apellidos: 'Pérez Gil',
        email: `${nombre.toLowerCase()}@example.com`,
        telefono: '+34600111222',
        roles: ['adoptante'],
        consentimientoEmail: true,
        consentimientoWhatsapp: true,
      })
      .returning();
    return row!.id;
  };
  const version = async (petId: number) => (await a.database.db.select({ version: pet.version }).from(pet).where(eq(pet.id, petId)))[0]!.version;
  const move = async (petId: number, body: Record<string, unknown>, fecha: string) => {
    const res = await staff().inject({
      method: 'POST',
      url: `/api/mascotas/${petId}/movimientos`,
      payload: { fecha, version: await version(petId), ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const list = async (query: string) => {
    const res = await staff().inject({ method: 'GET', url: `/api/seguimientos?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FollowupList>();
  };
  const pending = async () =>
    (await staff().inject({ method: 'GET', url: '/api/pendientes' })).json<{
      seguimientosAyuda: number;
      obligacionesVencidas: number;
      total: number;
    }>();
  /** Both instances run their worker's poll at once (what each started queue does every few seconds). */
  const tickBoth = async () => {
    await Promise.all([a.app.jobs.tick(), b.app.jobs.tick()]);
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
  };
  const messagesAbout = async (id: number) =>
    a.database.db
      .select()
      .from(message)
      .where(and(eq(message.relacionEntidad, 'seguimiento'), eq(message.relacionId, String(id))));
  const answer = (token: string, fields: Record<string, string>, photos: { data: Buffer; name?: string; type?: string }[] = []) => {
    const parts: Part[] = [
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...photos.map((p, i) => ({ name: 'fotos', value: p.data, fileName: p.name ?? `foto${i}.jpg`, contentType: p.type ?? 'image/jpeg' })),
    ];
    const { payload, headers } = multipart(parts);
    return anon().inject({ method: 'POST', url: `/api/seguimiento/${token}`, payload, headers });
  };
  const tokenIn = (text: string) => /\/seguimiento\/([A-Za-z0-9_-]{20,})/.exec(text)?.[1];

  let luna: number;
  let ana: number;
  let token = '';
  let firstId = 0;

  it('plans one check-in per configured day and the obligations that apply, with their due dates', async () => {
    luna = await insertPet('Luna', { esterilizado: 'no', microchip: '941000024680135' });
    ana = await insertPerson('Ana');
    await move(luna, { tipo: 'adopcion', personaId: ana }, '2026-03-01');
    const items = (await list(`mascotaId=${luna}`)).items.map((i) => [i.tipo, i.vence, i.estado]);
    expect(items.sort()).toEqual(
      [
        ['cambio_titularidad_microchip', '2026-03-31', 'pendiente'],
        ['esterilizacion', '2026-04-30', 'pendiente'],
        ['seguimiento', '2026-03-02', 'pendiente'],
        ['seguimiento', '2026-03-03', 'pendiente'],
      ].sort(),
    );
    // A sterilised pet without a microchip: check-ins only.
    const nube = await insertPet('Nube');
    await move(nube, { tipo: 'adopcion', personaId: await insertPerson('Berta') }, '2026-03-01');
    expect((await list(`mascotaId=${nube}`)).items.map((i) => i.tipo)).toEqual(['seguimiento', 'seguimiento']);
    // A young pet: sterilisation when it is six months old (later than 60 days after the adoption).
    const cachorro = await insertPet('Chispa', { esterilizado: 'desconocido', fechaNacimiento: '2026-01-15' });
    await move(cachorro, { tipo: 'adopcion', personaId: await insertPerson('Carla') }, '2026-03-01');
    expect((await list(`mascotaId=${cachorro}&tipo=obligacion`)).items.map((i) => [i.tipo, i.vence])).toEqual([['esterilizacion', '2026-07-15']]);
    const events = await a.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'seguimiento'), eq(historyEvent.accion, 'crear')));
    expect(events.length).toBe(4 + 2 + 3);
  });

  it('sends each check-in on its day in the organisation zone, exactly once across two instances', async () => {
    await tickBoth();
    expect(smtp.received.filter((m) => m.to.includes('ana@example.com'))).toHaveLength(0);

    // 2 March, 00:30 in Madrid (23:30 UTC on 1 March): the first check-in's day has come.
    at('2026-03-01T23:30:00Z');
    await tickBoth();
    await tickBoth();
    const rows = await a.database.db
      .select()
      .from(followup)
      .where(and(eq(followup.petId, luna), eq(followup.tipo, 'seguimiento')));
    const first = rows.find((r) => r.vence === '2026-03-02')!;
    firstId = first.id;
    expect(first.estado).toBe('enviado');
    expect(rows.find((r) => r.vence === '2026-03-03')!.estado).toBe('pendiente');
    expect(await messagesAbout(first.id)).toHaveLength(1);
    const mails = smtp.received.filter((m) => m.to.includes('ana@example.com'));
    expect(mails).toHaveLength(1);
    token = tokenIn(mails[0]!.text)!;
    expect(token).toBeDefined();
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(first.tokenHash).not.toContain(token);

    // Another hour, both instances again: nothing more for that day.
    at('2026-03-02T01:30:00Z');
    await tickBoth();
    expect(await messagesAbout(first.id)).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes('ana@example.com'))).toHaveLength(1);
  });

  it('shows the adopter only their check-in, answers once, and tells staff at once when they need help', async () => {
    const choose = await staff().inject({
      method: 'PUT',
      url: '/api/cuenta/avisos',
      payload: { solicitudes: false, registros: false, seguimientos: true },
    });
    expect(choose.statusCode, choose.body).toBe(200);
    const view = await anon().inject({ method: 'GET', url: `/api/seguimiento/${token}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.json()).toEqual({
      organizacion: { nombre: 'Refugio Patitas', telefono: '+34 911 000 000' },
      persona: { nombre: 'Ana' },
      mascota: { nombre: 'Luna', foto: null },
      pregunta: followupMessages.question('Luna'),
      respondido: false,
    });

    const before = (await pending()).seguimientosAyuda;
    const sent = await answer(token, { comoVa: 'necesito_ayuda', comentario: 'No come desde ayer' }, [{ data: await jpeg() }]);
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await pending()).seguimientosAyuda).toBe(before + 1);
    const [item] = (await list('estado=ayuda')).items;
    expect(item).toMatchObject({
      id: firstId,
      estado: 'respondido',
      respuesta: { comoVa: 'necesito_ayuda', comentario: 'No come desde ayer', atendidoEn: null },
    });
    expect(item!.respuesta!.fotos).toHaveLength(1);
    const photo = await staff().inject({ method: 'GET', url: item!.respuesta!.fotos[0]!.url });
    expect(photo.statusCode).toBe(200);
    expect((await anon().inject({ method: 'GET', url: item!.respuesta!.fotos[0]!.url })).statusCode).toBe(401);

    await a.app.jobs.runDue();
    const told = smtp.received.filter((m) => m.to.includes(STAFF.email));
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toContain('Luna');
    expect(told[0]!.text).toContain('No come desde ayer');

    const replay = await answer(token, { comoVa: 'bien' });
    expectErrorShape(replay, 409);
    expect(replay.json<{ message: string }>().message).toBe(followupMessages.alreadyAnswered);
    expect((await anon().inject({ method: 'GET', url: `/api/seguimiento/${token}` })).json<{ respondido: boolean }>().respondido).toBe(true);

    // The backup keeps the photo and its thumbnail with the answer's row (DESIGN section 8's media references).
    const [row] = await a.database.db.select().from(followup).where(eq(followup.id, firstId));
    const references = (await mediaReferences(a.database.db)).filter((r) => r.table === 'followup').map((r) => r.key);
    expect(references).toEqual([row!.fotos[0]!.key, row!.fotos[0]!.thumbKey]);
    expect(references.every((key) => key.startsWith('seguimientos/'))).toBe(true);

    const handled = await staff().inject({ method: 'POST', url: `/api/seguimientos/${firstId}/atendido` });
    expect(handled.statusCode, handled.body).toBe(200);
    expect((await pending()).seguimientosAyuda).toBe(before);
  });

  it('answers the same 404 to unknown tokens, and 410 to an expired link', async () => {
    const unknown = await anon().inject({ method: 'GET', url: `/api/seguimiento/${'x'.repeat(43)}` });
    expectErrorShape(unknown, 404);
    const nul = await anon().inject({ method: 'GET', url: `/api/seguimiento/${encodeURIComponent('a\u0000b'.repeat(10))}` });
    expect(nul.statusCode).toBe(404);
    expect(nul.json<{ message: string }>().message).toBe(unknown.json<{ message: string }>().message);
    expectErrorShape(await answer('y'.repeat(43), { comoVa: 'bien' }), 404);

    const now = Date.now();
    at(new Date(now + (FOLLOWUP_LIMITS.linkDays + 1) * 86_400_000).toISOString());
    const expired = await anon().inject({ method: 'GET', url: `/api/seguimiento/${token}` });
    expectErrorShape(expired, 410);
    expect(expired.json<{ message: string }>().message).toBe(followupMessages.linkExpired);
    at(new Date(now).toISOString());
  });

  it('refuses oversized and disguised photos and bad answers, storing nothing; each link has its budget', async () => {
    // The second check-in, sent now by staff (a fresh link).
    const second = (
      await a.database.db
        .select()
        .from(followup)
        .where(and(eq(followup.petId, luna), eq(followup.vence, '2026-03-03')))
    )[0]!;
    const res = await staff().inject({ method: 'POST', url: `/api/seguimientos/${second.id}/enviar`, payload: { canal: 'whatsapp' } });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json<{ url: string; whatsappUrl: string }>();
    expect(sent.whatsappUrl).toMatch(/^https:\/\/wa\.me\/34600111222\?text=/);
    const fresh = sent.url.split('/seguimiento/')[1]!;
    const filesBefore = (await a.app.storage.list('seguimientos/')).length;

    const big = await answer(fresh, { comoVa: 'bien' }, [{ data: await jpeg() }, { data: Buffer.alloc(FOLLOWUP_LIMITS.photoBytes + 10, 1) }]);
    expectErrorShape(big, 413);
    const disguised = await answer(fresh, { comoVa: 'bien' }, [{ data: Buffer.from('<?php echo 1; ?>'.repeat(50)), name: 'foto.jpg' }]);
    expect(disguised.statusCode).toBeGreaterThanOrEqual(400);
    expect(disguised.statusCode).toBeLessThan(500);
    const many = await answer(fresh, { comoVa: 'bien' }, await Promise.all(Array.from({ length: 6 }, async () => ({ data: await jpeg(16, 16) }))));
    expectErrorShape(many, 413);
    expectErrorShape(await answer(fresh, { comoVa: 'fatal' }), 400);
    expectErrorShape(await answer(fresh, { comoVa: 'bien', comentario: 'x'.repeat(FOLLOWUP_LIMITS.commentChars + 1) }), 400);
    expectErrorShape(await answer(fresh, { comoVa: 'bien', comentario: 'a\u0000b' }), 400);
    expect((await a.app.storage.list('seguimientos/')).length).toBe(filesBefore);
    expect((await a.database.db.select().from(followup).where(eq(followup.id, second.id)))[0]!.respondidoEn).toBeNull();

    let refused = 0;
    for (let i = 0; i < FOLLOWUP_LIMITS.requestsPerHour + 1; i++) {
      const r = await anon().inject({ method: 'GET', url: `/api/seguimiento/${fresh}` });
      if (r.statusCode === 429) refused++;
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('reminds an obligation 7 days before its due date, once; past due it counts in Pendientes until done', async () => {
    at('2026-03-23T10:00:00Z');
    await tickBoth();
    const chip = (
      await a.database.db
        .select()
        .from(followup)
        .where(and(eq(followup.petId, luna), eq(followup.tipo, 'cambio_titularidad_microchip')))
    )[0]!;
    expect(await messagesAbout(chip.id)).toHaveLength(0);
    at('2026-03-24T10:00:00Z');
    await tickBoth();
    at('2026-03-24T12:00:00Z');
    await tickBoth();
    const reminders = await messagesAbout(chip.id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ plantilla: 'recordatorio_obligacion', paraEmail: 'ana@example.com' });
    expect(reminders[0]!.cuerpo).toContain(', para el 31 de marzo de 2026.');
    expect(reminders[0]!.cuerpo).not.toContain('31/03/2026');

    const before = (await pending()).obligacionesVencidas;
    at('2026-04-01T10:00:00Z');
    expect((await pending()).obligacionesVencidas).toBe(before + 1);
    expect((await list('estado=vencido')).items.map((i) => i.id)).toContain(chip.id);
    const done = await staff().inject({ method: 'POST', url: `/api/seguimientos/${chip.id}/hecho`, payload: { version: chip.version + 1 } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Followup>().estado).toBe('hecho');
    // Again: the same answer, nothing changes.
    expect((await staff().inject({ method: 'POST', url: `/api/seguimientos/${chip.id}/hecho` })).statusCode).toBe(200);
    expect((await pending()).obligacionesVencidas).toBe(before);
    expectErrorShape(await staff().inject({ method: 'POST', url: `/api/seguimientos/${firstId}/hecho` }), 400);
  });

  it('a return ends what is pending or sent and keeps the answers; all of it in the pet and person history', async () => {
    const answered = await staff().inject({ method: 'POST', url: `/api/seguimientos/${firstId}/galeria`, payload: { fotos: [0] } });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await a.database.db.select().from(petImage).where(eq(petImage.petId, luna))).toHaveLength(1);
    expect((await a.database.db.select({ tags: pet.tags }).from(pet).where(eq(pet.id, luna)))[0]!.tags).toContain('Final feliz');

    await move(luna, { tipo: 'devolucion', motivo: 'Alergia en la familia' }, '2026-04-01');
    const items = (await list(`mascotaId=${luna}`)).items;
    const byType = Object.fromEntries(items.map((i) => [`${i.tipo}:${i.vence}`, i.estado]));
    expect(byType).toEqual({
      'seguimiento:2026-03-02': 'respondido',
      'seguimiento:2026-03-03': 'anulado',
      'cambio_titularidad_microchip:2026-03-31': 'hecho',
      'esterilizacion:2026-04-30': 'anulado',
    });
    expect(items.find((i) => i.id === firstId)!.respuesta!.comentario).toBe('No come desde ayer');

    const petHistory = (await staff().inject({ method: 'GET', url: `/api/mascotas/${luna}/historial?pageSize=100` })).json<{
      items: { entidad: string; accion: string }[];
    }>();
    const followupEvents = petHistory.items.filter((e) => e.entidad === 'seguimiento');
    expect(followupEvents.map((e) => e.accion)).toEqual(expect.arrayContaining(['crear', 'enviar', 'estado']));
    const personHistory = (await staff().inject({ method: 'GET', url: `/api/personas/${ana}/historial?pageSize=100` })).json<{
      items: { entidad: string }[];
    }>();
    expect(personHistory.items.some((e) => e.entidad === 'seguimiento')).toBe(true);

    // An ended check-in's link answers the same 404 as an unknown one.
    const second = (
      await a.database.db
        .select()
        .from(followup)
        .where(and(eq(followup.petId, luna), eq(followup.vence, '2026-03-03')))
    )[0]!;
    expect(second.estado).toBe('anulado');
    expectErrorShape(await staff().inject({ method: 'POST', url: `/api/seguimientos/${second.id}/enviar` }), 409);
  });
  it("the list's «marcar adoptado» plans them too (the one place adoptions open), and un-marking ends them", async () => {
    const rayo = await insertPet('Rayo', { esterilizado: 'no' });
    const mark = (adoptado: '0' | '1') =>
      version(rayo).then((v) => staff().inject({ method: 'POST', url: `/phpApi/mascota/${rayo}/adopcion`, payload: { adoptado, version: v } }));
    expect((await mark('1')).statusCode).toBe(200);
    const planned = (await list(`mascotaId=${rayo}`)).items;
    expect(planned.map((i) => i.tipo).sort()).toEqual(['esterilizacion', 'seguimiento', 'seguimiento']);
    expect(planned.every((i) => i.persona === null && i.estado === 'pendiente')).toBe(true);
    expect((await mark('0')).statusCode).toBe(200);
    expect((await list(`mascotaId=${rayo}`)).items.map((i) => i.estado)).toEqual(['anulado', 'anulado', 'anulado']);
  });
});
