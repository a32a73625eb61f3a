import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptionRequest, historyEvent, movement } from '../../src/db/schema';
import { dayIn } from '../../src/modules/movements/movements.service';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart, petFields } from '../helpers/media';
import { type PlacementAnswer as Answer, placementKit } from '../helpers/placements-support';

/*
 * Movements of a pet (DESIGN section 12): at most one open placement, a return needs a reason and closes it, the
 * spec's `adoptado` true exactly while an adoption is open, never public after a transfer or a death, dates not in
 * the future nor before the previous movement, the pet's `ubicacion` in its answers and as a list filter, history
 * on the pet and the person; approving a request with "mark adopted" opens the adoption for its person.
 */

describe('movements', () => {
  let t: TestApp;
  let today: string;
  const staff = () => t.as('staff');

  beforeAll(async () => {
    t = await createTestApp();
    today = dayIn(t.config.orgTimeZone, new Date());
  });
  afterAll(() => t.close());

  const { insertPet, insertPerson, version, move } = placementKit(
    () => t,
    () => today,
  );
  const getPet = async (petId: number) => (await staff().inject({ method: 'GET', url: `/phpApi/mascota/${petId}` })).json<Answer>();
  const movements = (petId: number) => t.database.db.select().from(movement).where(eq(movement.petId, petId)).orderBy(movement.id);

  it('places a pet in foster care, refuses a second placement while it is open, and a return with its reason closes it', async () => {
    const petId = await insertPet('Nala');
    const ana = await insertPerson('Ana', { apellidos: 'Ruiz' });
    const luis = await insertPerson('Luis');

    const placed = await move(petId, { tipo: 'acogida', personaId: ana, notas: 'Con su perra' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Answer>().ubicacion).toEqual({ tipo: 'acogida', persona: { id: ana, nombre: 'Ana Ruiz' }, desde: today });
    expect((await getPet(petId)).ubicacion).toEqual({ tipo: 'acogida', persona: { id: ana, nombre: 'Ana Ruiz' }, desde: today });

    const second = await move(petId, { tipo: 'adopcion', personaId: luis });
    expectErrorShape(second, 409);
    expect(second.json<Answer>().message).toBe('La mascota ya está en acogida o adoptada: registra antes la devolución.');

    const noReason = await move(petId, { tipo: 'devolucion' });
    expectErrorShape(noReason, 400);
    expect(noReason.json<Answer>().message).toBe('Escribe el motivo de la devolución.');

    const returned = await move(petId, { tipo: 'devolucion', motivo: 'Se muda' });
    expect(returned.statusCode, returned.body).toBe(201);
    const body = returned.json<Answer>();
    expect(body.ubicacion).toEqual({ tipo: 'refugio', desde: today });
    expect(body.movimientos.map((m: { tipo: string; abierta: boolean }) => [m.tipo, m.abierta])).toEqual([
      ['devolucion', false],
      ['acogida', false],
    ]);
    expect(body.movimientos[0]!.persona).toEqual({ id: ana, nombre: 'Ana Ruiz' });
    // Who recorded each movement, by name: never the account's internal id (issue 33, section 5).
    expect(body.movimientos.map((m) => m.creadoPor)).toEqual(['Persona De Prueba', 'Persona De Prueba']);

    expectErrorShape(await move(petId, { tipo: 'devolucion', motivo: 'Otra vez' }), 409);
  });

  it('needs an existing, not anonymised person for a placement', async () => {
    const petId = await insertPet('Kira');
    expect((await move(petId, { tipo: 'acogida' })).json<Answer>().message).toBe('Elige la persona con la que va la mascota.');
    expectErrorShape(await move(petId, { tipo: 'acogida', personaId: 999_999 }), 400);
    const gone = await insertPerson('Borrada', { anonimizadaEn: new Date() });
    expectErrorShape(await move(petId, { tipo: 'adopcion', personaId: gone }), 409);
    expect(await movements(petId)).toHaveLength(0);
  });

  it('keeps adoptado true exactly while an adoption is open, with history on the pet and the person', async () => {
    const petId = await insertPet('Simba');
    const eva = await insertPerson('Eva');
    expect((await move(petId, { tipo: 'adopcion', personaId: eva })).statusCode).toBe(201);
    let shown = await getPet(petId);
    expect(shown.adoptado).toBe('1');
    expect(shown.ubicacion.tipo).toBe('adoptado');
    // An adopted pet is not public.
    expect((await t.as('anonymous').inject({ method: 'GET', url: `/api/public/mascotas/${petId}` })).statusCode).toBe(404);

    expect((await move(petId, { tipo: 'devolucion', motivo: 'Alergia' })).statusCode).toBe(201);
    shown = await getPet(petId);
    expect(shown.adoptado).toBe('0');
    expect(shown.ubicacion.tipo).toBe('refugio');

    const petEvents = await t.database.db
      .select()
      .from(historyEvent)
      .where(eq(historyEvent.entidadId, String(petId)))
      .orderBy(historyEvent.id);
    const moves = petEvents.filter((e) => e.entidad === 'mascota' && e.cambios && 'movimiento' in e.cambios);
    expect(moves.map((e) => e.cambios!.movimiento![1])).toEqual(['adopcion', 'devolucion']);
    expect(moves[0]!.cambios!.adoptado).toEqual([false, true]);
    const personEvents = (
      await t.database.db
        .select()
        .from(historyEvent)
        .where(eq(historyEvent.entidadId, String(eva)))
        .orderBy(historyEvent.id)
    ).filter((e) => e.entidad === 'persona');
    expect(personEvents.map((e) => e.cambios!.movimiento![1])).toEqual(['adopcion', 'devolucion']);
  });

  it('an entry says where the animal came from; no other movement takes an origin', async () => {
    const petId = await insertPet('Canela');
    expectErrorShape(await move(petId, { tipo: 'ingreso', procedencia: 'perrera' }), 400);
    const wrong = await move(petId, { tipo: 'traslado', procedencia: 'rescate' });
    expectErrorShape(wrong, 400);
    expect(wrong.json<Answer>().message).toBe('La procedencia solo se indica en un ingreso.');
    const entered = await move(petId, { tipo: 'ingreso', procedencia: 'extraviado', procedenciaDetalle: 'Encontrada en el parque del Retiro' });
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json<Answer>().movimientos[0]).toMatchObject({
      tipo: 'ingreso',
      procedencia: 'extraviado',
      procedenciaDetalle: 'Encontrada en el parque del Retiro',
    });
    expect((await movements(petId)).map((m) => [m.tipo, m.procedencia])).toEqual([['ingreso', 'extraviado']]);
  });

  it('after a death the pet is never public: unpublished, cannot be published or scheduled, the catalogue and its page 404', async () => {
    const petId = await insertPet('Luna');
    expect((await t.as('anonymous').inject({ method: 'GET', url: `/api/public/mascotas/${petId}` })).statusCode).toBe(200);
    const noCause = await move(petId, { tipo: 'fallecimiento', notas: 'En paz' });
    expectErrorShape(noCause, 400, 'VALIDATION_ERROR');
    expect(noCause.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({ motivo: 'Escribe la causa de la muerte.' });
    expect((await getPet(petId)).ubicacion.tipo).toBe('refugio');
    const died = await move(petId, { tipo: 'fallecimiento', notas: 'En paz', motivo: 'Insuficiencia renal', veterinario: 'Clínica Sur, col. 4122' });
    expect(died.statusCode).toBe(201);
    const listed = await staff().inject({ url: `/api/mascotas/${petId}/movimientos` });
    expect(listed.json<{ movimientos: { tipo: string; motivo: string; veterinario: string }[] }>().movimientos[0]).toMatchObject({
      tipo: 'fallecimiento',
      motivo: 'Insuficiencia renal',
      veterinario: 'Clínica Sur, col. 4122',
    });

    const shown = await getPet(petId);
    expect(shown.estado).toBe('borrador');
    expect(shown.ubicacion.tipo).toBe('fallecido');
    expect((await t.as('anonymous').inject({ method: 'GET', url: `/api/public/mascotas/${petId}` })).statusCode).toBe(404);
    const catalogue = (await t.as('anonymous').inject({ method: 'GET', url: '/api/public/mascotas?pageSize=100' })).json<Answer>();
    expect(JSON.stringify(catalogue)).not.toContain('"Luna"');

    const publish = await staff().inject({
      method: 'POST',
      url: `/phpApi/mascota/${petId}/publicacion`,
      payload: { estado: 'publicada', version: await version(petId) },
    });
    expectErrorShape(publish, 409);
    expect(publish.json<Answer>().message).toBe('La mascota fue trasladada o falleció: no se puede publicar ni programar.');
    const schedule = await staff().inject({
      method: 'POST',
      url: `/phpApi/mascota/${petId}/publicacion`,
      payload: { estado: 'programada', publicarEn: new Date(Date.now() + 86_400_000).toISOString(), version: await version(petId) },
    });
    expectErrorShape(schedule, 409);
    const batch = await staff().inject({ method: 'POST', url: '/api/mascotas/lote', payload: { accion: 'publicar', items: [{ id: petId }] } });
    expect(batch.json<Answer>().resultados[0]).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect((await getPet(petId)).estado).toBe('borrador');

    // No movement after it.
    expectErrorShape(await move(petId, { tipo: 'ingreso' }), 409);
  });

  it('the foster home adopts, or the pet moves to another home: "cerrarAcogida" returns the placement first, in one step', async () => {
    const petId = await insertPet('Canela');
    const foster = await insertPerson('Rosa', { apellidos: 'Acoge' });
    const other = await insertPerson('Pedro', { apellidos: 'Acoge' });
    expect((await move(petId, { tipo: 'acogida', personaId: foster })).statusCode).toBe(201);
    // Without the flag the open placement refuses, and nothing changes.
    expectErrorShape(await move(petId, { tipo: 'adopcion', personaId: foster }), 409);
    expectErrorShape(await move(petId, { tipo: 'adopcion', personaId: foster, cerrarAcogida: 'sí' }), 400);
    expect(await movements(petId)).toHaveLength(1);

    const moved = await move(petId, { tipo: 'acogida', personaId: other, cerrarAcogida: true });
    expect(moved.statusCode, moved.body).toBe(201);
    const adopted = await move(petId, { tipo: 'adopcion', personaId: other, cerrarAcogida: true });
    expect(adopted.statusCode, adopted.body).toBe(201);
    expect(adopted.json<Answer>().ubicacion).toEqual({ tipo: 'adoptado', persona: { id: other, nombre: 'Pedro Acoge' }, desde: today });
    expect((await movements(petId)).map((m) => [m.tipo, m.personaId, m.motivo, m.cerradaPor !== null])).toEqual([
      ['acogida', foster, '', true],
      ['devolucion', foster, 'Pasa a otra casa de acogida', false],
      ['acogida', other, '', true],
      ['devolucion', other, 'Pasa a adopción', false],
      ['adopcion', other, '', false],
    ]);
    expect((await getPet(petId)).adoptado).toBe('1');
    // An adoption is never closed this way: the flag only closes a foster placement.
    expectErrorShape(await move(petId, { tipo: 'adopcion', personaId: foster, cerrarAcogida: true }), 409);
  });

  it('a transfer of a fostered pet closes the placement and the pet stays unpublished', async () => {
    const petId = await insertPet('Rocky');
    const marta = await insertPerson('Marta');
    await move(petId, { tipo: 'acogida', personaId: marta });
    const moved = await move(petId, { tipo: 'traslado', motivo: 'A otra protectora' });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json<Answer>().movimientos.every((m: { abierta: boolean }) => !m.abierta)).toBe(true);
    expect((await getPet(petId)).ubicacion).toEqual({ tipo: 'trasladado', desde: today });
  });

  it('refuses dates in the future or before the previous movement, and a stale version', async () => {
    const petId = await insertPet('Coco');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await move(petId, { tipo: 'ingreso', fecha: tomorrow })).json<Answer>().message).toBe('La fecha no puede ser futura.');
    expect((await move(petId, { tipo: 'ingreso', fecha: '2026-02-30' })).statusCode).toBe(400);
    expect((await move(petId, { tipo: 'ingreso', fecha: today })).statusCode).toBe(201);
    const before = await move(petId, { tipo: 'traslado', fecha: '2020-01-01' });
    expectErrorShape(before, 400);
    expect(before.json<Answer>().message).toBe(`La fecha no puede ser anterior al último movimiento (${today}).`);
    const stale = await move(petId, { tipo: 'traslado', version: 1 });
    expectErrorShape(stale, 409);
    expect(await movements(petId)).toHaveLength(1);
  });

  it('filters the staff list by ubicacion', async () => {
    const fostered = await insertPet('Filtro');
    await move(fostered, { tipo: 'acogida', personaId: await insertPerson('Pilar') });
    const list = await staff().inject({ method: 'GET', url: '/phpApi/mascotas?ubicacion=acogida&pageSize=100' });
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json<Answer>().items.map((i: { id: number }) => i.id);
    expect(ids).toContain(fostered);
    expect(ids.every((id: number) => id !== 0)).toBe(true);
    const inShelter = (await staff().inject({ method: 'GET', url: '/phpApi/mascotas?ubicacion=refugio&pageSize=100' })).json<Answer>();
    expect(inShelter.items.map((i: { id: number }) => i.id)).not.toContain(fostered);
    expectErrorShape(await staff().inject({ method: 'GET', url: '/phpApi/mascotas?ubicacion=luna' }), 400);
  });

  it('marking adopted from the list opens an adoption, with the person when given and saying so when not; un-marking returns it', async () => {
    const petId = await insertPet('Lista');
    const res = await staff().inject({
      method: 'POST',
      url: `/phpApi/mascota/${petId}/adopcion`,
      payload: { adoptado: '1', version: await version(petId) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Answer>()).toMatchObject({ adoptado: '1', adopcionSinPersona: true, ubicacion: { tipo: 'adoptado' } });
    const off = await staff().inject({
      method: 'POST',
      url: `/phpApi/mascota/${petId}/adopcion`,
      payload: { adoptado: '0', version: await version(petId) },
    });
    expect(off.json<Answer>()).toMatchObject({ adoptado: '0', ubicacion: { tipo: 'refugio' } });
    expect((await movements(petId)).map((m) => [m.tipo, m.motivo])).toEqual([
      ['adopcion', ''],
      ['devolucion', 'Desmarcada como adoptada desde la lista'],
    ]);

    const rosa = await insertPerson('Rosa');
    const withPerson = await staff().inject({
      method: 'POST',
      url: `/phpApi/mascota/${petId}/adopcion`,
      payload: { adoptado: '1', personaId: rosa, version: await version(petId) },
    });
    expect(withPerson.json<Answer>()).toMatchObject({ adoptado: '1', ubicacion: { tipo: 'adoptado', persona: { id: rosa, nombre: 'Rosa' } } });
    expect(withPerson.json<Answer>().adopcionSinPersona).toBeUndefined();
  });

  it('approving a request with "mark adopted" opens the adoption for the applicant, returning a foster placement first', async () => {
    const petId = await insertPet('Toby');
    const foster = await insertPerson('Foster');
    await move(petId, { tipo: 'acogida', personaId: foster });
    const applied = await t.as('anonymous').inject({
      method: 'POST',
      url: '/api/public/solicitudes-adopcion',
      payload: {
        mascotaId: petId,
        nombre: 'Lucía',
        email: 'lucia@example.com',
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
      },
    });
    // A fostered pet may still be public; the application goes through.
    expect(applied.statusCode, applied.body).toBe(201);
    const requestId = applied.json<Answer>().id;
    // The applicant's person (linked at submission once persons link applications; set here for the test).
    const personaId = await insertPerson('Lucía');
    await t.database.db.update(adoptionRequest).set({ personaId }).where(eq(adoptionRequest.id, requestId));
    const detail = (await staff().inject({ method: 'GET', url: `/api/solicitudes-adopcion/${requestId}` })).json<Answer>();
    const review = await staff().inject({
      method: 'POST',
      url: `/api/solicitudes-adopcion/${requestId}/estado`,
      payload: { estado: 'en_revision', version: detail.version },
    });
    const approve = await staff().inject({
      method: 'POST',
      url: `/api/solicitudes-adopcion/${requestId}/estado`,
      payload: { estado: 'aprobada', version: review.json<Answer>().version, marcarAdoptada: true },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(personaId).toBeGreaterThan(0);
    const shown = await getPet(petId);
    expect(shown.adoptado).toBe('1');
    expect(shown.ubicacion).toEqual({ tipo: 'adoptado', persona: { id: personaId, nombre: 'Lucía' }, desde: today });
    expect((await movements(petId)).map((m) => [m.tipo, m.personaId, m.cerradaPor !== null])).toEqual([
      ['acogida', foster, true],
      ['devolucion', foster, false],
      ['adopcion', personaId, false],
    ]);
  });

  it('concurrent placements of one pet: exactly one wins, the others answer 409, one placement is open', async () => {
    for (let round = 0; round < 5; round++) {
      const petId = await insertPet(`Carrera ${round}`);
      const people = await Promise.all(['Uno', 'Dos', 'Tres', 'Cuatro'].map((n) => insertPerson(`${n}${round}`)));
      const current = await version(petId);
      // Each request carries the version it saw, and also without it two would race for the open placement.
      const answers = await Promise.all(
        people.map((personaId, i) =>
          staff().inject({
            method: 'POST',
            url: `/api/mascotas/${petId}/movimientos`,
            payload: { tipo: i % 2 === 0 ? 'acogida' : 'adopcion', personaId, fecha: today, version: current },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
      for (const lost of answers.filter((a) => a.statusCode === 409)) expectErrorShape(lost, 409);
      const open = (await movements(petId)).filter((m) => m.cerradaPor === null);
      expect(open).toHaveLength(1);
      const shown = await getPet(petId);
      expect(shown.ubicacion.persona?.id).toBe(open[0]!.personaId);
      expect(shown.adoptado).toBe(open[0]!.tipo === 'adopcion' ? '1' : '0');
    }
  });

  it('the pet form keeps adoptado in step too: created adopted opens an adoption, saving it not adopted returns it', async () => {
    const form = multipart(petFields({ nombre: 'Formulario', adoptado: '1' }));
    const created = await staff().inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers });
    expect(created.statusCode, created.body).toBe(200);
    const { id, version: afterCreate } = created.json<{ id: number; version: number }>();
    expect(afterCreate).toBe(await version(id));
    expect((await getPet(id)).ubicacion.tipo).toBe('adoptado');
    const edit = multipart(petFields({ nombre: 'Formulario', adoptado: '0', version: String(afterCreate) }));
    const saved = await staff().inject({ method: 'POST', url: `/phpApi/mascota/${id}/actualizar`, payload: edit.payload, headers: edit.headers });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Answer>().version).toBe(await version(id));
    const shown = await getPet(id);
    expect([shown.adoptado, shown.ubicacion.tipo]).toEqual(['0', 'refugio']);
    expect((await movements(id)).map((m) => m.tipo)).toEqual(['adopcion', 'devolucion']);
  });

  it('answers 404 for a missing pet and refuses an unknown type', async () => {
    expectErrorShape(await staff().inject({ method: 'GET', url: '/api/mascotas/999999/movimientos' }), 404);
    expectErrorShape(
      await staff().inject({ method: 'POST', url: '/api/mascotas/999999/movimientos', payload: { tipo: 'ingreso', fecha: today, version: 1 } }),
      404,
    );
    const petId = await insertPet('Tipo');
    const res = await move(petId, { tipo: 'vacaciones' });
    expectErrorShape(res, 400);
    expect(res.json<Answer>().fieldErrors.tipo).toBe('Elige un tipo de movimiento de la lista.');
  });
});
