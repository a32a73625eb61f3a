import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptionRequest, adoptionRequestEvent, pet } from '../../src/db/schema';
import { PUBLIC_URL, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/*
 * Marking a pet adopted from the pet list (POST /phpApi/mascota/{id}/adopcion) while it has open adoption
 * requests: with `cerrarSolicitudes` the server closes them in the same transaction, as approving one does.
 */

const application = (mascotaId: number, email: string) => ({
  mascotaId,
  nombre: 'Lucía Gómez',
  email,
  telefono: '+34 612 345 678',
  edad: 30,
  ciudad: 'Madrid',
  direccion: 'Calle Mayor 1',
  vivienda: 'casa',
  viviendaPropia: true,
  patio: true,
  personasEnCasa: 2,
  ninosEnCasa: 0,
  horasSolo: 3,
  motivo: 'Queremos darle un hogar',
  aceptaVisita: true,
  aceptaPrivacidad: true,
});

describe('POST /phpApi/mascota/{id}/adopcion with cerrarSolicitudes', () => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(STAFF);
    staff = await t.signIn(STAFF.email, STAFF.password);
  });
  afterAll(() => t.close());

  const insertPet = async (nombre: string) => {
    const [row] = await t.database.db
      .insert(pet)
      .values({ nombre, edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', estado: 'publicada', imagenPrincipal: 'a.jpg' })
      .returning();
    await t.app.changes.caughtUp();
    return row!.id;
  };
  const apply = async (mascotaId: number, email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/public/solicitudes-adopcion', payload: application(mascotaId, email) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const setAdopted = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/phpApi/mascota/${id}/adopcion`, payload, headers: { cookie: staff, origin: PUBLIC_URL } });
  const states = async (petId: number) =>
    (await t.database.db.select({ estado: adoptionRequest.estado }).from(adoptionRequest).where(eq(adoptionRequest.petId, petId)))
      .map((r) => r.estado)
      .sort();
  const version = async (petId: number) => (await t.database.db.select({ version: pet.version }).from(pet).where(eq(pet.id, petId)))[0]!.version;

  it('marks the pet adopted and rejects its open requests, each with an automatic note in its history', async () => {
    const petId = await insertPet('Canela');
    const [first, second] = [await apply(petId, 'a@example.com'), await apply(petId, 'b@example.com')];
    const res = await setAdopted(petId, { adoptado: '1', version: await version(petId), cerrarSolicitudes: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ adoptado: '1' });
    expect(await states(petId)).toEqual(['rechazada', 'rechazada']);
    for (const id of [first, second]) {
      const events = await t.database.db.select().from(adoptionRequestEvent).where(eq(adoptionRequestEvent.requestId, id));
      expect(events.at(-1)).toMatchObject({
        tipo: 'estado',
        aEstado: 'rechazada',
        nota: 'Cerrada automáticamente: la mascota se marcó como adoptada.',
      });
    }
  });

  it('without it, or when un-marking, leaves the requests open', async () => {
    const petId = await insertPet('Toby');
    await apply(petId, 'c@example.com');
    expect((await setAdopted(petId, { adoptado: '1', version: await version(petId) })).statusCode).toBe(200);
    expect(await states(petId)).toEqual(['nueva']);
    expect((await setAdopted(petId, { adoptado: '0', version: await version(petId), cerrarSolicitudes: true })).statusCode).toBe(200);
    expect(await states(petId)).toEqual(['nueva']);
  });

  it('with a stale version answers 409 and changes nothing', async () => {
    const petId = await insertPet('Rayo');
    await apply(petId, 'd@example.com');
    const stale = (await version(petId)) + 5;
    expectErrorShape(await setAdopted(petId, { adoptado: '1', version: stale, cerrarSolicitudes: true }), 409);
    expect(await states(petId)).toEqual(['nueva']);
    expect((await t.database.db.select({ adoptado: pet.adoptado }).from(pet).where(eq(pet.id, petId)))[0]!.adoptado).toBe(false);
  });

  it('refuses a cerrarSolicitudes that is not a boolean (400, nothing changed)', async () => {
    const petId = await insertPet('Nieve');
    await apply(petId, 'e@example.com');
    expectErrorShape(await setAdopted(petId, { adoptado: '1', version: await version(petId), cerrarSolicitudes: 'sí' }), 400);
    expect(await states(petId)).toEqual(['nueva']);
  });
});
