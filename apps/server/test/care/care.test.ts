import { and, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type CareRecord,
  type CareSheet,
  type ListCareDueResponse,
  type MarkCareDoneResult,
  type Pet,
  type Protocol,
  PROTOCOL_DEFAULT_NOTE,
  type PublicPet,
  type UndoCareDoneResult,
  addDaysToDay,
  dayInZone,
} from '@refugio/contracts';
import { careAttachment, historyEvent } from '../../src/db/schema';
import { ADMIN, STAFF, type Role, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type Part, jpeg, multipart, petFields } from '../helpers/media';

/*
 * Care records (DESIGN section 11): the pet's identity and its unique microchip, records and their date rules,
 * repetition, protocols, what is due, attachments checked by content and kept for staff, the public badges, the
 * printable history, and the history events of every change. Runs on PGlite, or on PostgreSQL with
 * TEST_DATABASE_URL.
 */

// A zone without summer time, far from UTC: its day and UTC's differ for five hours every night.
const ZONE = 'America/Bogota';

async function pdfBytes(text: string): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.text(text);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

async function pdfText(data: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(data), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

describe('care records', () => {
  let t: TestApp;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp({ ORG_TIME_ZONE: ZONE, ORG_NAME: 'Refugio Los Robles', ORG_CONTACT_EMAIL: 'hola@losrobles.test' });
    await t.createUser({ ...STAFF, name: 'Tomás', lastname: 'Vera' });
    await t.createUser({ ...ADMIN, name: 'Rocío', lastname: 'Gil' });
    today = dayInZone(new Date(), ZONE);
  }, 120_000);
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const send = (url: string, parts: Part[], as: Role = 'staff') => {
    const body = multipart(parts);
    return t.as(as).inject({ method: 'POST', url, payload: body.payload, headers: body.headers });
  };
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, as: Role = 'staff') =>
    t.as(as).inject({ method, url, ...(payload ? { payload } : {}) });
  const createPet = async (overrides: Record<string, string> = {}) => {
    const res = await send('/phpApi/mascota/nueva', petFields({ nombre: 'Bruma', ...overrides }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; version: number }>().id;
  };
  const getPet = async (id: number) => (await call('GET', `/phpApi/mascota/${id}`)).json<Pet>();
  const addRecord = async (petId: number, body: object) => {
    const res = await call('POST', `/api/mascotas/${petId}/salud`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CareRecord>();
  };
  const eventsOf = (entidad: string, entidadId: number) =>
    t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, entidad), eq(historyEvent.entidadId, String(entidadId))))
      .orderBy(historyEvent.id);

  describe('identity on the pet', () => {
    it('is set on create and through actualizar, kept when not sent, and its changes go to the history', async () => {
      const id = await createPet({
        raza: 'Mestizo',
        color: 'Atigrado',
        fechaNacimiento: '2022-04-01',
        fechaNacimientoAprox: '1',
        microchip: '941 000 024 680 135',
        esterilizado: 'no',
      });
      const pet = await getPet(id);
      expect(pet).toMatchObject({
        raza: 'Mestizo',
        color: 'Atigrado',
        fechaNacimiento: '2022-04-01',
        fechaNacimientoAprox: '1',
        microchip: '941000024680135',
        esterilizado: 'no',
        fechaEsterilizacion: '',
        pesoKg: null,
        // The specification's fields and encodings stay.
        adoptado: '0',
        tags: JSON.stringify(['cariñosa', 'tranquila']),
      });

      // A client of the original API sends none of them: nothing changes.
      const saved = await send(`/phpApi/mascota/${id}/actualizar`, petFields({ nombre: 'Bruma', edad: '3 años' }));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await getPet(id)).toMatchObject({ raza: 'Mestizo', microchip: '941000024680135', esterilizado: 'no' });

      await send(`/phpApi/mascota/${id}/actualizar`, petFields({ nombre: 'Bruma', esterilizado: 'si', fechaEsterilizacion: '2024-01-10', raza: '' }));
      expect(await getPet(id)).toMatchObject({ raza: '', esterilizado: 'si', fechaEsterilizacion: '2024-01-10' });
      const events = await eventsOf('mascota', id);
      expect(events[0]!.cambios).toMatchObject({ microchip: [null, '941000024680135'], raza: [null, 'Mestizo'] });
      expect(events.at(-1)!.cambios).toMatchObject({
        raza: ['Mestizo', null],
        esterilizado: ['no', 'si'],
        fechaEsterilizacion: [null, '2024-01-10'],
      });
    });

    it('refuses a microchip that is not 15 digits, a birth date after today, and an unknown sterilised value', async () => {
      for (const [field, value] of [
        ['microchip', '12345'],
        ['microchip', '94100002468013X'],
        ['fechaNacimiento', addDaysToDay(today, 1)],
        ['fechaNacimiento', '2023-02-30'],
        ['esterilizado', 'quizas'],
      ] as const) {
        const res = await send('/phpApi/mascota/nueva', petFields({ [field]: value }));
        expectErrorShape(res, 400, 'VALIDATION_ERROR');
        expect(res.json<{ fieldErrors: Record<string, string> }>().fieldErrors[field]).toBeTruthy();
      }
    });

    it('a microchip another live pet holds answers 409 naming it; a deleted pet frees it', async () => {
      const holder = await createPet({ nombre: 'Canela', microchip: '900000000000001' });
      const res = await send('/phpApi/mascota/nueva', petFields({ nombre: 'Otra', microchip: '900000000000001' }));
      expectErrorShape(res, 409, 'CONFLICT');
      expect(res.json<{ message: string }>().message).toBe(`Ese microchip ya lo tiene «Canela» (mascota ${holder}).`);
      const other = await createPet({ nombre: 'Otra' });
      expectErrorShape(
        await send(`/phpApi/mascota/${other}/actualizar`, petFields({ nombre: 'Otra', microchip: '900000000000001' })),
        409,
        'CONFLICT',
      );

      expect((await call('POST', `/phpApi/mascota/${holder}/eliminar`)).statusCode).toBe(200);
      const reused = await send(`/phpApi/mascota/${other}/actualizar`, petFields({ nombre: 'Otra', microchip: '900000000000001' }));
      expect(reused.statusCode, reused.body).toBe(200);
      // Restoring the first now would give two live pets one microchip: refused, and it stays deleted.
      const restore = await call('POST', `/phpApi/mascota/${holder}/restaurar`, undefined, 'admin');
      expectErrorShape(restore, 409, 'CONFLICT');
      expect(restore.json<{ message: string }>().message).toContain('«Otra»');
    });

    it('of several saves at once giving the same microchip, exactly one wins; the others answer 409', async () => {
      const ids = await Promise.all([1, 2, 3, 4].map((n) => createPet({ nombre: `Carrera ${n}` })));
      const results = await Promise.all(
        ids.map((id) => send(`/phpApi/mascota/${id}/actualizar`, petFields({ nombre: 'x', microchip: '977000000000042' }))),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const creates = await Promise.all(
        [1, 2, 3].map((n) => send('/phpApi/mascota/nueva', petFields({ nombre: `Nueva ${n}`, microchip: '977000000000043' }))),
      );
      expect(creates.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      for (const r of [...results, ...creates].filter((x) => x.statusCode === 409))
        expect(r.json<{ message: string }>().message).toMatch(/^Ese microchip ya lo tiene/);
    });

    it('the staff list filters by sterilised and by having a microchip', async () => {
      const a = await createPet({ nombre: 'FiltroA', esterilizado: 'si', microchip: '955000000000001', tags: '["filtro-salud"]' });
      const b = await createPet({ nombre: 'FiltroB', esterilizado: 'no', tags: '["filtro-salud"]' });
      const list = async (query: string) =>
        (await call('GET', `/phpApi/mascotas?tag=filtro-salud&${query}`)).json<{ items: { id: number }[] }>().items.map((i) => i.id);
      expect(await list('esterilizado=si')).toEqual([a]);
      expect(await list('esterilizado=no')).toEqual([b]);
      expect(await list('conMicrochip=1')).toEqual([a]);
      expect(await list('conMicrochip=0')).toEqual([b]);
      expectErrorShape(await call('GET', '/phpApi/mascotas?esterilizado=tal-vez'), 400);
    });

    it('keeps where a pet came from, lists those without it as "sin indicar", and refuses an origin not in the list', async () => {
      const a = await createPet({ nombre: 'Origen A', procedencia: 'cesion', procedenciaDetalle: 'Su dueña se mudó', tags: '["filtro-origen"]' });
      const b = await createPet({ nombre: 'Origen B', tags: '["filtro-origen"]' });
      expect(await getPet(a)).toMatchObject({ procedencia: 'cesion', procedenciaDetalle: 'Su dueña se mudó' });
      expect(await getPet(b)).toMatchObject({ procedencia: '', procedenciaDetalle: '' });
      const list = async (query: string) =>
        (await call('GET', `/phpApi/mascotas?tag=filtro-origen&${query}`)).json<{ items: { id: number }[] }>().items.map((i) => i.id);
      expect(await list('procedencia=sin_indicar')).toEqual([b]);
      expect(await list('procedencia=cesion')).toEqual([a]);
      expect(await list('procedencia=rescate')).toEqual([]);
      expectErrorShape(await call('GET', '/phpApi/mascotas?procedencia=perrera'), 400);

      const refused = await send(`/phpApi/mascota/${b}/actualizar`, petFields({ nombre: 'Origen B', procedencia: 'perrera', version: '1' }));
      expectErrorShape(refused, 400);
      expect(refused.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toMatchObject({ procedencia: 'Elige la procedencia de la lista.' });
      const saved = await send(`/phpApi/mascota/${b}/actualizar`, petFields({ nombre: 'Origen B', procedencia: 'rescate', version: '1' }));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await list('procedencia=sin_indicar')).toEqual([]);
      const events = (await call('GET', `/api/mascotas/${b}/historial`)).json<{ items: { cambios?: Record<string, unknown> }[] }>().items;
      expect(events.some((e) => JSON.stringify(e.cambios?.procedencia) === JSON.stringify([null, 'rescate']))).toBe(true);
    });
  });

  describe('records', () => {
    it('takes a planned or a done date, never a done date after today, and nothing without a date', async () => {
      const petId = await createPet();
      const planned = await addRecord(petId, { tipo: 'vacuna', nombre: 'Rabia', fechaProgramada: addDaysToDay(today, 10), lote: 'L-1' });
      expect(planned).toMatchObject({ estado: 'programado', vencido: false, version: 1, mascotaId: petId });
      const done = await addRecord(petId, { tipo: 'test', nombre: 'Leishmania', fechaRealizada: today, resultado: 'Negativo', coste: 25.5 });
      expect(done).toMatchObject({ estado: 'hecho', coste: 25.5 });

      const future = await call('POST', `/api/mascotas/${petId}/salud`, { tipo: 'vacuna', nombre: 'Rabia', fechaRealizada: addDaysToDay(today, 1) });
      expectErrorShape(future, 400, 'VALIDATION_ERROR');
      expect(future.json<{ message: string }>().message).toBe('La fecha en que se hizo no puede ser posterior a hoy.');
      expectErrorShape(await call('POST', `/api/mascotas/${petId}/salud`, { tipo: 'vacuna', nombre: 'Rabia' }), 400);
      expectErrorShape(await call('POST', `/api/mascotas/${petId}/salud`, { tipo: 'magia', nombre: 'x', fechaProgramada: today }), 400);
      expectErrorShape(await call('POST', `/api/mascotas/${petId}/salud`, { tipo: 'peso', nombre: 'Peso', fechaRealizada: today }), 400);
      expectErrorShape(await call('POST', '/api/mascotas/999999/salud', { tipo: 'vacuna', nombre: 'x', fechaProgramada: today }), 404);

      const sheet = (await call('GET', `/api/mascotas/${petId}/salud`)).json<CareSheet>();
      expect(sheet.registros.map((r) => r.id)).toEqual([done.id]);
      expect(sheet.proximos.map((r) => r.id)).toEqual([planned.id]);
    });

    it("judges 'today' in the organisation's time zone at the day boundary, not in UTC", async () => {
      const petId = await createPet();
      // 03:00 UTC on day D+1 is 22:00 of day D in Bogotá: D+1 is still tomorrow there.
      const base = addDaysToDay(today, 1);
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${base}T03:00:00Z`) });
      const early = await call('POST', `/api/mascotas/${petId}/salud`, { tipo: 'vacuna', nombre: 'Rabia', fechaRealizada: base });
      expectErrorShape(early, 400, 'VALIDATION_ERROR');
      expect((await call('POST', `/api/mascotas/${petId}/salud`, { tipo: 'vacuna', nombre: 'Rabia', fechaRealizada: today })).statusCode).toBe(201);
      // 05:30 UTC is 00:30 of D+1 in Bogotá: now it is today.
      vi.setSystemTime(new Date(`${base}T05:30:00Z`));
      expect((await call('POST', `/api/mascotas/${petId}/salud`, { tipo: 'vacuna', nombre: 'Rabia', fechaRealizada: base })).statusCode).toBe(201);
    });

    it('edits with versions (stale 409), and each change is one history event with before and after', async () => {
      const petId = await createPet();
      const rec = await addRecord(petId, { tipo: 'tratamiento', nombre: 'Antibiótico', fechaProgramada: today, dosis: '1 comprimido' });
      const saved = await call('PATCH', `/api/salud/${rec.id}`, { dosis: '2 comprimidos', veterinario: 'Clínica Sur', version: 1 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<CareRecord>()).toMatchObject({ dosis: '2 comprimidos', veterinario: 'Clínica Sur', version: 2 });
      const stale = await call('PATCH', `/api/salud/${rec.id}`, { dosis: '3 comprimidos', version: 1 });
      expectErrorShape(stale, 409, 'CONFLICT');
      expectErrorShape(await call('PATCH', `/api/salud/${rec.id}`, { fechaRealizada: addDaysToDay(today, 2), version: 2 }), 400);
      expectErrorShape(await call('PATCH', `/api/salud/${rec.id}`, { dosis: 'x' }), 400);

      const events = await eventsOf('registro_salud', rec.id);
      expect(events.map((e) => e.accion)).toEqual(['crear', 'modificar']);
      expect(events[0]!.cambios).toMatchObject({ mascotaId: [null, petId], nombre: [null, 'Antibiótico'] });
      expect(events[1]!.cambios).toEqual({ dosis: ['1 comprimido', '2 comprimidos'], veterinario: ['', 'Clínica Sur'] });
    });

    it('marking done with a repetition plans the next one that many days after the day it was done', async () => {
      const petId = await createPet();
      const rec = await addRecord(petId, {
        tipo: 'desparasitacion_interna',
        nombre: 'Milbemax',
        fechaProgramada: addDaysToDay(today, -3),
        repetirCadaDias: 90,
      });
      expect(rec.vencido).toBe(true);
      const doneOn = addDaysToDay(today, -1);
      const res = await call('POST', `/api/salud/${rec.id}/hecho`, { fecha: doneOn, lote: 'MB-77', version: 1 });
      expect(res.statusCode, res.body).toBe(200);
      const { registro, siguiente } = res.json<MarkCareDoneResult>();
      expect(registro).toMatchObject({ estado: 'hecho', fechaRealizada: doneOn, lote: 'MB-77', vencido: false });
      expect(siguiente).toMatchObject({ estado: 'programado', fechaProgramada: addDaysToDay(doneOn, 90), repetirCadaDias: 90, nombre: 'Milbemax' });
      expectErrorShape(await call('POST', `/api/salud/${rec.id}/hecho`, { fecha: today, version: 2 }), 409, 'CONFLICT');
      expectErrorShape(await call('POST', `/api/salud/${siguiente!.id}/hecho`, { fecha: addDaysToDay(today, 1), version: 1 }), 400);
      expect((await eventsOf('registro_salud', rec.id)).map((e) => e.accion)).toEqual(['crear', 'estado']);
      expect((await eventsOf('registro_salud', siguiente!.id)).map((e) => e.accion)).toEqual(['crear']);
    });

    it('a record saved as done with a repetition plans the next one, as marking it done does; editing it later plans nothing more', async () => {
      const petId = await createPet();
      const doneOn = addDaysToDay(today, -2);
      const created = await addRecord(petId, { tipo: 'vacuna', nombre: 'Rabia', fechaRealizada: doneOn, repetirCadaDias: 365, dosis: '1 ml' });
      let sheet = (await call('GET', `/api/mascotas/${petId}/salud`)).json<CareSheet>();
      expect(sheet.proximos).toHaveLength(1);
      expect(sheet.proximos[0]).toMatchObject({
        nombre: 'Rabia',
        tipo: 'vacuna',
        fechaProgramada: addDaysToDay(doneOn, 365),
        repetirCadaDias: 365,
        dosis: '1 ml',
      });
      expect((await eventsOf('registro_salud', sheet.proximos[0]!.id)).map((e) => e.accion)).toEqual(['crear']);

      // A planned record edited to done plans its next one too; a later edit of the done record plans nothing more.
      const planned = await addRecord(petId, { tipo: 'desparasitacion_externa', nombre: 'Pipeta', fechaProgramada: today, repetirCadaDias: 30 });
      const saved = await call('PATCH', `/api/salud/${planned.id}`, { fechaRealizada: today, version: 1 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await call('PATCH', `/api/salud/${planned.id}`, { notas: 'Sin reacción', version: 2 })).statusCode).toBe(200);
      expect((await call('PATCH', `/api/salud/${created.id}`, { lote: 'R-9', version: 1 })).statusCode).toBe(200);
      sheet = (await call('GET', `/api/mascotas/${petId}/salud`)).json<CareSheet>();
      expect(sheet.proximos.map((r) => [r.nombre, r.fechaProgramada])).toEqual([
        ['Pipeta', addDaysToDay(today, 30)],
        ['Rabia', addDaysToDay(doneOn, 365)],
      ]);
      // Without a repetition, or planned only, nothing more.
      await addRecord(petId, { tipo: 'test', nombre: 'Leishmania', fechaRealizada: today });
      await addRecord(petId, { tipo: 'vacuna', nombre: 'Tos de las perreras', fechaProgramada: addDaysToDay(today, 5), repetirCadaDias: 365 });
      expect((await call('GET', `/api/mascotas/${petId}/salud`)).json<CareSheet>().proximos).toHaveLength(3);
    });

    it("'Deshacer' after 'Hecho' plans the dose again and removes the next one it planned, each with its history event", async () => {
      const petId = await createPet();
      const rec = await addRecord(petId, { tipo: 'vacuna', nombre: 'Polivalente', fechaProgramada: addDaysToDay(today, -1), repetirCadaDias: 21 });
      const marked = (await call('POST', `/api/salud/${rec.id}/hecho`, { fecha: today, version: 1 })).json<MarkCareDoneResult>();
      expect(marked.siguiente).not.toBeNull();

      const res = await call('POST', `/api/salud/${rec.id}/hecho/deshacer`, { version: marked.registro.version });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<UndoCareDoneResult>()).toMatchObject({
        registro: { id: rec.id, estado: 'programado', fechaRealizada: null, fechaProgramada: addDaysToDay(today, -1), vencido: true, version: 3 },
        siguienteQuitado: true,
      });
      const sheet = (await call('GET', `/api/mascotas/${petId}/salud`)).json<CareSheet>();
      expect(sheet.registros).toEqual([]);
      expect(sheet.proximos.map((r) => r.id)).toEqual([rec.id]);
      const due = (await call('GET', '/api/salud/pendientes')).json<ListCareDueResponse>();
      expect(due.items.some((i) => i.id === rec.id)).toBe(true);

      const events = await eventsOf('registro_salud', rec.id);
      expect(events.map((e) => e.accion)).toEqual(['crear', 'estado', 'estado']);
      expect(events[2]!.cambios).toEqual({ fechaRealizada: [today, null] });
      const nextEvents = await eventsOf('registro_salud', marked.siguiente!.id);
      expect(nextEvents.map((e) => e.accion)).toEqual(['crear', 'eliminar']);

      // Marked again, it plans a fresh next one.
      const again = await call('POST', `/api/salud/${rec.id}/hecho`, { fecha: today, version: 3 });
      expect(again.statusCode, again.body).toBe(200);
      expect((await call('GET', `/api/mascotas/${petId}/salud`)).json<CareSheet>().proximos.map((r) => r.fechaProgramada)).toEqual([
        addDaysToDay(today, 21),
      ]);
    });

    it("'Deshacer' keeps a next dose someone has already worked on", async () => {
      const petId = await createPet();
      const rec = await addRecord(petId, { tipo: 'tratamiento', nombre: 'Antiparasitario', fechaProgramada: today, repetirCadaDias: 7 });
      const marked = (await call('POST', `/api/salud/${rec.id}/hecho`, { fecha: today, version: 1 })).json<MarkCareDoneResult>();
      const next = marked.siguiente!;
      expect((await call('PATCH', `/api/salud/${next.id}`, { dosis: '2 comprimidos', version: 1 }, 'admin')).statusCode).toBe(200);
      const res = await call('POST', `/api/salud/${rec.id}/hecho/deshacer`, { version: marked.registro.version });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<UndoCareDoneResult>().siguienteQuitado).toBe(false);
      const sheet = (await call('GET', `/api/mascotas/${petId}/salud`)).json<CareSheet>();
      expect(sheet.proximos.map((r) => r.id).sort()).toEqual([rec.id, next.id].sort());
    });

    it("'Deshacer' after someone else changed the record is refused (409) and reverts nothing", async () => {
      const petId = await createPet();
      const rec = await addRecord(petId, { tipo: 'vacuna', nombre: 'Rabia', fechaProgramada: today, repetirCadaDias: 365 });
      const marked = (await call('POST', `/api/salud/${rec.id}/hecho`, { fecha: today, version: 1 })).json<MarkCareDoneResult>();
      // Someone else adds the batch to the done record meanwhile.
      expect((await call('PATCH', `/api/salud/${rec.id}`, { lote: 'RB-12', version: marked.registro.version }, 'admin')).statusCode).toBe(200);

      const refused = await call('POST', `/api/salud/${rec.id}/hecho/deshacer`, { version: marked.registro.version });
      expectErrorShape(refused, 409, 'CONFLICT');
      expect(refused.json<{ message: string }>().message).toBe(
        'Otra persona cambió este registro después de marcarlo como hecho, así que no se ha deshecho. Recarga para ver cómo está ahora.',
      );
      const sheet = (await call('GET', `/api/mascotas/${petId}/salud`)).json<CareSheet>();
      expect(sheet.registros.map((r) => [r.id, r.fechaRealizada, r.lote])).toEqual([[rec.id, today, 'RB-12']]);
      expect(sheet.proximos.map((r) => r.id)).toEqual([marked.siguiente!.id]);
      expect((await eventsOf('registro_salud', rec.id)).map((e) => e.accion)).toEqual(['crear', 'estado', 'modificar']);

      // Nothing to undo on a planned record, nor on one saved done without a planned date; bad input is a 400.
      const planned = await addRecord(petId, { tipo: 'vacuna', nombre: 'Polivalente', fechaProgramada: today });
      expectErrorShape(await call('POST', `/api/salud/${planned.id}/hecho/deshacer`, { version: 1 }), 409, 'CONFLICT');
      const doneOnly = await addRecord(petId, { tipo: 'test', nombre: 'Leishmania', fechaRealizada: today });
      expectErrorShape(await call('POST', `/api/salud/${doneOnly.id}/hecho/deshacer`, { version: 1 }), 409, 'CONFLICT');
      expectErrorShape(await call('POST', `/api/salud/${planned.id}/hecho/deshacer`, {}), 400, 'VALIDATION_ERROR');
      expectErrorShape(await call('POST', '/api/salud/999999/hecho/deshacer', { version: 1 }), 404);
    });

    it('a delete removes the record and keeps its content in the history', async () => {
      const petId = await createPet();
      const rec = await addRecord(petId, { tipo: 'cirugia', nombre: 'Extracción dental', fechaRealizada: today, notas: 'Sin incidencias' });
      expect((await call('DELETE', `/api/salud/${rec.id}`)).statusCode).toBe(204);
      expect((await call('GET', `/api/mascotas/${petId}/salud`)).json<CareSheet>().registros).toEqual([]);
      expectErrorShape(await call('DELETE', `/api/salud/${rec.id}`), 404);
      const [, deleted] = await eventsOf('registro_salud', rec.id);
      expect(deleted).toMatchObject({ accion: 'eliminar' });
      expect(deleted!.cambios).toMatchObject({ nombre: ['Extracción dental', null], notas: ['Sin incidencias', null], mascotaId: [petId, null] });
    });

    it('weights feed the pet’s pesoKg (the latest by date) and the chart’s series', async () => {
      const petId = await createPet();
      await addRecord(petId, { tipo: 'peso', nombre: 'Peso', fechaRealizada: addDaysToDay(today, -20), pesoKg: 8.2 });
      const latest = await addRecord(petId, { tipo: 'peso', nombre: 'Peso', fechaRealizada: addDaysToDay(today, -2), pesoKg: 9.45 });
      await addRecord(petId, { tipo: 'peso', nombre: 'Peso', fechaRealizada: addDaysToDay(today, -10), pesoKg: 8.9 });
      expect((await getPet(petId)).pesoKg).toBe(9.45);
      const sheet = (await call('GET', `/api/mascotas/${petId}/salud`)).json<CareSheet>();
      expect(sheet.pesos).toEqual([
        { fecha: addDaysToDay(today, -20), kg: 8.2 },
        { fecha: addDaysToDay(today, -10), kg: 8.9 },
        { fecha: addDaysToDay(today, -2), kg: 9.45 },
      ]);
      await call('DELETE', `/api/salud/${latest.id}`);
      expect((await getPet(petId)).pesoKg).toBe(8.9);
      expectErrorShape(await call('POST', `/api/mascotas/${petId}/salud`, { tipo: 'peso', nombre: 'Peso', fechaRealizada: today, pesoKg: -1 }), 400);
    });

    it('a done sterilisation sets the pet to sterilised with its date, with the pet’s history event', async () => {
      const petId = await createPet({ esterilizado: 'no' });
      const rec = await addRecord(petId, { tipo: 'esterilizacion', nombre: 'Ovariohisterectomía', fechaProgramada: today });
      expect((await getPet(petId)).esterilizado).toBe('no');
      await call('POST', `/api/salud/${rec.id}/hecho`, { fecha: today, version: 1 });
      expect(await getPet(petId)).toMatchObject({ esterilizado: 'si', fechaEsterilizacion: today });
      expect((await eventsOf('mascota', petId)).at(-1)!.cambios).toEqual({ esterilizado: ['no', 'si'], fechaEsterilizacion: [null, today] });
    });
  });

  describe('protocols', () => {
    it('ship defaults for dogs, cats and rabbits, marked as a starting point for the vet', async () => {
      const { items } = (await call('GET', '/api/protocolos')).json<{ items: Protocol[] }>();
      expect(new Set(items.map((p) => p.tipoMascota))).toEqual(new Set(['Perro', 'Gato', 'Conejo']));
      for (const p of items.filter((x) => x.predeterminado)) expect(p.nota).toBe(PROTOCOL_DEFAULT_NOTE);
      const rabbit = items.find((p) => p.tipoMascota === 'Conejo')!;
      expect(rabbit.pasos.map((s) => s.nombre).join(' ')).toMatch(/Mixomatosis.*VHD-1\/VHD-2/);
      const puppy = items.find((p) => p.tipoMascota === 'Perro' && p.nombre.startsWith('Cachorro'))!;
      expect(puppy.pasos.filter((s) => s.tipo === 'vacuna').length).toBeGreaterThanOrEqual(4);
      expect(puppy.pasos.find((s) => s.tipo === 'desparasitacion_interna')?.repetirCadaDias).toBe(90);
    });

    it('applied to a pet, plans every step from the start date; another species is refused', async () => {
      const { items } = (await call('GET', '/api/protocolos')).json<{ items: Protocol[] }>();
      const puppy = items.find((p) => p.tipoMascota === 'Perro' && p.nombre.startsWith('Cachorro'))!;
      const cat = items.find((p) => p.tipoMascota === 'Gato')!;
      const petId = await createPet({ tipo: 'Perro' });
      const inicio = addDaysToDay(today, -7);
      const res = await call('POST', `/api/mascotas/${petId}/salud/protocolo`, { protocoloId: puppy.id, inicio });
      expect(res.statusCode, res.body).toBe(201);
      const planned = res.json<{ registros: CareRecord[] }>().registros;
      expect(planned.map((r) => [r.nombre, r.fechaProgramada, r.repetirCadaDias]).sort()).toEqual(
        puppy.pasos.map((s) => [s.nombre, addDaysToDay(inicio, s.diasDesdeInicio), s.repetirCadaDias]).sort(),
      );
      expect(planned.every((r) => r.protocoloId === puppy.id && r.estado === 'programado')).toBe(true);
      for (const r of planned) expect((await eventsOf('registro_salud', r.id))[0]!.cambios).toMatchObject({ protocoloId: [null, puppy.id] });

      const wrong = await call('POST', `/api/mascotas/${petId}/salud/protocolo`, { protocoloId: cat.id, inicio });
      expectErrorShape(wrong, 400, 'VALIDATION_ERROR');
      expectErrorShape(await call('POST', `/api/mascotas/${petId}/salud/protocolo`, { protocoloId: 999999, inicio }), 400);
    });

    it('administrators create and change protocols (stale 409); staff may not', async () => {
      const body = {
        nombre: 'Hurones? no: Conejo senior',
        tipoMascota: 'Conejo',
        pasos: [{ tipo: 'revision', nombre: 'Revisión dental', diasDesdeInicio: 0, repetirCadaDias: 180 }],
      };
      expectErrorShape(await call('POST', '/api/protocolos', body), 403);
      const created = await call('POST', '/api/protocolos', body, 'admin');
      expect(created.statusCode, created.body).toBe(201);
      const protocol = created.json<Protocol>();
      expect(protocol).toMatchObject({ predeterminado: false, activo: true, version: 1 });
      const changed = await call('PUT', `/api/protocolos/${protocol.id}`, { ...body, nombre: 'Conejo senior', version: 1 }, 'admin');
      expect(changed.json<Protocol>()).toMatchObject({ nombre: 'Conejo senior', version: 2 });
      expectErrorShape(await call('PUT', `/api/protocolos/${protocol.id}`, { ...body, version: 1 }, 'admin'), 409);
      expectErrorShape(await call('PUT', `/api/protocolos/${protocol.id}`, { ...body, pasos: [] }, 'admin'), 400);
      expect((await eventsOf('protocolo', protocol.id)).map((e) => e.accion)).toEqual(['crear', 'modificar']);
    });
  });

  describe('what is due', () => {
    it('lists planned care up to a date, overdue first, without adopted or deleted pets; Pendientes and the dashboard count it', async () => {
      const marker = `due-${Date.now()}`;
      const before = (await call('GET', '/api/pendientes')).json<{ cuidadosVencidos: number; cuidadosHoy: number; total: number }>();
      const a = await createPet({ nombre: 'Ágata' });
      const b = await createPet({ nombre: 'Bimba' });
      const adopted = await createPet({ nombre: 'Adoptada' });
      const r1 = await addRecord(a, { tipo: 'vacuna', nombre: marker, fechaProgramada: today });
      const r2 = await addRecord(b, { tipo: 'desparasitacion_externa', nombre: marker, fechaProgramada: addDaysToDay(today, -5) });
      const r3 = await addRecord(a, { tipo: 'vacuna', nombre: marker, fechaProgramada: addDaysToDay(today, 3) });
      await addRecord(adopted, { tipo: 'vacuna', nombre: marker, fechaProgramada: addDaysToDay(today, -1) });
      expect((await call('POST', `/phpApi/mascota/${adopted}/adopcion`, { adoptado: '1' })).statusCode).toBe(200);

      const mine = (r: ListCareDueResponse) => r.items.filter((i) => i.nombre === marker);
      const due = (await call('GET', '/api/salud/pendientes?pageSize=200')).json<ListCareDueResponse>();
      expect(due.hoy).toBe(today);
      expect(mine(due).map((i) => [i.id, i.diasRetraso, i.mascota.nombre])).toEqual([
        [r2.id, 5, 'Bimba'],
        [r1.id, 0, 'Ágata'],
      ]);
      const ahead = (await call('GET', `/api/salud/pendientes?hasta=${addDaysToDay(today, 7)}&tipo=vacuna&pageSize=200`)).json<ListCareDueResponse>();
      expect(mine(ahead).map((i) => i.id)).toEqual([r1.id, r3.id]);

      const after = (await call('GET', '/api/pendientes')).json<{ cuidadosVencidos: number; cuidadosHoy: number; total: number }>();
      expect(after.cuidadosVencidos - before.cuidadosVencidos).toBe(1);
      expect(after.cuidadosHoy - before.cuidadosHoy).toBe(1);
      expect(after.total - before.total).toBe(2);
      const dashboard = (await call('GET', '/api/dashboard')).json<{ contadores: { cuidadosVencidos: number; cuidadosHoy: number } }>();
      expect(dashboard.contadores).toMatchObject({ cuidadosVencidos: after.cuidadosVencidos, cuidadosHoy: after.cuidadosHoy });

      // Deleting the pet takes its care off the round; restoring it brings it back.
      await call('POST', `/phpApi/mascota/${b}/eliminar`);
      expect(mine((await call('GET', '/api/salud/pendientes?pageSize=200')).json<ListCareDueResponse>()).map((i) => i.id)).toEqual([r1.id]);
      await call('POST', `/phpApi/mascota/${b}/restaurar`);
      expect(mine((await call('GET', '/api/salud/pendientes?pageSize=200')).json<ListCareDueResponse>()).map((i) => i.id)).toEqual([r2.id, r1.id]);
      expectErrorShape(await call('GET', '/api/salud/pendientes?hasta=2024-13-01'), 400);
    });

    it("filters by the pet's place (ubicacion): a fostered pet's care apart from the shelter's; a wrong place is a 400", async () => {
      const marker = `place-${Date.now()}`;
      const home = await createPet({ nombre: 'Casa' });
      const shelter = await createPet({ nombre: 'Refugio' });
      const rFoster = await addRecord(home, { tipo: 'vacuna', nombre: marker, fechaProgramada: today });
      const rShelter = await addRecord(shelter, { tipo: 'vacuna', nombre: marker, fechaProgramada: today });
      const person = await call('POST', '/api/personas', { nombre: 'Irene', email: `irene-${Date.now()}@example.com` });
      expect(person.statusCode, person.body).toBe(201);
      const placed = await call('POST', `/api/mascotas/${home}/movimientos`, {
        tipo: 'acogida',
        fecha: today,
        personaId: person.json<{ id: number }>().id,
        version: (await getPet(home)).version,
      });
      expect(placed.statusCode, placed.body).toBe(201);

      const mine = (url: string) => call('GET', url).then((r) => r.json<ListCareDueResponse>().items.filter((i) => i.nombre === marker));
      const fostered = await call('GET', '/api/salud/pendientes?ubicacion=acogida&pageSize=200');
      expect((await mine('/api/salud/pendientes?ubicacion=acogida&pageSize=200')).map((i) => i.id)).toEqual([rFoster.id]);
      expect(fostered.json<ListCareDueResponse>().total).toBe(fostered.json<ListCareDueResponse>().items.length);
      expect((await mine('/api/salud/pendientes?ubicacion=refugio&pageSize=200')).map((i) => i.id)).toEqual([rShelter.id]);
      expect((await mine('/api/salud/pendientes?pageSize=200')).map((i) => i.id).sort()).toEqual([rFoster.id, rShelter.id].sort());
      expectErrorShape(await call('GET', '/api/salud/pendientes?ubicacion=luna'), 400);
    });
  });

  describe('attachments', () => {
    it('takes a PDF, JPEG, PNG or WebP by its content, whatever its name; refuses a disguised file and one over 10 MB', async () => {
      const petId = await createPet();
      const rec = await addRecord(petId, { tipo: 'test', nombre: 'Analítica', fechaRealizada: today });
      const upload = (value: Buffer, fileName: string, contentType = 'application/octet-stream') =>
        send(`/api/salud/${rec.id}/adjuntos`, [{ name: 'file', value, fileName, contentType }]);

      const pdf = await upload(await pdfBytes('Resultado: negativo'), 'informe.jpg', 'image/jpeg');
      expect(pdf.statusCode, pdf.body).toBe(201);
      expect(pdf.json()).toMatchObject({ tipo: 'application/pdf', nombre: 'informe.pdf' });
      const photo = await upload(await jpeg(), 'foto.png');
      expect(photo.json()).toMatchObject({ tipo: 'image/jpeg', nombre: 'foto.jpg' });

      expectErrorShape(await upload(Buffer.from('No soy un PDF, soy texto plano.'), 'informe.pdf', 'application/pdf'), 415);
      const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 0x41)]);
      expectErrorShape(await upload(fakeJpeg, 'foto.jpg', 'image/jpeg'), 415);
      const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024), Buffer.from('%%EOF')]);
      expectErrorShape(await upload(big, 'grande.pdf'), 413);

      const sheet = (await call('GET', `/api/mascotas/${petId}/salud`)).json<CareSheet>();
      expect(sheet.registros[0]!.adjuntos.map((a) => a.nombre)).toEqual(['informe.pdf', 'foto.jpg']);
      expect((await eventsOf('registro_salud', rec.id)).filter((e) => e.accion === 'modificar').map((e) => e.cambios)).toEqual([
        { adjunto: [null, 'informe.pdf'] },
        { adjunto: [null, 'foto.jpg'] },
      ]);
    });

    it('are downloaded by staff only, never cached by others; a deleted record takes its files with it', async () => {
      const petId = await createPet({ estado: 'publicada' });
      const rec = await addRecord(petId, { tipo: 'vacuna', nombre: 'Rabia', fechaRealizada: today });
      const bytes = await pdfBytes('Certificado de vacunación');
      const uploaded = (await send(`/api/salud/${rec.id}/adjuntos`, [{ name: 'file', value: bytes, fileName: 'certificado.pdf' }])).json<{
        url: string;
      }>();

      const staff = await call('GET', uploaded.url);
      expect(staff.statusCode).toBe(200);
      expect(staff.headers['content-type']).toBe('application/pdf');
      expect(staff.headers['cache-control']).toBe('private, no-store');
      expect(staff.headers['content-disposition']).toContain('attachment');
      expect(staff.rawPayload.equals(bytes)).toBe(true);
      // Not even for a public pet: the care records are the team's.
      expectErrorShape(await call('GET', uploaded.url, undefined, 'anonymous'), 401);

      const [row] = await t.database.db.select().from(careAttachment).where(eq(careAttachment.recordId, rec.id));
      expect(await t.app.storage.head(row!.clave)).toBeDefined();
      await call('DELETE', `/api/salud/${rec.id}`);
      expect(await t.app.storage.head(row!.clave)).toBeUndefined();
      expectErrorShape(await call('GET', uploaded.url), 404);
    });
  });

  describe('public badges', () => {
    it('say vaccinated, dewormed, sterilised and microchipped, and nothing else of the records', async () => {
      const petId = await createPet({ nombre: 'Pública', estado: 'publicada', microchip: '966000000000077', esterilizado: 'si' });
      const badges = async () => (await call('GET', `/api/public/mascotas/${petId}`, undefined, 'anonymous')).json<PublicPet>().salud;
      expect(await badges()).toEqual({ vacunado: false, desparasitado: false, esterilizado: true, microchip: true });

      await addRecord(petId, { tipo: 'vacuna', nombre: 'Polivalente', fechaProgramada: today, lote: 'LOTE-SECRETO' });
      expect((await badges()).vacunado).toBe(false);
      await addRecord(petId, {
        tipo: 'vacuna',
        nombre: 'Rabia',
        fechaRealizada: today,
        lote: 'LOTE-SECRETO',
        veterinario: 'Dra. Pérez',
        notas: 'nota interna',
      });
      await addRecord(petId, { tipo: 'desparasitacion_interna', nombre: 'Drontal', fechaRealizada: addDaysToDay(today, -100) });
      expect(await badges()).toEqual({ vacunado: true, desparasitado: false, esterilizado: true, microchip: true });
      await addRecord(petId, { tipo: 'desparasitacion_externa', nombre: 'Pipeta', fechaRealizada: addDaysToDay(today, -30) });
      expect((await badges()).desparasitado).toBe(true);

      const one = await call('GET', `/api/public/mascotas/${petId}`, undefined, 'anonymous');
      const list = await call('GET', `/api/public/mascotas?q=${encodeURIComponent('Pública')}`, undefined, 'anonymous');
      for (const body of [one.body, list.body]) {
        for (const secret of ['LOTE-SECRETO', 'Dra. Pérez', 'nota interna', '966000000000077', 'Rabia', 'Drontal', today])
          expect(body).not.toContain(secret);
      }
      expect(list.json<{ items: PublicPet[] }>().items.find((p) => p.id === petId)!.salud).toEqual(await badges());
    });
  });

  describe('printable history', () => {
    it('is a Spanish PDF with the organisation, identity, microchip, vaccines with batches, deworming and weights, with page numbers', async () => {
      const petId = await createPet({
        nombre: 'Nieve',
        raza: 'Podenco',
        microchip: '941000011112222',
        fechaNacimiento: '2021-06-01',
        fechaNacimientoAprox: '1',
      });
      await addRecord(petId, { tipo: 'vacuna', nombre: 'Rabia', fechaRealizada: '2025-03-05', lote: 'RB-2291', veterinario: 'Clínica Sur' });
      await addRecord(petId, { tipo: 'desparasitacion_interna', nombre: 'Milbemax', fechaRealizada: '2025-04-01' });
      await addRecord(petId, { tipo: 'test', nombre: 'Leishmania', fechaRealizada: '2025-04-02', resultado: 'Negativo' });
      await addRecord(petId, { tipo: 'peso', nombre: 'Peso', fechaRealizada: '2025-04-02', pesoKg: 17.5 });
      const res = await call('GET', `/api/mascotas/${petId}/salud.pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(res.rawPayload);
      for (const expected of [
        'Historia clínica',
        'Refugio Los Robles',
        'hola@losrobles.test',
        'Nieve',
        'Podenco',
        '941000011112222',
        '01/06/2021 (aproximada)',
        'Vacunas',
        '05/03/2025',
        'Rabia',
        'Lote: RB-2291',
        'Desparasitaciones',
        'Milbemax',
        'Leishmania',
        'Resultado: Negativo',
        '17,5 kg',
        'Página 1 de 1',
      ])
        expect(text).toContain(expected);
      expectErrorShape(await call('GET', `/api/mascotas/${petId}/salud.pdf`, undefined, 'anonymous'), 401);
      expectErrorShape(await call('GET', '/api/mascotas/999999/salud.pdf'), 404);
    });
  });
});
