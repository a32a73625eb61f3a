import { type RegisterBookResponse, type RegisterBookVerification } from '@refugio/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { job, movement, orgSetting, person, pet, registerBookChain, registerBookLine } from '../../src/db/schema';
import { FILL_JOB, registerBookFillJob } from '../../src/modules/register-book/register-book-fill.job';
import { FILL_BATCH } from '../../src/modules/register-book/register-book.writer';
import { type FrozenLine, lineHash } from '../../src/modules/register-book/chain';
import { ORGANIZATION_SETTING_KEY } from '../../src/modules/organization/organization-settings';
import { flat, pdfPages } from '../helpers/documents-support';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart, petFields } from '../helpers/media';
import { sheetCells, unzip } from '../helpers/xlsx-reader';

/*
 * The register book (DESIGN section 16): one line per stay, numbered per year in order of entry and never renumbered,
 * closed and frozen when the animal leaves, chained by SHA-256, a rectification line for a later correction, the check
 * that finds a line changed in the table, two closings at once never forking the chain, the PDF and the spreadsheet.
 */

describe('register book', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.insert(orgSetting).values({
      clave: ORGANIZATION_SETTING_KEY,
      valor: JSON.stringify({
        nombre: 'Refugio Las Encinas',
        email: null,
        telefono: null,
        direccion: null,
        web: null,
        zonaHoraria: 'Europe/Madrid',
        nucleoZoologico: 'ES280790000123',
        registroEntidades: '28/1234',
        version: 1,
      }),
    });
  });
  afterAll(() => t.close());

  const staff = () => t.as('staff');
  const createPet = async (fields: Record<string, string>) => {
    const form = multipart(petFields(fields));
    const res = await staff().inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };
  const version = async (petId: number) => (await t.database.db.select({ v: pet.version }).from(pet).where(eq(pet.id, petId)))[0]!.v;
  const editPet = async (petId: number, fields: Record<string, string>) => {
    const [row] = await t.database.db.select().from(pet).where(eq(pet.id, petId));
    const form = multipart(
      petFields({ nombre: row!.nombre, fechaingreso: row!.fechaIngreso!.slice(0, 10), ...fields, version: String(await version(petId)) }),
    );
    const res = await staff().inject({ method: 'POST', url: `/phpApi/mascota/${petId}/actualizar`, payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
  };
  const move = async (petId: number, body: Record<string, unknown>) => {
    const res = await staff().inject({
      method: 'POST',
      url: `/api/mascotas/${petId}/movimientos`,
      payload: { version: await version(petId), ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const book = async (anio: number) => {
    const res = await staff().inject({ method: 'GET', url: `/api/libro-registro?anio=${anio}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RegisterBookResponse>();
  };
  const verify = async (anio: number) => {
    const res = await staff().inject({ method: 'GET', url: `/api/libro-registro/verificar?anio=${anio}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RegisterBookVerification>();
  };
  const insertPerson = async (nombre: string, values: Partial<typeof person.$inferInsert> = {}) =>
    (
      await t.database.db
        .insert(person)
        .values({ nombre, ...values })
        .returning()
    )[0]!.id;

  let luna: number;
  let toby: number;
  let kira: number;
  let ana: number;

  it('numbers each year in order of entry, closes a stay when the animal leaves and freezes it, a return opening a new one', async () => {
    luna = await createPet({
      nombre: 'Luna',
      fechaingreso: '2024-03-05',
      raza: 'Mestiza',
      color: 'Negro',
      microchip: '941000024681357',
      procedencia: 'abandono',
    });
    toby = await createPet({ nombre: 'Toby', fechaingreso: '2024-01-02', genero: 'macho', color: 'Canela' });
    kira = await createPet({ nombre: 'Kira', fechaingreso: '2025-02-01', tipo: 'Gato', color: 'Blanco' });
    ana = await insertPerson('Ana', { apellidos: 'Ruiz', nif: '12345678Z', direccion: 'Calle Mayor 1', ciudad: 'Madrid', codigoPostal: '28013' });

    let y2024 = await book(2024);
    expect(y2024.organizacion).toEqual({ nombre: 'Refugio Las Encinas', nucleoZoologico: 'ES280790000123', registroEntidades: '28/1234' });
    expect(y2024.lineas.map((l) => [l.numero, l.mascotaId, l.cerrada, l.hash])).toEqual([
      [1, luna, false, null],
      [2, toby, false, null],
    ]);
    expect(y2024.lineas[0]).toMatchObject({ fechaEntrada: '2024-03-05', procedencia: 'abandono', especie: 'Perro', raza: 'Mestiza', sexo: 'hembra' });
    expect((await book(2025)).lineas.map((l) => [l.numero, l.mascotaId])).toEqual([[1, kira]]);

    await move(luna, { tipo: 'adopcion', fecha: '2025-05-01', personaId: ana });
    await move(luna, { tipo: 'devolucion', fecha: '2025-06-01', motivo: 'Alergia en la familia' });
    await move(toby, { tipo: 'fallecimiento', fecha: '2025-07-01', motivo: 'Insuficiencia renal', veterinario: 'Dra. Gil (col. 2812)' });

    y2024 = await book(2024);
    expect(y2024.lineas.map((l) => [l.numero, l.mascotaId, l.cerrada, l.destino])).toEqual([
      [1, luna, true, 'adopcion'],
      [2, toby, true, 'fallecimiento'],
    ]);
    expect(y2024.lineas[0]).toMatchObject({
      fechaSalida: '2025-05-01',
      destinatario: { nombre: 'Ana Ruiz', nif: '12345678Z', direccion: 'Calle Mayor 1, 28013 Madrid' },
      rectifica: null,
    });
    expect(y2024.lineas[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(y2024.lineas[1]).toMatchObject({ causaMuerte: 'Insuficiencia renal', veterinario: 'Dra. Gil (col. 2812)', destinatario: null });
    const y2025 = await book(2025);
    expect(y2025.lineas.map((l) => [l.numero, l.mascotaId, l.cerrada, l.procedencia, l.procedenciaDetalle])).toEqual([
      [1, kira, false, null, ''],
      [2, luna, false, 'cesion', 'Devolución de adopción'],
    ]);

    // Frozen: the adopter's new address does not reach the closed line; an open line shows the current data.
    await t.database.db.update(person).set({ direccion: 'Calle Nueva 9' }).where(eq(person.id, ana));
    await editPet(kira, { tipo: 'Gato', color: 'Blanco y gris' });
    expect((await book(2024)).lineas[0]!.destinatario!.direccion).toBe('Calle Mayor 1, 28013 Madrid');
    expect((await book(2025)).lineas[0]).toMatchObject({ numero: 1, color: 'Blanco y gris', cerrada: false });
    expect(await verify(2024)).toEqual({ integro: true, lineas: 2 });
  });

  it('appends a chained rectification line when a closed line reads otherwise later, and never renumbers', async () => {
    await editPet(luna, { raza: 'Mestiza', color: 'Negro', microchip: '941000024681358', procedencia: 'abandono' });
    const y2024 = await book(2024);
    expect(y2024.lineas.map((l) => [l.numero, l.cerrada, l.rectifica, l.microchip])).toEqual([
      [1, true, null, '941000024681357'],
      [2, true, null, null],
      [3, true, 1, '941000024681358'],
    ]);
    expect(y2024.lineas[2]).toMatchObject({ mascotaId: luna, destino: 'adopcion', fechaSalida: '2025-05-01' });
    // The open stay shows it at once; a save that changes nothing of the line appends nothing.
    expect((await book(2025)).lineas[1]!.microchip).toBe('941000024681358');
    await editPet(luna, { raza: 'Mestiza', color: 'Negro', microchip: '941000024681358', procedencia: 'abandono', personalidad: 'Juguetona' });
    expect((await book(2024)).lineas).toHaveLength(3);
    expect(await verify(2024)).toEqual({ integro: true, lineas: 3 });
  });

  it('closes two stays at the same moment on two connections into one unforked chain', async () => {
    const a = await createPet({ nombre: 'Rayo', fechaingreso: '2025-03-01' });
    const b = await createPet({ nombre: 'Nube', fechaingreso: '2025-03-02' });
    const before = (await t.database.db.select().from(registerBookChain))[0]!.longitud;
    const [va, vb] = [await version(a), await version(b)];
    const answers = await Promise.all([
      staff().inject({ method: 'POST', url: `/api/mascotas/${a}/movimientos`, payload: { tipo: 'traslado', fecha: '2025-08-01', version: va } }),
      staff().inject({ method: 'POST', url: `/api/mascotas/${b}/movimientos`, payload: { tipo: 'traslado', fecha: '2025-08-01', version: vb } }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    const closed = await t.database.db
      .select({ cadena: registerBookLine.cadena, hash: registerBookLine.hash, hashAnterior: registerBookLine.hashAnterior })
      .from(registerBookLine)
      .where(eq(registerBookLine.cerrada, true))
      .orderBy(registerBookLine.cadena);
    expect(closed.map((r) => r.cadena)).toEqual(closed.map((_, i) => i + 1));
    expect(closed).toHaveLength(before + 2);
    for (let i = 1; i < closed.length; i++) expect(closed[i]!.hashAnterior).toBe(closed[i - 1]!.hash);
    expect((await t.database.db.select().from(registerBookChain))[0]).toMatchObject({ longitud: before + 2, cabeza: closed.at(-1)!.hash });
    expect(await verify(2025)).toEqual({ integro: true, lineas: 2 });
  });

  it('answers an empty book for a year without data and 400 in Spanish for a year that is not one', async () => {
    expect(await book(1999)).toMatchObject({ anio: 1999, lineas: [] });
    expect(await verify(1999)).toEqual({ integro: true, lineas: 0 });
    for (const anio of ['20261', '', 'abc', '2026.5', '0999']) {
      const res = await staff().inject({ method: 'GET', url: `/api/libro-registro?anio=${anio}` });
      expectErrorShape(res, 400);
      expect(res.json<{ fieldErrors: Record<string, string> }>().fieldErrors.anio).toBe('Indica un año válido (cuatro cifras, por ejemplo 2026).');
      expectErrorShape(await staff().inject({ method: 'GET', url: `/api/libro-registro/verificar?anio=${anio}` }), 400);
    }
    expectErrorShape(await staff().inject({ method: 'GET', url: '/api/libro-registro' }), 400);
    expectErrorShape(await staff().inject({ method: 'GET', url: '/api/libro-registro?anio=2024&formato=docx' }), 400);
  });

  it('is read by administrators and the team only, and a read writes nothing', async () => {
    expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url: '/api/libro-registro?anio=2024' }), 401);
    expectErrorShape(await t.as('anonymous').inject({ method: 'GET', url: '/api/libro-registro/verificar?anio=2024' }), 401);
    expect((await t.as('admin').inject({ method: 'GET', url: '/api/libro-registro?anio=2024' })).statusCode).toBe(200);
    const count = async () => (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(registerBookLine))[0]!.n;
    const n = await count();
    await book(2024);
    await staff().inject({ method: 'GET', url: '/api/libro-registro?anio=2024&formato=pdf' });
    expect(await count()).toBe(n);
  });

  it('gives the PDF (landscape, numbered pages, the registry numbers) and the spreadsheet with the same lines', async () => {
    const pdf = await staff().inject({ method: 'GET', url: '/api/libro-registro?anio=2024&formato=pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('libro-registro-2024.pdf');
    const pages = await pdfPages(pdf.rawPayload);
    const text = flat(pages.join(' '));
    expect(text).toContain('Refugio Las Encinas · Libro de registro 2024');
    expect(text).toContain('Núcleo zoológico: ES280790000123 · Registro de entidades: 28/1234');
    expect(text).toContain(`Página 1 de ${pages.length}`);
    for (const expected of [
      '941000024681357',
      '941000024681358',
      'Adopción',
      'Fallecimiento',
      'Insuficiencia renal',
      'Rectifica la nº 1',
      '05/03/2024',
    ])
      expect(text).toContain(expected);
    const landscape = pdf.rawPayload.toString('latin1').match(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/);
    expect(Number(landscape![1])).toBeGreaterThan(Number(landscape![2]));

    const xlsx = await staff().inject({ method: 'GET', url: '/api/libro-registro?anio=2024&formato=xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('libro-registro-2024.xlsx');
    const cells = sheetCells(unzip(xlsx.rawPayload)).map((c) => c.text);
    for (const expected of [
      'Nº',
      'Microchip',
      'Destinatario (nombre, NIF, dirección)',
      'Hash',
      '941000024681358',
      'Ana Ruiz, 12345678Z, Calle Mayor 1, 28013 Madrid',
    ])
      expect(cells).toContain(expected);
    const empty = flat(
      (await pdfPages((await staff().inject({ method: 'GET', url: '/api/libro-registro?anio=1999&formato=pdf' })).rawPayload)).join(' '),
    );
    expect(empty).toContain('No hay líneas en el libro de 1999.');
  });

  it('finds a closed line changed in the table, naming it', async () => {
    expect(await verify(2024)).toEqual({ integro: true, lineas: 3 });
    await t.database.db.execute(
      sql`UPDATE register_book_line SET contenido = jsonb_set(contenido, '{color}', '"Rojo"') WHERE anio = 2024 AND numero = 2`,
    );
    expect(await verify(2024)).toEqual({ integro: false, lineas: 3, primeraRota: 2 });
    // Put back, it matches again; rewritten with a hash that fits its new content, the chain still breaks there.
    await t.database.db.execute(
      sql`UPDATE register_book_line SET contenido = jsonb_set(contenido, '{color}', '"Canela"') WHERE anio = 2024 AND numero = 2`,
    );
    expect(await verify(2024)).toEqual({ integro: true, lineas: 3 });
    const [second] = await t.database.db
      .select()
      .from(registerBookLine)
      .where(and(eq(registerBookLine.anio, 2024), eq(registerBookLine.numero, 2)));
    const forged = { ...(second!.contenido as FrozenLine), color: 'Rojo' };
    await t.database.db
      .update(registerBookLine)
      .set({ contenido: forged, hash: lineHash(second!.hashAnterior!, forged) })
      .where(eq(registerBookLine.id, second!.id));
    expect(await verify(2024)).toEqual({ integro: false, lineas: 3, primeraRota: 2 });
    await t.database.db.execute(sql`UPDATE register_book_line SET hash_anterior = repeat('0', 64) WHERE anio = 2024 AND numero = 1`);
    expect(await verify(2024)).toMatchObject({ integro: false, primeraRota: 1 });
  });
});

describe('register book fill of the data written before it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t.close());

  it('is a job enqueued at start-up, not work done in it; run twice at once it writes every line once, in steps', async () => {
    const db = t.database.db;
    // A new database has nothing written before the book: filled at start, no job.
    expect((await db.select().from(registerBookChain))[0]!.rellenado).toBe(true);
    expect(await db.select().from(job).where(eq(job.name, FILL_JOB))).toEqual([]);
    const [old] = await db
      .insert(pet)
      .values({ nombre: 'Vieja', edad: '9', tipo: 'Perro', genero: 'hembra', tamano: 'grande', fechaIngreso: '2019-04-01 00:00:00' })
      .returning();
    const [later] = await db
      .insert(pet)
      .values({ nombre: 'Otro', edad: '1', tipo: 'Gato', genero: 'macho', tamano: 'chico', fechaIngreso: '2019-02-01 00:00:00' })
      .returning();
    await db.insert(movement).values([
      { petId: old!.id, tipo: 'fallecimiento', fecha: '2020-01-10', motivo: 'Vejez' },
      { petId: later!.id, tipo: 'ingreso', fecha: '2019-02-01', procedencia: 'rescate' },
    ]);
    // More pets than one step takes, written before the book (straight into the table, as an older version did).
    const many = FILL_BATCH * 2 + 7;
    for (let i = 0; i < many; i += 500) {
      await db.insert(pet).values(
        Array.from({ length: Math.min(500, many - i) }, (_, k) => ({
          nombre: `Antiguo ${i + k}`,
          edad: '3',
          tipo: 'Gato',
          genero: 'macho' as const,
          tamano: 'chico' as const,
          fechaIngreso: '2018-06-01 00:00:00',
        })),
      );
    }
    await db.update(registerBookChain).set({ rellenado: false });
    // Another start on this database (an upgrade from a version without the book): start-up does not fill the book,
    // it enqueues the job, once whatever the number of starts (its unique key).
    for (let i = 0; i < 2; i++) await (await createTestApp({}, { database: t.database })).close();
    expect((await db.select().from(job).where(eq(job.name, FILL_JOB))).map((j) => [j.uniqueKey, j.state])).toEqual([[FILL_JOB, 'queued']]);
    const book = async (anio: number) => (await t.as('admin').inject({ url: `/api/libro-registro?anio=${anio}` })).json<RegisterBookResponse>();
    // Meanwhile the screen says the book is being completed.
    expect(await book(2019)).toMatchObject({ completo: false, lineas: [] });

    const fill = registerBookFillJob({ db, port: t.app.registerBookPort, log: t.app.log });
    const context = { jobId: 1, attempt: 1, now: new Date() };
    await Promise.all([fill.handler({}, context), fill.handler({}, context)]);
    const lines = await t.app.registerBookPort.lines(db, { anio: 2019 });
    // Numbered in order of entry.
    expect(lines.map((l) => [l.numero, l.mascotaId, l.cerrada, l.procedencia])).toEqual([
      [1, later!.id, false, 'rescate'],
      [2, old!.id, true, null],
    ]);
    expect(await t.app.registerBookPort.verify(db, 2019)).toEqual({ integro: true, lineas: 1 });
    expect(
      await db
        .select()
        .from(registerBookLine)
        .where(and(eq(registerBookLine.anio, 2019))),
    ).toHaveLength(2);
    // Every stay has its line, each once.
    expect(await db.select().from(registerBookLine).where(eq(registerBookLine.anio, 2018))).toHaveLength(many);
    expect((await t.app.registerBookPort.lines(db)).map((l) => l.anio)).toEqual([...Array.from({ length: many }, () => 2018), 2019, 2019]);
    expect((await book(2019)).completo).toBe(true);
    // Run again (a worker that died after its last step): nothing new.
    await fill.handler({}, context);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(registerBookLine)).toEqual([{ n: many + 2 }]);
    expect((await db.select().from(registerBookChain))[0]!.rellenado).toBe(true);
  }, 120_000);
});
