import { type ApiErrorBody, textMessages } from '@refugio/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fosterNews, person, pet } from '../../src/db/schema';
import { dayIn } from '../../src/modules/movements/movements.service';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart } from '../helpers/media';

/*
 * Issue 33, sections 1 and 4: hostile text and impossible dates answer 400 with a Spanish message on the field,
 * never 500 and never stored; ordinary Spanish text with accents and emoji stays accepted.
 */

describe('hostile text and dates', () => {
  let t: TestApp;
  let today: string;
  let personaId: number;
  let petId: number;

  beforeAll(async () => {
    t = await createTestApp();
    today = dayIn(t.config.orgTimeZone, new Date());
    const [p] = await t.database.db
      .insert(person)
      .values({ nombre: 'Eva', email: 'eva@example.com', roles: ['acogida'], consentimientoEmail: true, consentimientoWhatsapp: true })
      .returning();
    personaId = p!.id;
    const [row] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Luna', edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano' })
      .returning();
    petId = row!.id;
  });
  afterAll(() => t.close());

  const fieldErrors = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().fieldErrors;

  it('refuses NUL and lone surrogates in a message to a person (subject and body): 400, not 500', async () => {
    const write = (body: Record<string, unknown>) =>
      t.as('staff').inject({ method: 'POST', url: `/api/personas/${personaId}/mensajes`, payload: body });
    for (const bad of ['Hola\u0000', 'Hola\ud800', 'Hola \u202Eonu', 'Hola\u0007']) {
      const subject = await write({ canal: 'email', asunto: bad, cuerpo: 'Hola, Eva.' });
      expectErrorShape(subject, 400);
      expect(fieldErrors(subject)).toEqual({ asunto: textMessages.invalidCharacters });
      const body = await write({ canal: 'email', asunto: 'Hola', cuerpo: `Línea uno\n${bad}` });
      expectErrorShape(body, 400);
      expect(fieldErrors(body)).toEqual({ cuerpo: textMessages.invalidCharacters });
    }
    const twoLines = await write({ canal: 'email', asunto: 'Hola\nEva', cuerpo: 'Hola, Eva.' });
    expectErrorShape(twoLines, 400);
    expect(fieldErrors(twoLines)).toEqual({ asunto: textMessages.lineBreak });
  });

  it("refuses NUL, a lone surrogate's bytes and bidi overrides in the foster portal's news text", async () => {
    const move = await t.as('staff').inject({
      method: 'POST',
      url: `/api/mascotas/${petId}/movimientos`,
      payload: { tipo: 'acogida', personaId, fecha: today, version: 1 },
    });
    expect(move.statusCode, move.body).toBe(201);
    const linkRes = await t.as('staff').inject({ method: 'POST', url: `/api/personas/${personaId}/portal`, payload: {} });
    expect(linkRes.statusCode, linkRes.body).toBe(200);
    const token = linkRes.json<{ url: string }>().url.split('/portal/')[1]!;
    const send = (texto: string | Buffer) => {
      const { payload, headers } = multipart([
        { name: 'mascotaId', value: String(petId) },
        { name: 'texto', value: texto },
      ]);
      return t.as('anonymous').inject({ method: 'POST', url: `/api/portal/${token}/novedades`, payload, headers });
    };
    // A lone surrogate cannot travel as UTF-8: its CESU bytes (ED A0 80) are what a broken client sends.
    const loneSurrogateBytes = Buffer.concat([Buffer.from('Come bien '), Buffer.from([0xed, 0xa0, 0x80])]);
    for (const bad of ['Come bien\u0000', 'Come bien \u202Eonu', 'Come\u0007 bien', 'Come\u200B bien']) {
      const res = await send(bad);
      expectErrorShape(res, 400);
      expect(fieldErrors(res)).toEqual({ texto: textMessages.invalidCharacters });
    }
    // Decoded as replacement characters: well-formed text, stored as such.
    const bytes = await send(loneSurrogateBytes);
    expect(bytes.statusCode, bytes.body).toBe(201);
    const ok = await send('Come bien 🐶\nY duerme mucho: 👨‍👩‍👧 🇪🇸');
    expect(ok.statusCode, ok.body).toBe(201);
    const stored = await t.database.db.select().from(fosterNews).where(eq(fosterNews.petId, petId));
    expect(stored.map((n) => n.texto).sort()).toEqual(['Come bien 🐶\nY duerme mucho: 👨‍👩‍👧 🇪🇸', 'Come bien \uFFFD\uFFFD\uFFFD']);
  });

  it("refuses a line break in the public application's name and the organisation's, and a tab in a person's name", async () => {
    const res = await t.as('anonymous').inject({
      method: 'POST',
      url: '/api/public/solicitudes-adopcion',
      payload: { mascotaId: petId, nombre: 'Ana\nLópez', email: 'ana@example.com' },
    });
    expectErrorShape(res, 400);
    expect(fieldErrors(res)?.nombre).toBe(textMessages.lineBreak);
    const organisation = await t.as('admin').inject({
      method: 'PUT',
      url: '/api/organizacion',
      payload: { nombre: 'Refugio\nPatitas', zonaHoraria: 'Europe/Madrid', version: 0 },
    });
    expectErrorShape(organisation, 400);
    expect(fieldErrors(organisation)?.nombre).toBe(textMessages.lineBreak);
    const tab = await t.as('staff').inject({ method: 'POST', url: '/api/personas', payload: { nombre: 'Ana\tLópez', email: 'ana@example.com' } });
    expectErrorShape(tab, 400);
    expect(fieldErrors(tab)).toEqual({ nombre: textMessages.lineBreak });
  });

  it('accepts ordinary Spanish text: accents, ñ, emoji, flags and emoji joined by ZWJ', async () => {
    for (const nombre of ['María José Núñez 🐶', 'Familia 👨‍👩‍👧‍👦', 'Orgullo 🏳️‍🌈 🇪🇸', 'Programadora 👩🏽‍💻', 'Escocia 🏴󠁧󠁢󠁳󠁣󠁴󠁿']) {
      const res = await t.as('staff').inject({ method: 'POST', url: '/api/personas', payload: { nombre, email: `p${Math.random()}@example.com` } });
      expect(res.statusCode, `${nombre}: ${res.body}`).toBe(201);
      expect(res.json<{ nombre: string }>().nombre).toBe(nombre);
    }
    // The joiner anywhere else hides text: refused.
    const hidden = await t
      .as('staff')
      .inject({ method: 'POST', url: '/api/personas', payload: { nombre: 'Ana\u200DLópez', email: 'z@example.com' } });
    expect(fieldErrors(hidden)).toEqual({ nombre: textMessages.invalidCharacters });
  });

  it('refuses a scheduled publication in 9999 and impossible or out-of-range audit dates', async () => {
    const batch = await t.as('staff').inject({
      method: 'POST',
      url: '/api/mascotas/lote',
      payload: { accion: 'programar', publicarEn: '9999-12-31T10:00:00Z', items: [{ id: petId }] },
    });
    expectErrorShape(batch, 400);
    expect(fieldErrors(batch)).toEqual({ publicarEn: textMessages.dateOutOfRange });
    const impossible = await t.as('staff').inject({
      method: 'POST',
      url: '/api/mascotas/lote',
      payload: { accion: 'programar', publicarEn: '2026-02-30T10:00:00Z', items: [{ id: petId }] },
    });
    expectErrorShape(impossible, 400);

    for (const [query, message] of [
      ['desde=2026-02-30', 'desde'],
      ['hasta=2026-13-01', 'hasta'],
      ['desde=1899-12-31', 'desde'],
      ['hasta=3000-01-01', 'hasta'],
    ] as const) {
      const res = await t.as('admin').inject({ method: 'GET', url: `/api/auditoria?${query}` });
      expectErrorShape(res, 400);
      expect(Object.keys(fieldErrors(res) ?? {}), query).toEqual([message]);
    }
    const wrong = await t.as('admin').inject({ method: 'GET', url: '/api/auditoria?desde=2026-02-30' });
    expect(fieldErrors(wrong)).toEqual({ desde: 'Escribe una fecha válida (AAAA-MM-DD).' });
    const far = await t.as('admin').inject({ method: 'GET', url: '/api/auditoria?desde=1899-12-31' });
    expect(fieldErrors(far)).toEqual({ desde: textMessages.dateOutOfRange });
    const fine = await t.as('admin').inject({ method: 'GET', url: '/api/auditoria?desde=2024-02-29&hasta=2026-03-01' });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
