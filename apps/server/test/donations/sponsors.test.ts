import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type Fee, type FeesResponse, dayInZone } from '@refugio/contracts';
import { fee, fosterNews, historyEvent, message, person, pet, petImage } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { startSmtpServer } from '../helpers/smtp-test-server';

/*
 * Sponsors see their animal (DESIGN section 15): the news staff accepted and the new photos, by e-mail at most once a
 * week (`padrino_novedad`) unless the sponsor opted out; when the animal is adopted or dies the sponsorship stays,
 * flagged for staff, and the sponsor is asked (`padrino_cambio`); only staff move it to another animal.
 */

const DAY = 24 * 60 * 60 * 1000;

describe('sponsors and their animal', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let a: TestApp;
  let b: TestApp;
  const ids: Record<string, number> = {};
  const fees: Record<string, Fee> = {};
  const admin = () => a.as('admin');
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const runBoth = async () => {
    for (let i = 0; i < 5; i++) {
      const ran = await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
      if (ran[0] + ran[1] === 0) return;
    }
  };
  const insertPet = async (nombre: string, genero = 'macho') => {
    const [row] = await a.database.db
      .insert(pet)
      .values({ nombre, edad: '2 años', tipo: 'Perro', genero, tamano: 'mediano', esterilizado: 'si' })
      .returning();
    return row!.id;
  };
  const insertPerson = async (nombre: string, consentimientoEmail = true) => {
    const [row] = await a.database.db
      .insert(person)
      .values({ nombre, apellidos: 'Padrino', email: `${nombre.toLowerCase()}@example.com`, roles: [], consentimientoEmail })
      .returning();
    return row!.id;
  };
  const sponsor = async (personaId: number, mascotaId: number) => {
    const res = await admin().inject({
      method: 'POST',
      url: `/api/personas/${personaId}/cuotas`,
      payload: { tipo: 'padrino', importe: '10', periodicidad: 'mensual', desde: '2026-01-01', metodoPago: 'bizum', mascotaId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Fee>();
  };
  const getFee = async (id: number) => {
    const res = await admin().inject({ method: 'GET', url: `/api/cuotas?tipo=padrino&pageSize=100` });
    return res.json<FeesResponse>().items.find((f) => f.id === id)!;
  };
  const acceptNews = async (petId: number, texto: string, decididoEn: Date) => {
    await a.database.db.insert(fosterNews).values({ personaId: ids.acogida!, petId, texto, pesoKg: 9.5, estado: 'aceptada', decididoEn });
  };
  const addPhoto = async (petId: number, n: number, createdAt: Date) => {
    await a.database.db
      .insert(petImage)
      .values({ petId, nombre: `${n}.jpg`, orden: n, width: 10, height: 10, bytes: 100, contentHash: `h${n}`, createdAt });
  };
  const move = async (petId: number, tipo: string, personaId?: number) => {
    const [row] = await a.database.db.select({ version: pet.version }).from(pet).where(eq(pet.id, petId));
    const res = await a.as('staff').inject({
      method: 'POST',
      url: `/api/mascotas/${petId}/movimientos`,
      payload: {
        tipo,
        fecha: dayInZone(new Date(), 'Europe/Madrid'),
        version: row!.version,
        ...(personaId ? { personaId } : {}),
        // A death needs its cause (the register book records it).
        ...(tipo === 'fallecimiento' ? { motivo: 'Insuficiencia renal' } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Refugio Patitas <no-responder@patitas.example>' };
    a = await createTestApp(env);
    b = await createTestApp(env, { database: a.database, storage: a.app.storage });
    ids.toby = await insertPet('Toby');
    ids.luna = await insertPet('Luna', 'hembra');
    ids.kira = await insertPet('Kira', 'hembra');
    ids.acogida = await insertPerson('Acogida');
    ids.ana = await insertPerson('Ana');
    ids.bea = await insertPerson('Bea');
    ids.carla = await insertPerson('Carla', false);
    ids.dani = await insertPerson('Dani');
    fees.ana = await sponsor(ids.ana, ids.toby);
    fees.bea = await sponsor(ids.bea, ids.toby);
    fees.carla = await sponsor(ids.carla, ids.toby);
    fees.dani = await sponsor(ids.dani, ids.luna);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.close();
  });

  it('a fee answers whether the sponsor gets news and whether staff must decide something', async () => {
    expect(fees.ana).toMatchObject({ recibirNovedades: true, requiereDecision: false, motivoDecision: null });
  });

  it('lets staff record that a sponsor wants no news (PATCH, with history; stale version 409)', async () => {
    const res = await admin().inject({
      method: 'PATCH',
      url: `/api/cuotas/${fees.bea!.id}`,
      payload: { recibirNovedades: false, version: fees.bea!.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Fee>()).toMatchObject({ recibirNovedades: false, version: fees.bea!.version + 1 });
    const stale = await admin().inject({
      method: 'PATCH',
      url: `/api/cuotas/${fees.bea!.id}`,
      payload: { recibirNovedades: true, version: fees.bea!.version },
    });
    expectErrorShape(stale, 409, 'CONFLICT');
    const events = await a.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'cuota'), eq(historyEvent.entidadId, String(fees.bea!.id)), eq(historyEvent.accion, 'modificar')));
    expect(events.map((e) => e.cambios)).toEqual([{ recibirNovedades: [true, false] }]);
    const bad = await admin().inject({ method: 'PATCH', url: `/api/cuotas/${fees.bea!.id}`, payload: { recibirNovedades: 'no', version: 2 } });
    expectErrorShape(bad, 400);
  });

  it('sends the news at most once a week, gathered since the last e-mail, to those who want it, even with two workers', async () => {
    const start = Date.now();
    // Nothing new yet: nothing goes.
    expect(await a.app.donationsService.sendDueNews(new Date(start))).toBe(0);
    await acceptNews(ids.toby!, 'Ya da paseos largos sin tirar de la correa.', new Date(start + 1000));
    await addPhoto(ids.toby!, 1, new Date(start + 1000));
    await addPhoto(ids.toby!, 2, new Date(start + 1000));
    const first = new Date(start + 60_000);
    const sent = await Promise.all([a.app.donationsService.sendDueNews(first), b.app.donationsService.sendDueNews(first)]);
    // Ana only: Bea opted out, Carla did not accept e-mail, Dani's Luna has nothing new.
    expect(sent[0] + sent[1]).toBe(1);
    await runBoth();
    const ana = mailsTo('ana@example.com');
    expect(ana).toHaveLength(1);
    expect(ana[0]!.subject).toBe('Novedades de Toby');
    expect(ana[0]!.text).toContain('Ya da paseos largos sin tirar de la correa. (pesa 9,5 kg)');
    expect(ana[0]!.text).toContain('Fotos nuevas en su galería: 2.');
    expect(mailsTo('bea@example.com')).toHaveLength(0);
    expect(mailsTo('carla@example.com')).toHaveLength(0);
    expect(mailsTo('dani@example.com')).toHaveLength(0);
    // More news two days later: not before the week has passed.
    await acceptNews(ids.toby!, 'Hoy ha conocido a otros perros.', new Date(first.getTime() + 2 * DAY));
    expect(await a.app.donationsService.sendDueNews(new Date(first.getTime() + 3 * DAY))).toBe(0);
    // Asked for that one sponsorship (a worker that listed it before the last e-mail was written): still not.
    expect(await a.app.donationsService.sendNews(fees.ana!.id, new Date(first.getTime() + 3 * DAY))).toBe(false);
    const week = new Date(first.getTime() + 7 * DAY + 1000);
    const again = await Promise.all([a.app.donationsService.sendDueNews(week), b.app.donationsService.sendDueNews(week)]);
    expect(again[0] + again[1]).toBe(1);
    await runBoth();
    expect(mailsTo('ana@example.com')).toHaveLength(2);
    const second = mailsTo('ana@example.com')[1]!;
    expect(second.text).toContain('Hoy ha conocido a otros perros.');
    expect(second.text).not.toContain('paseos largos');
    expect(second.text).not.toContain('Fotos nuevas');
    const sends = await a.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'cuota'), eq(historyEvent.entidadId, String(fees.ana!.id)), eq(historyEvent.accion, 'enviar')));
    expect(sends).toHaveLength(2);
  });

  it('an adoption keeps the sponsorship as it is, flags it for staff and asks the sponsor', async () => {
    await move(ids.toby!, 'adopcion', ids.acogida);
    const flagged = await admin().inject({ method: 'GET', url: '/api/cuotas?requiereDecision=true' });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const items = flagged.json<FeesResponse>().items;
    expect(items.map((f) => f.id).sort()).toEqual([fees.ana!.id, fees.bea!.id, fees.carla!.id].sort());
    for (const f of items)
      expect(f).toMatchObject({ estado: 'activa', requiereDecision: true, motivoDecision: 'adopcion', mascota: { id: ids.toby } });
    await runBoth();
    const asked = mailsTo('ana@example.com').filter((m) => m.subject === 'Noticias sobre Toby');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.text).toContain('ha encontrado un hogar y una familia lo ha adoptado');
    expect(asked[0]!.text).toContain('¿Te gustaría apadrinar a otro de nuestros animales?');
    // Bea opted out of news, not of this question; Carla did not accept e-mail at all.
    expect(mailsTo('bea@example.com')).toHaveLength(1);
    expect(mailsTo('carla@example.com')).toHaveLength(0);
    // No news while the decision is pending.
    await acceptNews(ids.toby!, 'Ya está en su casa.', new Date(Date.now() + 30 * DAY));
    expect(await a.app.donationsService.sendDueNews(new Date(Date.now() + 40 * DAY))).toBe(0);
  });

  it('a death flags the sponsorship too', async () => {
    await move(ids.luna!, 'fallecimiento');
    expect(await getFee(fees.dani!.id)).toMatchObject({ requiereDecision: true, motivoDecision: 'fallecimiento', estado: 'activa' });
    await runBoth();
    const told = mailsTo('dani@example.com');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('ha fallecido');
  });

  it('staff move a sponsorship to another animal still at the shelter, with history; nothing else may take it', async () => {
    const ana = await getFee(fees.ana!.id);
    const adopted = await admin().inject({
      method: 'POST',
      url: `/api/cuotas/${ana.id}/mascota`,
      payload: { mascotaId: ids.luna, version: ana.version },
    });
    expectErrorShape(adopted, 400);
    expect(adopted.json<{ fieldErrors: Record<string, string> }>().fieldErrors.mascotaId).toBe(
      'Elige una mascota que siga en la protectora: esta ya fue adoptada, trasladada o falleció.',
    );
    const stale = await admin().inject({
      method: 'POST',
      url: `/api/cuotas/${ana.id}/mascota`,
      payload: { mascotaId: ids.kira, version: ana.version - 1 },
    });
    expectErrorShape(stale, 409, 'CONFLICT');
    const moved = await admin().inject({
      method: 'POST',
      url: `/api/cuotas/${ana.id}/mascota`,
      payload: { mascotaId: ids.kira, version: ana.version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Fee>()).toMatchObject({ mascota: { id: ids.kira, nombre: 'Kira' }, requiereDecision: false, motivoDecision: null });
    const [event] = await a.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'cuota'), eq(historyEvent.entidadId, String(ana.id)), eq(historyEvent.accion, 'modificar')));
    expect(event!.cambios).toEqual({ mascotaId: [ids.toby, ids.kira], decisionPendiente: ['adopcion', null] });
    const [row] = await a.database.db.select().from(fee).where(eq(fee.id, ana.id));
    expect(row!.decisionPendiente).toBeNull();
    // A member's fee has no animal.
    const socio = await admin().inject({
      method: 'POST',
      url: `/api/personas/${ids.ana}/cuotas`,
      payload: { tipo: 'socio', importe: '5', periodicidad: 'mensual', desde: '2026-01-01', metodoPago: 'bizum' },
    });
    const socioFee = socio.json<Fee>();
    const refused = await admin().inject({
      method: 'POST',
      url: `/api/cuotas/${socioFee.id}/mascota`,
      payload: { mascotaId: ids.kira, version: socioFee.version },
    });
    expectErrorShape(refused, 409, 'CONFLICT');
    expect(refused.json<{ message: string }>().message).toBe('Solo un apadrinamiento (cuota de padrino) tiene mascota.');
    const messages = await a.database.db.select().from(message).where(eq(message.plantilla, 'padrino_cambio'));
    expect(messages).toHaveLength(3);
  });
});
