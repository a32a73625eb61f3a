import { surrenderSchema, listSurrendersResponseSchema } from '@refugio/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEvent as history, movement, person, pet, petImage, surrender } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type Part, jpeg, multipart } from '../helpers/media';

function surrenderFields(overrides: Record<string, string> = {}): Part[] {
  const fields: Record<string, string> = {
    nombre: 'Marta',
    email: 'Marta.Ruiz@Example.org',
    telefono: '612 345 678',
    documento: '12345678Z',
    nombreAnimal: 'Toby',
    especie: 'Perro',
    sexo: 'macho',
    edad: '3 años',
    microchip: '941000012345678',
    motivo: 'Me mudo a un piso donde no admiten perros.',
    urgencia: 'media',
    aceptaPrivacidad: 'true',
    ...overrides,
  };
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

describe('surrenders: public request, staff steps, the animal enters once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const submit = async (parts: Part[]) => {
    const body = multipart(parts);
    return t.as('anonymous').inject({ method: 'POST', url: '/api/public/cesiones', payload: body.payload, headers: body.headers });
  };
  const step = (id: number, estado: string, version: number, motivo?: string) =>
    t.as('staff').inject({ method: 'POST', url: `/api/cesiones/${id}/estado`, payload: { estado, version, ...(motivo ? { motivo } : {}) } });
  const get = async (id: number) => surrenderSchema.parse((await t.as('staff').inject({ method: 'GET', url: `/api/cesiones/${id}` })).json());

  async function created(overrides: Record<string, string> = {}, photos = 0): Promise<number> {
    const files: Part[] = [];
    for (let i = 0; i < photos; i++)
      files.push({ name: 'fotos', value: await jpeg(64 + i, 48), fileName: `foto${i}.jpg`, contentType: 'image/jpeg' });
    const res = await submit([...surrenderFields(overrides), ...files]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  }

  it('keeps a public request with its photos as «nueva», with an event by the public', async () => {
    const id = await created({}, 2);
    const detail = await get(id);
    expect(detail).toMatchObject({ estado: 'nueva', email: 'marta.ruiz@example.org', telefono: '+34612345678', documentoId: null, mascotaId: null });
    expect(detail.fotos).toHaveLength(2);
    const photo = await t.as('staff').inject({ method: 'GET', url: `/api/cesiones/${id}/fotos/0?miniatura` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    const events = await t.database.db
      .select()
      .from(history)
      .where(sql`${history.entidad} = 'cesion' AND ${history.entidadId} = ${String(id)}`);
    expect(events.map((e) => [e.accion, e.actorTipo])).toEqual([['crear', 'publico']]);
  });

  it('refuses a bad file, hostile text, missing privacy and a sixth photo, keeping nothing', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(surrender))[0]!.n;
    const notImage = await submit([
      ...surrenderFields(),
      { name: 'fotos', value: Buffer.from('%PDF-1.4 no es una foto'), fileName: 'x.jpg', contentType: 'image/jpeg' },
    ]);
    expect(notImage.statusCode).toBeGreaterThanOrEqual(400);
    expect(notImage.statusCode).toBeLessThan(500);
    expectErrorShape(await submit(surrenderFields({ nombreAnimal: 'Toby\u202Eyboт' })), 400);
    expectErrorShape(await submit(surrenderFields({ motivo: 'a\u0000b' })), 400);
    expectErrorShape(await submit(surrenderFields({ aceptaPrivacidad: 'false' })), 400);
    expectErrorShape(await submit(surrenderFields({ email: '', telefono: '' })), 400);
    expectErrorShape(await submit(surrenderFields({ urgencia: 'urgentisima' })), 400);
    const six: Part[] = [];
    for (let i = 0; i < 6; i++) six.push({ name: 'fotos', value: await jpeg(40, 40), fileName: `f${i}.jpg`, contentType: 'image/jpeg' });
    expectErrorShape(await submit([...surrenderFields(), ...six]), 413);
    const after = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(surrender))[0]!.n;
    expect(after).toBe(before);
  });

  it('answers a filled honeypot like a success and keeps nothing', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(surrender))[0]!.n;
    const res = await submit(surrenderFields({ sitioWeb: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 0 });
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(surrender))[0]!.n).toBe(before);
  });

  it('lists by urgency then date, filters by state, and counts the pets in the shelter per species', async () => {
    const low = await created({ urgencia: 'baja', nombreAnimal: 'Baja' });
    const high = await created({ urgencia: 'alta', nombreAnimal: 'Alta' });
    const res = await t.as('staff').inject({ method: 'GET', url: '/api/cesiones?estado=nueva' });
    expect(res.statusCode).toBe(200);
    const list = listSurrendersResponseSchema.parse(res.json());
    const ids = list.items.map((i) => i.id);
    expect(ids.indexOf(high)).toBeLessThan(ids.indexOf(low));
    const ranks = list.items.map((i) => ({ alta: 0, media: 1, baja: 2 })[i.urgencia]);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(Array.isArray(list.capacidad)).toBe(true);
    expectErrorShape(await t.as('staff').inject({ method: 'GET', url: '/api/cesiones?estado=otra' }), 400);
    expect((await t.as('anonymous').inject({ method: 'GET', url: '/api/cesiones' })).statusCode).toBe(401);
  });

  it('allows only the steps of the contract and refuses a stale version', async () => {
    const id = await created();
    expectErrorShape(await step(id, 'ingresada', 1), 409);
    expectErrorShape(await step(id, 'lista_espera', 0), 409);
    expect((await step(id, 'lista_espera', 1)).statusCode).toBe(200);
    expectErrorShape(await step(id, 'nueva', 2), 409);
    expectErrorShape(await step(id, 'rechazada', 2), 400);
    const rejected = await step(id, 'rechazada', 2, 'Sin plazas para perros grandes');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ estado: 'rechazada', motivoDecision: 'Sin plazas para perros grandes' });
    expectErrorShape(await step(id, 'aceptada', 3), 409);
    expectErrorShape(await step(999_999, 'aceptada', 1), 404);
  });

  it('refuses accepting a dog without microchip (Ley 7/2023 art. 58), naming the cause', async () => {
    const id = await created({ microchip: '' });
    const res = await step(id, 'aceptada', 1);
    expectErrorShape(res, 409);
    expect(res.json<{ message: string }>().message).toMatch(/microchip/);
  });

  it('keeps the staff notes with a version', async () => {
    const id = await created();
    const saved = await t.as('staff').inject({ method: 'POST', url: `/api/cesiones/${id}/notas`, payload: { notas: 'Llamar el lunes', version: 1 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ notas: 'Llamar el lunes', version: 2 });
    expectErrorShape(await t.as('staff').inject({ method: 'POST', url: `/api/cesiones/${id}/notas`, payload: { notas: 'x', version: 1 } }), 409);
  });

  it('enters the animal once when two staff act at the same moment: pet, ingreso from cesion, photos, cedente', async () => {
    const id = await created({ microchip: '941000099999999', email: 'cedente@example.org', nombre: 'Lucía' }, 2);
    expect((await step(id, 'aceptada', 1)).statusCode).toBe(200);
    const [a, b] = await Promise.all([step(id, 'ingresada', 2), step(id, 'ingresada', 2)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const detail = await get(id);
    expect(detail.estado).toBe('ingresada');
    const pets = await t.database.db.select().from(pet).where(eq(pet.microchip, '941000099999999'));
    expect(pets).toHaveLength(1);
    expect(pets[0]).toMatchObject({ id: detail.mascotaId, nombre: 'Toby', tipo: 'Perro', procedencia: 'cesion', ubicacion: 'refugio' });
    expect(pets[0]!.imagenPrincipal).toBeTruthy();
    const moves = await t.database.db.select().from(movement).where(eq(movement.petId, pets[0]!.id));
    expect(moves.map((m) => [m.tipo, m.procedencia])).toEqual([['ingreso', 'cesion']]);
    expect(await t.database.db.select().from(petImage).where(eq(petImage.petId, pets[0]!.id))).toHaveLength(2);
    const [owner] = await t.database.db.select().from(person).where(eq(person.id, detail.personaId!));
    expect(owner!.roles).toContain('cedente');
    expect(owner!.email).toBe('cedente@example.org');
    const events = await t.database.db
      .select()
      .from(history)
      .where(sql`${history.entidad} = 'cesion' AND ${history.entidadId} = ${String(id)}`);
    expect(events.filter((e) => e.accion === 'estado')).toHaveLength(2);
    // The pet's own history starts with its creation.
    const petEvents = await t.database.db
      .select()
      .from(history)
      .where(sql`${history.entidad} = 'mascota' AND ${history.entidadId} = ${String(pets[0]!.id)}`);
    expect(petEvents.some((e) => e.accion === 'crear')).toBe(true);
  });
});
