import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adoptionRequest, followup, historyEvent, movement, pet } from '../../src/db/schema';
import { dayIn } from '../../src/modules/movements/movements.service';
import { PUBLIC_URL, STAFF, type TestApp, createTestApp } from '../helpers/helpers';
import { multipart, petFields } from '../helpers/media';

/*
 * A change that spans modules is one transaction (DESIGN section 9): saving the form with "adoptado" (pets, then
 * movements, then the follow-ups), an approval that adopts and closes the other requests (adoption requests, then
 * movements, then adoption requests again), marking adopted from the list with "close its requests", and a return
 * that voids the follow-ups (movements, then follow-ups). Each case makes the database refuse the last half with a
 * trigger planted for the test, and then finds nothing of the first half: no pet saved, no request moved, no
 * movement, no history event. With the trigger dropped, the same request succeeds (the trigger was the only cause).
 */

describe('changes that span modules commit whole or not at all', () => {
  let t: TestApp;
  let staff: string;
  const today = dayIn('Europe/Madrid', new Date());

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(STAFF);
    staff = await t.signIn(STAFF.email, STAFF.password);
    await t.database.db.execute(
      sql`CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    );
  });
  afterEach(async () => {
    await t.database.db.execute(sql`DROP TRIGGER IF EXISTS test_refuse ON movement`);
    await t.database.db.execute(sql`DROP TRIGGER IF EXISTS test_refuse ON followup`);
    await t.database.db.execute(sql`DROP TRIGGER IF EXISTS test_refuse ON adoption_request`);
  });
  afterAll(() => t.close());

  const headers = () => ({ cookie: staff, origin: PUBLIC_URL });
  const refuse = (table: 'movement' | 'followup' | 'adoption_request', when: 'INSERT' | 'UPDATE', condition = 'true') =>
    t.database.db.execute(
      sql.raw(`CREATE TRIGGER test_refuse BEFORE ${when} ON ${table} FOR EACH ROW WHEN (${condition}) EXECUTE FUNCTION test_refuse()`),
    );
  const insertPet = async (nombre: string) => {
    const [row] = await t.database.db
      .insert(pet)
      .values({ nombre, edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', estado: 'publicada', imagenPrincipal: 'a.jpg' })
      .returning();
    await t.app.changes.caughtUp();
    return row!.id;
  };
  const petRow = async (id: number) => (await t.database.db.select().from(pet).where(eq(pet.id, id)))[0]!;
  const movementsOf = async (petId: number) => t.database.db.select().from(movement).where(eq(movement.petId, petId)).orderBy(movement.id);
  const followupsOf = async (petId: number) => t.database.db.select().from(followup).where(eq(followup.petId, petId)).orderBy(followup.id);
  const eventsOf = async (entidad: string, id: number) =>
    t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, entidad), eq(historyEvent.entidadId, String(id))));
  const save = (id: number, overrides: Record<string, string>) => {
    const body = multipart(petFields(overrides));
    return t.app.inject({
      method: 'POST',
      url: `/phpApi/mascota/${id}/actualizar`,
      payload: body.payload,
      headers: { ...body.headers, ...headers() },
    });
  };
  const insertRequests = async (petId: number, count: number) =>
    (
      await t.database.db
        .insert(adoptionRequest)
        .values(
          Array.from({ length: count }, (_, i) => ({
            petId,
            estado: 'en_revision',
            nombre: `Solicitante ${i}`,
            email: `s${i}-${petId}@example.com`,
            telefono: '+34612345678',
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
          })),
        )
        .returning({ id: adoptionRequest.id })
    ).map((r) => r.id);
  const requestStates = async (petId: number) =>
    (await t.database.db.select().from(adoptionRequest).where(eq(adoptionRequest.petId, petId)).orderBy(adoptionRequest.id)).map((r) => [
      r.estado,
      r.version,
    ]);

  it('the form saved with "adoptado" and another name: the adoption refused, the name is not saved either', async () => {
    const id = await insertPet('Canela');
    const before = await petRow(id);
    await refuse('movement', 'INSERT');
    const res = await save(id, { nombre: 'Canela Rubia', adoptado: '1', version: String(before.version) });
    expect(res.statusCode, res.body).toBe(500);
    const after = await petRow(id);
    expect({ nombre: after.nombre, adoptado: after.adoptado, version: after.version, ubicacion: after.ubicacion }).toEqual({
      nombre: 'Canela',
      adoptado: false,
      version: before.version,
      ubicacion: before.ubicacion,
    });
    expect(await movementsOf(id)).toEqual([]);
    expect(await followupsOf(id)).toEqual([]);
    expect(await eventsOf('mascota', id)).toEqual([]);

    await t.database.db.execute(sql`DROP TRIGGER test_refuse ON movement`);
    const again = await save(id, { nombre: 'Canela Rubia', adoptado: '1', version: String(before.version) });
    expect(again.statusCode, again.body).toBe(200);
    expect(await petRow(id)).toMatchObject({ nombre: 'Canela Rubia', adoptado: true, ubicacion: 'adoptado' });
    expect((await movementsOf(id)).map((m) => m.tipo)).toEqual(['adopcion']);
    expect((await followupsOf(id)).length).toBeGreaterThan(0);
  });

  it('the form saved with "adoptado": the follow-ups\' plan refused, neither the save nor the adoption stays', async () => {
    const id = await insertPet('Bruma');
    const before = await petRow(id);
    await refuse('followup', 'INSERT');
    const res = await save(id, { nombre: 'Bruma Gris', adoptado: '1', version: String(before.version) });
    expect(res.statusCode, res.body).toBe(500);
    expect(await petRow(id)).toMatchObject({ nombre: 'Bruma', adoptado: false, version: before.version });
    expect(await movementsOf(id)).toEqual([]);
    expect(await eventsOf('mascota', id)).toEqual([]);
  });

  it('an approval that adopts and closes the other requests: the closing refused, the approval and the adoption do not stay', async () => {
    const id = await insertPet('Toby');
    const [chosen, other] = await insertRequests(id, 2);
    await refuse('adoption_request', 'UPDATE', "NEW.estado = 'rechazada'");
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/solicitudes-adopcion/${chosen}/estado`,
      payload: { estado: 'aprobada', version: 1, marcarAdoptada: true, cerrarOtras: true },
      headers: headers(),
    });
    expect(res.statusCode, res.body).toBe(500);
    expect(await requestStates(id)).toEqual([
      ['en_revision', 1],
      ['en_revision', 1],
    ]);
    expect(await petRow(id)).toMatchObject({ adoptado: false, ubicacion: 'refugio' });
    expect(await movementsOf(id)).toEqual([]);
    expect(await followupsOf(id)).toEqual([]);
    expect(await eventsOf('solicitud_adopcion', chosen!)).toEqual([]);
    expect(await eventsOf('solicitud_adopcion', other!)).toEqual([]);
    expect(await eventsOf('mascota', id)).toEqual([]);

    await t.database.db.execute(sql`DROP TRIGGER test_refuse ON adoption_request`);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/solicitudes-adopcion/${chosen}/estado`,
      payload: { estado: 'aprobada', version: 1, marcarAdoptada: true, cerrarOtras: true },
      headers: headers(),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await requestStates(id)).map(([estado]) => estado)).toEqual(['aprobada', 'rechazada']);
    expect(await petRow(id)).toMatchObject({ adoptado: true });
  });

  it('"mark adopted" from the list with its requests closed: the closing refused, the pet is not adopted', async () => {
    const id = await insertPet('Nube');
    await insertRequests(id, 2);
    const before = await petRow(id);
    await refuse('adoption_request', 'UPDATE', "NEW.estado = 'rechazada'");
    const res = await t.app.inject({
      method: 'POST',
      url: `/phpApi/mascota/${id}/adopcion`,
      payload: { adoptado: '1', version: before.version, cerrarSolicitudes: true },
      headers: headers(),
    });
    expect(res.statusCode, res.body).toBe(500);
    expect(await petRow(id)).toMatchObject({ adoptado: false, version: before.version });
    expect(await movementsOf(id)).toEqual([]);
    expect(await followupsOf(id)).toEqual([]);
    expect((await requestStates(id)).map(([estado]) => estado)).toEqual(['en_revision', 'en_revision']);
  });

  it('a return that voids the follow-ups: the voiding refused, the return is not recorded', async () => {
    const id = await insertPet('Rayo');
    const adopted = await t.app.inject({
      method: 'POST',
      url: `/phpApi/mascota/${id}/adopcion`,
      payload: { adoptado: '1', version: (await petRow(id)).version },
      headers: headers(),
    });
    expect(adopted.statusCode, adopted.body).toBe(200);
    const planned = await followupsOf(id);
    expect(planned.length).toBeGreaterThan(0);
    const before = await petRow(id);
    await refuse('followup', 'UPDATE');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/mascotas/${id}/movimientos`,
      payload: { tipo: 'devolucion', fecha: today, motivo: 'Se muda', version: before.version },
      headers: headers(),
    });
    expect(res.statusCode, res.body).toBe(500);
    expect(await petRow(id)).toMatchObject({ adoptado: true, ubicacion: 'adoptado', version: before.version });
    expect((await movementsOf(id)).map((m) => [m.tipo, m.cerradaPor])).toEqual([['adopcion', null]]);
    expect(await followupsOf(id)).toEqual(planned);

    await t.database.db.execute(sql`DROP TRIGGER test_refuse ON followup`);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/mascotas/${id}/movimientos`,
      payload: { tipo: 'devolucion', fecha: today, motivo: 'Se muda', version: before.version },
      headers: headers(),
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await petRow(id)).toMatchObject({ adoptado: false, ubicacion: 'refugio' });
    expect((await followupsOf(id)).map((f) => f.estado)).toEqual(planned.map(() => 'anulado'));
  });
});
