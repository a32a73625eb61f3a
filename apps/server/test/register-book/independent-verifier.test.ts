import { createHash } from 'node:crypto';
import type { RegisterBookLine, RegisterBookResponse, RegisterBookVerification } from '@refugio/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, pet, registerBookLine } from '../../src/db/schema';
import { type TestApp, createTestApp } from '../helpers/helpers';
import { multipart, petFields } from '../helpers/media';

/*
 * The register book's chain, verified the way an inspector's own tool would: a verifier written from
 * docs/register-book.md alone (below, on purpose not importing the product's chain code nor using JSON.stringify),
 * reading only the book's JSON answer. It must agree with `GET /api/libro-registro/verificar`, with the hashes stored
 * in the table, and find a line changed in the table after closing.
 */

// ---- The verifier, from docs/register-book.md -------------------------------------------------------------------

/** A JSON string as the page says: UTF-8 as it is; `"` `\` and the characters below U+0020 escaped. */
function quote(text: string): string {
  const named: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  let out = '"';
  for (const ch of text) {
    if (named[ch]) out += named[ch];
    else if (ch.charCodeAt(0) < 0x20) out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Canonical JSON: no spaces, members sorted by key (UTF-16 code units), nulls kept. */
function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('the book has only whole numbers');
    return String(value);
  }
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value as object).sort((a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return a.charCodeAt(i) - b.charCodeAt(i);
    return a.length - b.length;
  });
  return `{${keys.map((k) => `${quote(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** The first closed line (chain order) whose hash or link fails, or null; and every hash recomputed. */
function inspect(lines: Record<string, unknown>[]): { broken: { anio: number; numero: number } | null; recomputed: Map<number, string> } {
  const chain = lines.filter((l) => l.cerrada === true).sort((a, b) => (a.cadena as number) - (b.cadena as number));
  const recomputed = new Map<number, string>();
  let previous = '';
  let broken: { anio: number; numero: number } | null = null;
  for (const line of chain) {
    const content = Object.fromEntries(Object.entries(line).filter(([k]) => k !== 'hash' && k !== 'cadena' && k !== 'hashAnterior'));
    const digest = createHash('sha256')
      .update(Buffer.from(`${previous}\n${canonicalJson(content)}`, 'utf8'))
      .digest('hex');
    recomputed.set(line.cadena as number, digest);
    if (!broken && (line.hashAnterior !== previous || digest !== line.hash)) broken = { anio: line.anio as number, numero: line.numero as number };
    previous = line.hash as string;
  }
  return { broken, recomputed };
}

// ---- The book ---------------------------------------------------------------------------------------------------

describe('register book: an independent verifier agrees with the chain', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const staff = () => t.as('staff');
  const version = async (petId: number) => (await t.database.db.select({ v: pet.version }).from(pet).where(eq(pet.id, petId)))[0]!.v;
  const createPet = async (fields: Record<string, string>) => {
    const form = multipart(petFields(fields));
    const res = await staff().inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };
  const move = async (petId: number, body: Record<string, unknown>) => {
    const res = await staff().inject({
      method: 'POST',
      url: `/api/mascotas/${petId}/movimientos`,
      payload: { version: await version(petId), ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const allLines = async () => {
    const lines: RegisterBookLine[] = [];
    for (const anio of [2024, 2025]) {
      const res = await staff().inject({ method: 'GET', url: `/api/libro-registro?anio=${anio}` });
      expect(res.statusCode, res.body).toBe(200);
      lines.push(...res.json<RegisterBookResponse>().lineas);
    }
    return lines;
  };
  const verify = async (anio: number) =>
    (await staff().inject({ method: 'GET', url: `/api/libro-registro/verificar?anio=${anio}` })).json<RegisterBookVerification>();

  it('recomputes every stored hash from the JSON alone, across years, and agrees with verificar', async () => {
    const [adopter] = await t.database.db
      .insert(person)
      .values({
        nombre: 'José "Pepe"',
        apellidos: 'Núñez Peña',
        nif: '12345678Z',
        direccion: 'Calle Año Nuevo, 3º',
        ciudad: 'Logroño',
        codigoPostal: '26001',
      })
      .returning();
    const a = await createPet({ nombre: 'Ñandú', fechaingreso: '2024-11-02', raza: 'Mestizo \\ podenco', color: 'Canela' });
    const b = await createPet({ nombre: 'Lúa', tipo: 'Gato', fechaingreso: '2025-01-15' });
    const c = await createPet({ nombre: 'Abierta', fechaingreso: '2025-02-01' });
    await move(a, { tipo: 'ingreso', fecha: '2024-11-02', procedencia: 'abandono', procedenciaDetalle: 'Atado a una farola, «sin chip»' });
    await move(b, { tipo: 'ingreso', fecha: '2025-01-15', procedencia: 'cesion' });
    await move(c, { tipo: 'ingreso', fecha: '2025-02-01', procedencia: 'rescate' });
    await move(b, { tipo: 'fallecimiento', fecha: '2025-03-01', motivo: 'Insuficiencia renal', veterinario: 'Clínica Ébano' });
    await move(a, { tipo: 'adopcion', fecha: '2025-03-10', personaId: adopter!.id });

    const lines = await allLines();
    // One line per stay: an `ingreso` recorded after the pet (on its entry date) is the stay the pet's own entry
    // opened, told better: the line keeps its number (no second, empty line).
    expect(lines.map((l) => [l.anio, l.numero, l.mascotaId, l.procedencia])).toEqual([
      [2024, 1, a, 'abandono'],
      [2025, 1, b, 'cesion'],
      [2025, 2, c, 'rescate'],
    ]);
    const closed = lines.filter((l) => l.cerrada);
    expect(closed).toHaveLength(2);
    expect(lines.filter((l) => !l.cerrada).every((l) => l.hash === null && l.cadena === null && l.hashAnterior === null)).toBe(true);
    const { broken, recomputed } = inspect(lines);
    expect(broken).toBeNull();
    // The stored hashes, read from the table, are the ones the verifier computes.
    const stored = await t.database.db
      .select({ cadena: registerBookLine.cadena, hash: registerBookLine.hash })
      .from(registerBookLine)
      .where(eq(registerBookLine.cerrada, true))
      .orderBy(asc(registerBookLine.cadena));
    expect(stored.map((s) => [s.cadena, s.hash])).toEqual([...recomputed.entries()]);
    // The 2024 line closed first in 2025 order? No: the chain runs in order of closing, across years.
    expect(closed.find((l) => l.mascotaId === b)!.cadena).toBe(1);
    expect(closed.find((l) => l.mascotaId === a)!.cadena).toBe(2);
    expect(closed.find((l) => l.mascotaId === a)!.destinatario).toMatchObject({ nombre: 'José "Pepe" Núñez Peña' });
    expect(await verify(2024)).toEqual({ integro: true, lineas: 1 });
    expect(await verify(2025)).toEqual({ integro: true, lineas: 1 });
  });

  it('finds a line changed in the table, as verificar does', async () => {
    const [first] = await t.database.db.select().from(registerBookLine).where(eq(registerBookLine.cadena, 1));
    await t.database.db
      .update(registerBookLine)
      .set({ contenido: sql`jsonb_set(${registerBookLine.contenido}, '{causaMuerte}', '"Accidente"')` })
      .where(eq(registerBookLine.id, first!.id));
    const { broken } = inspect(await allLines());
    expect(broken).toEqual({ anio: first!.anio, numero: first!.numero });
    expect(await verify(first!.anio)).toEqual({ integro: false, lineas: 1, primeraRota: first!.numero });
  });
});
