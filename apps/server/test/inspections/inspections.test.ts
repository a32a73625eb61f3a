import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import {
  INSPECTION_LIMITS,
  type InspectionCreated,
  type InspectionList,
  type InspectionPet,
  type InspectionView,
  addDaysToDay,
  dayInZone,
  inspectionMessages,
} from '@refugio/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { writeBackup } from '../../src/backup/backup';
import { restoreArchive } from '../../src/backup/restore';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { historyEvent, inspection, pet } from '../../src/db/schema';
import { hashLinkToken } from '../../src/lib/link-token';
import { LocalStorage } from '../../src/storage/local-storage';
import { PUBLIC_URL, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart, petFields } from '../helpers/media';

/*
 * Inspection links (DESIGN section 16): administrators open them (at most 30 days), list them with what was read,
 * and revoke them; the inspector reads the register book and each animal of it, read only, each read one history
 * event naming the inspection; an unknown, expired or revoked token answers the same 404; nothing can be written
 * through the public paths; the links travel in a backup.
 */

const tokenOf = (url: string) => url.split('/inspeccion/')[1]!;

describe('inspection links', () => {
  let t: TestApp;
  let today: string;
  let luna: number;

  const admin = () => t.as('admin');
  const anon = () => t.as('anonymous');
  const open = (payload: Record<string, unknown>) => admin().inject({ method: 'POST', url: '/api/inspecciones', payload });
  const openLink = async (nombre = 'Ana Inspectora') => {
    const res = await open({ nombre, organismo: 'Servicio de Sanidad Animal', hasta: addDaysToDay(today, 7) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<InspectionCreated>();
  };
  const readEvents = async (id: number) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(historyEvent)
        .where(and(eq(historyEvent.entidad, 'inspeccion'), eq(historyEvent.entidadId, String(id)), eq(historyEvent.accion, 'enviar')))
    )[0]!.n;
  const allEvents = async () => (await t.database.db.select({ n: count() }).from(historyEvent))[0]!.n;
  const createPet = async (fields: Record<string, string>) => {
    const form = multipart(petFields(fields));
    const res = await admin().inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    t = await createTestApp({ ORG_NAME: 'Refugio Patitas', ORG_TIME_ZONE: 'Europe/Madrid' });
    today = dayInZone(new Date(), 'Europe/Madrid');
    luna = await createPet({ nombre: 'Luna', fechaingreso: '2025-02-03' });
    const care = await admin().inject({
      method: 'POST',
      url: `/api/mascotas/${luna}/salud`,
      payload: {
        tipo: 'vacuna',
        nombre: 'Rabia',
        fechaRealizada: '2025-02-10',
        lote: 'L-77',
        veterinario: 'Dra. Gil',
        coste: 35,
        notas: 'nota interna',
      },
    });
    expect(care.statusCode, care.body).toBe(201);
    await t.database.db.update(pet).set({ microchip: '941000024681357' }).where(eq(pet.id, luna));
  });
  afterAll(() => t.close());

  it('opens a link for an administrator: a long random token, only its hash kept, one history event', async () => {
    const before = await allEvents();
    const link = await openLink();
    const token = tokenOf(link.url);
    expect(link.url.startsWith(`${PUBLIC_URL}/inspeccion/`)).toBe(true);
    // 128 random bits at least: 22 base64url characters.
    expect(token.length).toBeGreaterThanOrEqual(22);
    const [row] = await t.database.db.select().from(inspection).where(eq(inspection.id, link.id));
    expect(row).toMatchObject({
      nombre: 'Ana Inspectora',
      organismo: 'Servicio de Sanidad Animal',
      tokenHash: hashLinkToken(token),
      revocadaEn: null,
    });
    expect(JSON.stringify(row)).not.toContain(token);
    // Valid to the end of the chosen day in the organisation's zone.
    expect(dayInZone(new Date(new Date(link.venceEn).getTime() - 1), 'Europe/Madrid')).toBe(addDaysToDay(today, 7));
    expect(await allEvents()).toBe(before + 1);
    const [event] = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'inspeccion'), eq(historyEvent.entidadId, String(link.id))));
    expect(event).toMatchObject({ accion: 'crear', actorTipo: 'usuario' });
    expect(JSON.stringify(event)).not.toContain(token);
  });

  it('refuses a day in the past, beyond 30 days or not a day, and bad names, in Spanish, creating nothing', async () => {
    const rows = async () => (await t.database.db.select({ n: count() }).from(inspection))[0]!.n;
    const before = await rows();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ hasta: addDaysToDay(today, INSPECTION_LIMITS.maxDays + 1) }, 'hasta', inspectionMessages.untilTooFar],
      [{ hasta: addDaysToDay(today, -1) }, 'hasta', inspectionMessages.untilPast],
      [{ hasta: '2026-02-30' }, 'hasta', inspectionMessages.untilInvalid],
      [{ hasta: 'mañana' }, 'hasta', inspectionMessages.untilInvalid],
      [{ nombre: '' }, 'nombre', inspectionMessages.nameRequired],
      [{ nombre: 'Ana\u0000' }, 'nombre', ''],
      [{ organismo: 'Sanidad \u202e' }, 'organismo', ''],
      [{ organismo: 'x'.repeat(INSPECTION_LIMITS.nameChars + 1) }, 'organismo', inspectionMessages.bodyTooLong],
    ];
    for (const [change, field, message] of cases) {
      const res = await open({ nombre: 'Ana', organismo: 'Sanidad', hasta: today, ...change });
      expectErrorShape(res, 400);
      const body = res.json<{ message: string; fieldErrors?: Record<string, string> }>();
      expect(body.fieldErrors?.[field] ?? body.message, JSON.stringify(change)).toBeTruthy();
      if (message) expect(body.fieldErrors?.[field] ?? body.message).toBe(message);
    }
    expect((await open({ nombre: 'Ana', organismo: 'Sanidad', hasta: today, extra: 1 })).statusCode).toBe(400);
    expect(await rows()).toBe(before);
    // The limits themselves are allowed: today and exactly 30 days ahead.
    expect((await open({ nombre: 'Ana', organismo: 'Sanidad', hasta: today })).statusCode).toBe(201);
    expect((await open({ nombre: 'Ana', organismo: 'Sanidad', hasta: addDaysToDay(today, INSPECTION_LIMITS.maxDays) })).statusCode).toBe(201);
  });

  it('lets only administrators open, list and revoke links', async () => {
    const link = await openLink('Solo admin');
    for (const [role, status] of [
      ['anonymous', 401],
      ['staff', 403],
    ] as const) {
      const caller = t.as(role);
      expect(
        (await caller.inject({ method: 'POST', url: '/api/inspecciones', payload: { nombre: 'X', organismo: 'Y', hasta: today } })).statusCode,
      ).toBe(status);
      expect((await caller.inject({ method: 'GET', url: '/api/inspecciones' })).statusCode).toBe(status);
      expect((await caller.inject({ method: 'DELETE', url: `/api/inspecciones/${link.id}` })).statusCode).toBe(status);
    }
    const [row] = await t.database.db.select().from(inspection).where(eq(inspection.id, link.id));
    expect(row!.revocadaEn).toBeNull();
  });

  it('shows the book of every year and an animal of it, each read one history event naming the inspection', async () => {
    const link = await openLink('Lectora');
    const token = tokenOf(link.url);
    const events = await allEvents();
    const view = await anon().inject({ method: 'GET', url: `/api/inspeccion/${token}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    const body = view.json<InspectionView>();
    expect(body).toMatchObject({
      nombre: 'Lectora',
      organismo: 'Servicio de Sanidad Animal',
      venceEn: link.venceEn,
      organizacion: { nombre: 'Refugio Patitas' },
    });
    const line = body.libro.find((l) => l.mascotaId === luna);
    expect(line).toMatchObject({ anio: 2025, microchip: '941000024681357' });
    expect(await allEvents()).toBe(events + 1);

    const animal = await anon().inject({ method: 'GET', url: `/api/inspeccion/${token}/mascotas/${luna}` });
    expect(animal.statusCode, animal.body).toBe(200);
    const file = animal.json<InspectionPet>();
    expect(file.mascota).toMatchObject({ id: luna, nombre: 'Luna', especie: 'Perro', microchip: '941000024681357' });
    expect(file.lineas.every((l) => l.mascotaId === luna)).toBe(true);
    expect(file.cuidados).toMatchObject([{ tipo: 'vacuna', nombre: 'Rabia', fechaRealizada: '2025-02-10', lote: 'L-77', veterinario: 'Dra. Gil' }]);
    // No money and no staff notes reach the inspector.
    expect(animal.body).not.toContain('nota interna');
    expect(animal.body).not.toContain('coste');
    expect(await allEvents()).toBe(events + 2);

    const reads = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'inspeccion'), eq(historyEvent.entidadId, String(link.id)), eq(historyEvent.accion, 'enviar')));
    expect(reads.map((r) => [r.actorTipo, r.actorNombre])).toEqual([
      ['enlace', 'Lectora (Servicio de Sanidad Animal)'],
      ['enlace', 'Lectora (Servicio de Sanidad Animal)'],
    ]);
    expect(JSON.stringify(reads)).not.toContain(token);

    const list = (await admin().inject({ method: 'GET', url: '/api/inspecciones' })).json<InspectionList>();
    const listed = list.items.find((i) => i.id === link.id)!;
    expect(listed.estado).toBe('activa');
    expect(listed.lecturas.map((r) => [r.lectura, r.mascota])).toEqual([
      ['mascota', { id: luna, nombre: 'Luna' }],
      ['libro', null],
    ]);
    expect(list.items[0]!.creadaPor).toBe('Persona De Prueba');
  });

  it('answers an animal outside the book, or no animal at all, with 404 and writes no event', async () => {
    const link = await openLink('Curiosa');
    const token = tokenOf(link.url);
    const inBook = (await anon().inject({ method: 'GET', url: `/api/inspeccion/${token}` })).json<InspectionView>();
    // The last day chosen reads as chosen, on the inspector's page, the creation's answer and the staff list.
    expect(link.hasta).toBe(addDaysToDay(today, 7));
    expect(inBook.hasta).toBe(addDaysToDay(today, 7));
    const listed = (await t.as('admin').inject({ method: 'GET', url: '/api/inspecciones' })).json<{ items: { id: number; hasta: string }[] }>();
    expect(listed.items.find((i) => i.id === link.id)?.hasta).toBe(addDaysToDay(today, 7));
    const unknownPet = Math.max(...inBook.libro.map((l) => l.mascotaId), luna) + 1000;
    // Only an id written as the animal's number: '1.0', '01', '+1' or '1e0' is not animal 1.
    for (const id of [String(unknownPet), '0', '-1', 'abc', `${luna}.0`, `0${luna}`, `+${luna}`, `${luna}e0`, ` ${luna}`]) {
      const res = await anon().inject({ method: 'GET', url: `/api/inspeccion/${token}/mascotas/${id}` });
      expectErrorShape(res, 404);
      expect(res.json<{ message: string }>().message).toBe(inspectionMessages.petNotFound);
    }
    expect(await readEvents(link.id)).toBe(1);
  });

  it('answers an unknown, malformed, expired or revoked token with the same 404, and never again after a revocation', async () => {
    const expired = await openLink('Vencida');
    await t.database.db
      .update(inspection)
      .set({ venceEn: new Date(Date.now() - 1000) })
      .where(eq(inspection.id, expired.id));
    const revoked = await openLink('Revocada');
    const revokedToken = tokenOf(revoked.url);
    // It worked before the revocation...
    expect((await anon().inject({ method: 'GET', url: `/api/inspeccion/${revokedToken}` })).statusCode).toBe(200);
    const del = await admin().inject({ method: 'DELETE', url: `/api/inspecciones/${revoked.id}` });
    expect(del.statusCode, del.body).toBe(204);
    expect((await admin().inject({ method: 'DELETE', url: `/api/inspecciones/${revoked.id}` })).statusCode).toBe(409);
    expect((await admin().inject({ method: 'DELETE', url: '/api/inspecciones/999999' })).statusCode).toBe(404);
    const revokeEvents = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'inspeccion'), eq(historyEvent.entidadId, String(revoked.id)), eq(historyEvent.accion, 'estado')));
    expect(revokeEvents).toHaveLength(1);

    const tokens = [
      'a'.repeat(43),
      'corto',
      '..%2F..%2Fauth-secret',
      'x'.repeat(300),
      tokenOf(expired.url),
      revokedToken,
      // ...and a replay of the revoked token with a different case or a trailing character is no better.
      revokedToken.toUpperCase(),
      `${revokedToken}A`,
    ];
    const bodies = new Set<string>();
    const before = await allEvents();
    for (const token of tokens)
      for (const suffix of ['', `/mascotas/${luna}`]) {
        const res = await anon().inject({ method: 'GET', url: `/api/inspeccion/${token}${suffix}` });
        expectErrorShape(res, 404, 'NOT_FOUND');
        const { requestId: _ignored, ...rest } = res.json<{ requestId: string }>();
        bodies.add(JSON.stringify(rest));
      }
    expect([...bodies]).toEqual([JSON.stringify({ code: 'NOT_FOUND', message: inspectionMessages.notFound })]);
    expect(await allEvents()).toBe(before);
    const states = (await admin().inject({ method: 'GET', url: '/api/inspecciones' })).json<InspectionList>().items;
    expect(states.find((i) => i.id === expired.id)!.estado).toBe('vencida');
    expect(states.find((i) => i.id === revoked.id)).toMatchObject({ estado: 'revocada' });
  });

  it('changes nothing through the public paths: every write method answers 404 or 405', async () => {
    const link = await openLink('Escritora');
    const token = tokenOf(link.url);
    const snapshot = async () => ({
      events: await allEvents(),
      pet: (await t.database.db.select().from(pet).where(eq(pet.id, luna)))[0],
      link: (await t.database.db.select().from(inspection).where(eq(inspection.id, link.id)))[0],
      links: (await t.database.db.select({ n: count() }).from(inspection))[0]!.n,
    });
    const before = await snapshot();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
      for (const url of [
        `/api/inspeccion/${token}`,
        `/api/inspeccion/${token}/mascotas/${luna}`,
        `/api/inspeccion/${token}/mascotas`,
        `/api/inspeccion/${token}/mascotas/${luna}/salud`,
      ]) {
        const res = await anon().inject({ method, url, payload: { nombre: 'Cambiado', microchip: '1', revocadaEn: null, venceEn: '2099-01-01' } });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    expect(await snapshot()).toEqual(before);
  });

  it(
    'carries the links in a backup: restored, a working link still opens the book and a revoked one stays closed',
    { timeout: 180_000 },
    async () => {
      const kept = await openLink('Tras la copia');
      const gone = await openLink('Revocada antes de la copia');
      expect((await admin().inject({ method: 'DELETE', url: `/api/inspecciones/${gone.id}` })).statusCode).toBe(204);
      const work = mkdtempSync(path.join(tmpdir(), 'refugio-inspections-backup-'));
      try {
        const archive = path.join(work, 'copia.tar');
        const out = createWriteStream(archive);
        await writeBackup({ db: t.database.db, databaseDriver: t.database.driver, storage: t.app.storage, dataDir: t.dataDir }, out);
        await finished(out);
        const dataDir = path.join(work, 'data');
        const database = await openDatabase({ driver: 'pglite', dataDir: undefined, template: false });
        const storage = new LocalStorage(path.join(dataDir, 'media'));
        await storage.init();
        try {
          await restoreArchive(archive, { db: database.db, storage, dataDir, authSecretConfigured: false });
          const restored = await database.db.select().from(inspection).orderBy(inspection.id);
          expect(restored).toEqual(await t.database.db.select().from(inspection).orderBy(inspection.id));
          const app = await buildApp({
            config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL, LOG_LEVEL: 'silent' }),
            database: { ...database, close: () => Promise.resolve() },
            storage,
            logger: false,
            webDistDir: path.join(dataDir, 'no-web'),
          });
          try {
            expect((await app.inject({ url: `/api/inspeccion/${tokenOf(kept.url)}` })).statusCode).toBe(200);
            expect((await app.inject({ url: `/api/inspeccion/${tokenOf(gone.url)}` })).statusCode).toBe(404);
          } finally {
            await app.close();
          }
        } finally {
          await database.close();
        }
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  );
});
