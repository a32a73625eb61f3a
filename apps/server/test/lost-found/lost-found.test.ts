import {
  type LostFoundReport,
  lostFoundMessages,
  lostFoundReportSchema,
  publicReportsResponseSchema,
  reportCandidatesResponseSchema,
} from '@refugio/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEvent, lostFoundReport, message, pet } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type Part, jpeg, multipart } from '../helpers/media';

const today = new Date().toISOString().slice(0, 10);

function fields(overrides: Record<string, string> = {}): Part[] {
  const values: Record<string, string> = {
    tipo: 'perdido',
    especie: 'Perro',
    sexo: 'macho',
    color: 'Marrón y blanco',
    tamano: 'mediano',
    microchip: '',
    municipio: 'Zaragoza',
    codigoPostal: '50001',
    fecha: today,
    descripcion: 'Se escapó en el parque grande con collar rojo.',
    contacto: '612 345 678',
    aceptaPrivacidad: 'true',
    ...overrides,
  };
  return Object.entries(values).map(([name, value]) => ({ name, value }));
}

describe('lost and found: reports, private link, public list, candidates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function report(overrides: Record<string, string> = {}, photo = false) {
    const parts = fields(overrides);
    if (photo) parts.push({ name: 'fotos', value: await jpeg(50, 40), fileName: 'a.jpg', contentType: 'image/jpeg' });
    const body = multipart(parts);
    const res = await t.as('anonymous').inject({ method: 'POST', url: '/api/public/avisos', payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ id: number; url: string }>();
    return { ...created, token: created.url.split('/aviso/')[1]! };
  }
  const patch = (token: string, payload: object) => t.as('anonymous').inject({ method: 'PATCH', url: `/api/public/avisos/${token}`, payload });

  it('publishes a report with a private link of at least 128 bits; a guessed token is 404', async () => {
    const { id, url, token } = await report({}, true);
    expect(url).toMatch(/\/aviso\/[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const mine = await t.as('anonymous').inject({ method: 'GET', url: `/api/public/avisos/${token}` });
    expect(mine.statusCode).toBe(200);
    expect(lostFoundReportSchema.parse(mine.json())).toMatchObject({ id, contacto: '612 345 678', estado: 'abierto', fotos: 1 });
    for (const guess of ['A'.repeat(token.length), 'x', '..%2F', `${token}a`]) {
      expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url: `/api/public/avisos/${encodeURIComponent(guess)}` }), 404);
    }
    expectErrorShape(await patch('A'.repeat(43), { estado: 'cerrado' }), 404);
  });

  it('lists open reports without contact data, filtered', async () => {
    await report({ municipio: 'Huesca', codigoPostal: '22001', especie: 'Gato', tipo: 'encontrado' });
    const res = await t.as('anonymous').inject({ method: 'GET', url: '/api/public/avisos?tipo=encontrado&especie=Gato&municipio=huesca' });
    expect(res.statusCode).toBe(200);
    const list = publicReportsResponseSchema.parse(res.json());
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((i) => i.tipo === 'encontrado' && i.especie === 'Gato')).toBe(true);
    expect(res.body).not.toContain('612 345 678');
    expect(res.body).not.toMatch(/contacto|microchip/);
  });

  it('refuses hostile and invalid input, keeping nothing', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(lostFoundReport))[0]!.n;
    for (const bad of <Record<string, string>[]>[
      { descripcion: 'a\u0000b' },
      { color: 'x\u202Ey' },
      { codigoPostal: '123' },
      { codigoPostal: '00000' },
      { codigoPostal: '53000' },
      { tipo: 'robado' },
      { aceptaPrivacidad: 'no' },
      { fecha: '2999-01-01' },
    ]) {
      const body = multipart(fields(bad));
      const res = await t.as('anonymous').inject({ method: 'POST', url: '/api/public/avisos', payload: body.payload, headers: body.headers });
      expectErrorShape(res, 400);
    }
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(lostFoundReport))[0]!.n).toBe(before);
  });

  it('closes as reunited, renews, and expires after 60 days unless renewed', async () => {
    const a = await report();
    const renewed = await patch(a.token, { renovar: true, descripcion: 'Sigue perdido' });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ descripcion: 'Sigue perdido', estado: 'abierto' });
    const closed = await patch(a.token, { estado: 'reunido' });
    expect(closed.json()).toMatchObject({ estado: 'reunido' });
    expectErrorShape(await patch(a.token, { renovar: true }), 409);
    // A report whose 60 days have passed is not listed and reads as caducado.
    const b = await report({ municipio: 'Teruel', codigoPostal: '44001' });
    await t.database.db
      .update(lostFoundReport)
      .set({ venceEn: new Date(Date.now() - 1000) })
      .where(eq(lostFoundReport.id, b.id));
    const list = publicReportsResponseSchema.parse(
      (await t.as('anonymous').inject({ method: 'GET', url: '/api/public/avisos?municipio=Teruel' })).json(),
    );
    expect(list.items).toHaveLength(0);
    expect((await t.as('anonymous').inject({ method: 'GET', url: `/api/public/avisos/${b.token}` })).json()).toMatchObject({ estado: 'caducado' });
    const expired = await t.as('staff').inject({ method: 'GET', url: '/api/avisos?estado=caducado' });
    expect(expired.json<{ items: { id: number }[] }>().items.map((i) => i.id)).toContain(b.id);
  });

  it('a closed report is opened again by its link for 60 more days, with its history; an open one is not "reopened"', async () => {
    const a = await report({ municipio: 'Calatayud', codigoPostal: '50300' });
    expectErrorShape(await patch(a.token, { estado: 'abierto' }), 409);
    expect((await patch(a.token, { estado: 'cerrado' })).json()).toMatchObject({ estado: 'cerrado', reabrible: true });
    const reopened = await patch(a.token, { estado: 'abierto' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const body = lostFoundReportSchema.parse(reopened.json());
    expect(body.estado).toBe('abierto');
    expect(reopened.json()).toMatchObject({ reabrible: false });
    expect(new Date(body.venceEn).getTime() - Date.now()).toBeGreaterThan(59 * 86_400_000);
    const listed = publicReportsResponseSchema.parse(
      (await t.as('anonymous').inject({ method: 'GET', url: '/api/public/avisos?municipio=Calatayud' })).json(),
    );
    expect(listed.items.map((i) => i.id)).toEqual([a.id]);
    const events = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'aviso'), eq(historyEvent.entidadId, String(a.id))))
      .orderBy(asc(historyEvent.id));
    expect(events.map((e) => (e.cambios as { estado?: unknown }).estado).filter(Boolean)).toEqual([
      ['abierto', 'cerrado'],
      ['cerrado', 'abierto'],
    ]);
    // Reunited, then opened again too.
    await patch(a.token, { estado: 'reunido' });
    expect((await patch(a.token, { estado: 'abierto' })).json()).toMatchObject({ estado: 'abierto' });
  });

  it('sends the private link to the e-mail written in the contact, and to nobody when there is none', async () => {
    const withEmail = await report({ contacto: '612 345 678 o ana.gil@example.com', municipio: 'Tarazona', codigoPostal: '50500' });
    const sent = await t.database.db
      .select()
      .from(message)
      .where(and(eq(message.relacionEntidad, 'aviso'), eq(message.relacionId, String(withEmail.id))));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.paraEmail).toBe('ana.gil@example.com');
    expect(sent[0]!.cuerpo).toContain(withEmail.url);
    const phoneOnly = await report({ contacto: '612 345 678', municipio: 'Borja', codigoPostal: '50540' });
    const none = await t.database.db
      .select()
      .from(message)
      .where(and(eq(message.relacionEntidad, 'aviso'), eq(message.relacionId, String(phoneOnly.id))));
    expect(none).toHaveLength(0);
  });

  it('ranks candidates: microchip first, then species, sex, colour, size, postcode, dates; pets entered as extraviado', async () => {
    const lost = await report({ microchip: '941000011111111', codigoPostal: '28001', municipio: 'Madrid', color: 'negro' });
    const sameChip = await report({
      tipo: 'encontrado',
      especie: 'Gato',
      sexo: 'hembra',
      microchip: '941000011111111',
      codigoPostal: '08001',
      color: 'gris',
    });
    const close = await report({ tipo: 'encontrado', codigoPostal: '28001', color: 'negro con manchas' });
    const far = await report({ tipo: 'encontrado', codigoPostal: '41001', color: 'negro' });
    const otherSex = await report({ tipo: 'encontrado', sexo: 'hembra', codigoPostal: '28001', color: 'negro' });
    const sameKind = await report({ tipo: 'perdido', codigoPostal: '28001', color: 'negro' });
    const [shelterPet] = await t.database.db
      .insert(pet)
      .values({
        nombre: 'Encontrado',
        edad: '2',
        tipo: 'Perro',
        genero: 'macho',
        tamano: 'mediano',
        color: 'Negro',
        procedencia: 'extraviado',
        estado: 'borrador',
      })
      .returning({ id: pet.id });
    const res = await t.as('staff').inject({ method: 'GET', url: `/api/avisos/${lost.id}/coincidencias` });
    expect(res.statusCode, res.body).toBe(200);
    const items = reportCandidatesResponseSchema.parse(res.json()).items;
    const ids = items.map((i) => i.avisoId ?? `m${i.mascotaId}`);
    expect(ids[0]).toBe(sameChip.id);
    expect(ids).not.toContain(sameKind.id);
    expect(ids.indexOf(close.id)).toBeLessThan(ids.indexOf(far.id));
    expect(ids.indexOf(far.id)).toBeLessThan(ids.indexOf(otherSex.id));
    expect(ids).toContain(`m${shelterPet!.id}`);
    expect(items[0]!.motivos).toContain('Mismo microchip');
    expectErrorShape(await t.as('staff').inject({ method: 'GET', url: '/api/avisos/999999/coincidencias' }), 404);
  });

  it('staff close a report at the version they saw; photos, share card and posters', async () => {
    const a = await report({ municipio: 'Soria', codigoPostal: '42001' }, true);
    const staffList = (await t.as('staff').inject({ method: 'GET', url: '/api/avisos?estado=abierto' })).json<{
      items: { id: number; version: number }[];
    }>();
    const seen = staffList.items.find((i) => i.id === a.id)!;
    expect((await t.as('staff').inject({ method: 'GET', url: `/api/avisos/${a.id}` })).json()).toMatchObject({ id: a.id, contacto: '612 345 678' });
    const cats = (await t.as('staff').inject({ method: 'GET', url: '/api/avisos?especie=Gato&tipo=encontrado' })).json<{
      items: LostFoundReport[];
    }>();
    expect(cats.items.length).toBeGreaterThan(0);
    expect(cats.items.every((i) => i.especie === 'Gato' && i.tipo === 'encontrado')).toBe(true);
    // Photos: the public see an open report's, staff any.
    const photo = await t.as('anonymous').inject({ method: 'GET', url: `/api/public/avisos/${a.id}/fotos/0?miniatura` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url: `/api/public/avisos/${a.id}/fotos/1` }), 404);
    expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url: `/api/avisos/${a.id}/fotos/0` }), 401);
    // The share card (1080x1080 JPEG) and the posters (the author's through the link, staff's).
    const card = await t.as('anonymous').inject({ method: 'GET', url: `/api/public/avisos/${a.id}/tarjeta.jpg` });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.headers['content-type']).toBe('image/jpeg');
    expect(card.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    const old = await t.as('anonymous').inject({ method: 'GET', url: `/api/public/avisos/${a.id}/tarjeta.png` });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/api/public/avisos/${a.id}/tarjeta.jpg`);
    const poster = await t.as('anonymous').inject({ method: 'GET', url: `/api/public/avisos/${a.token}/cartel.pdf` });
    expect(poster.statusCode, poster.body).toBe(200);
    expect(poster.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.as('staff').inject({ method: 'GET', url: `/api/avisos/${a.id}/cartel.pdf` })).headers['content-type']).toBe('application/pdf');
    // Closing: an old version is 409 and changes nothing; the right one closes it as reunited, once.
    const close = (version: number) =>
      t.as('staff').inject({ method: 'POST', url: `/api/avisos/${a.id}/estado`, payload: { estado: 'reunido', version } });
    expectErrorShape(await close(seen.version + 1), 409);
    const closed = await close(seen.version);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ estado: 'reunido', version: seen.version + 1 });
    expectErrorShape(await close(seen.version + 1), 409);
    expectErrorShape(
      await t.as('staff').inject({ method: 'POST', url: `/api/avisos/${a.id}/estado`, payload: { estado: 'abierto', version: 1 } }),
      400,
    );
    // Once closed, its public photo and card are gone; staff still see the photo.
    expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url: `/api/public/avisos/${a.id}/fotos/0` }), 404);
    expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url: `/api/public/avisos/${a.id}/tarjeta.jpg` }), 404);
    expect((await t.as('staff').inject({ method: 'GET', url: `/api/avisos/${a.id}/fotos/0` })).statusCode).toBe(200);
    expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url: `/api/public/avisos/${a.token}/cartel.pdf` }), 409);
    // Closed by staff (a report they took down), its link cannot open it again: only the author's own closing is undone.
    const reopen = await t.as('anonymous').inject({ method: 'PATCH', url: `/api/public/avisos/${a.token}`, payload: { estado: 'abierto' } });
    expectErrorShape(reopen, 409);
    expect(reopen.json<{ message: string }>().message).toBe(lostFoundMessages.closedByStaff);
    // Its page says so before anyone taps: the link reads it as not to be opened again.
    expect((await t.as('anonymous').inject({ method: 'GET', url: `/api/public/avisos/${a.token}` })).json()).toMatchObject({ reabrible: false });
    expect((await t.as('staff').inject({ method: 'GET', url: `/api/avisos/${a.id}` })).json()).toMatchObject({ estado: 'reunido' });
  });

  it('two staff closing the same report at once: one wins, the other is 409', async () => {
    const a = await report({ municipio: 'Ávila', codigoPostal: '05001' });
    const version = (await t.as('anonymous').inject({ method: 'GET', url: `/api/public/avisos/${a.token}` })).json<{ version: number }>().version;
    const results = await Promise.all(
      (['reunido', 'cerrado'] as const).map((estado) =>
        t.as('staff').inject({ method: 'POST', url: `/api/avisos/${a.id}/estado`, payload: { estado, version } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
