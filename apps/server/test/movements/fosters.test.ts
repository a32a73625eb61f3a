import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { pet } from '../../src/db/schema';
import { historyEvent, person } from '../../src/db/schema';
import { dayIn } from '../../src/modules/movements/movements.service';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type PlacementAnswer as Answer, placementKit } from '../helpers/placements-support';

/*
 * Foster homes (DESIGN section 12): the profile on the person (putting one gives the role `acogida`), the homes'
 * list with places used and their pets, and the homes suggested for a pet: room today, not in an unavailable
 * range, accepting the pet's species and size, no children, dogs or cats when the pet's tags ask for none; most
 * free places first, then the home that fostered least recently.
 */

describe('foster homes', () => {
  let t: TestApp;
  let today: string;
  const staff = () => t.as('staff');

  beforeAll(async () => {
    t = await createTestApp();
    today = dayIn(t.config.orgTimeZone, new Date());
  });
  afterAll(() => t.close());

  const kit = placementKit(
    () => t,
    () => today,
  );
  const insertPet = (nombre: string, values: Partial<typeof pet.$inferInsert> = {}) =>
    kit.insertPet(nombre, { genero: 'macho', estado: undefined, imagenPrincipal: null, ...values });
  const insertPerson = (nombre: string) => kit.insertPerson(nombre, { roles: ['adoptante'] });
  const putProfile = (personaId: number, body: Record<string, unknown>) =>
    staff().inject({ method: 'PUT', url: `/api/personas/${personaId}/acogida`, payload: body });
  const place = async (petId: number, personaId: number, fecha = today) => {
    const res = await kit.move(petId, { tipo: 'acogida', personaId, fecha });
    expect(res.statusCode, res.body).toBe(201);
  };
  const suggested = async (petId: number) => {
    const res = await staff().inject({ method: 'GET', url: `/api/mascotas/${petId}/acogidas-sugeridas` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: { persona: { id: number }; libres: number; motivos: string }[] }>().items;
  };

  it('puts and reads a profile; the person becomes a foster home, with history; a stale version is refused', async () => {
    const id = await insertPerson('Carmen');
    expectErrorShape(await staff().inject({ method: 'GET', url: `/api/personas/${id}/acogida` }), 404);
    const created = await putProfile(id, {
      capacidad: 2,
      especies: ['Perro'],
      tamanos: ['chico', 'mediano'],
      conGatos: true,
      notas: 'Piso con terraza',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<Answer>()).toMatchObject({ personaId: id, capacidad: 2, especies: ['Perro'], conNinos: false, conGatos: true, version: 1 });
    const [row] = await t.database.db.select({ roles: person.roles }).from(person).where(eq(person.id, id));
    expect(row!.roles).toEqual(['adoptante', 'acogida']);
    const events = await t.database.db
      .select()
      .from(historyEvent)
      .where(eq(historyEvent.entidadId, String(id)))
      .orderBy(historyEvent.id);
    expect(events.filter((e) => e.entidad === 'persona').map((e) => Object.keys(e.cambios ?? {})[0])).toEqual(['fichaAcogida', 'roles']);

    const updated = await putProfile(id, { capacidad: 3, version: 1 });
    expect(updated.json<Answer>()).toMatchObject({ capacidad: 3, especies: [], version: 2 });
    expectErrorShape(await putProfile(id, { capacidad: 4, version: 1 }), 409);
    expect((await staff().inject({ method: 'GET', url: `/api/personas/${id}/acogida` })).json<Answer>().capacidad).toBe(3);
  });

  it('refuses an invalid profile in Spanish and a missing person with 404', async () => {
    const id = await insertPerson('Inés');
    const zero = await putProfile(id, { capacidad: 0 });
    expectErrorShape(zero, 400);
    expect(zero.json<Answer>().fieldErrors.capacidad).toBe('La capacidad debe ser un número entero entre 1 y 50.');
    expectErrorShape(await putProfile(id, { capacidad: 1, especies: ['Loro'] }), 400);
    expectErrorShape(await putProfile(id, { capacidad: 1, noDisponible: [{ desde: '2026-05-10', hasta: '2026-05-01' }] }), 400);
    expectErrorShape(await putProfile(999_999, { capacidad: 1 }), 404);
  });

  it('lists homes with places used and their pets, and filters by availability, species and size', async () => {
    const full = await insertPerson('Llena');
    const free = await insertPerson('Libre');
    await putProfile(full, { capacidad: 1, especies: ['Gato'] });
    await putProfile(free, { capacidad: 2, especies: [], tamanos: ['grande'] });
    const kitten = await insertPet('Michi', { tipo: 'Gato', tamano: 'chico' });
    await place(kitten, full);

    const all = (await staff().inject({ method: 'GET', url: '/api/acogidas' })).json<{ items: unknown[] }>().items as {
      persona: { id: number };
      ocupadas: number;
      mascotas: { id: number; nombre: string }[];
      ultimaNovedad: null;
      disponibleHoy: boolean;
    }[];
    const fullHome = all.find((h) => h.persona.id === full)!;
    expect(fullHome).toMatchObject({ capacidad: 1, ocupadas: 1, ultimaNovedad: null, disponibleHoy: false });
    expect(fullHome.mascotas).toEqual([{ id: kitten, nombre: 'Michi', tipo: 'Gato', desde: today }]);

    const available = (await staff().inject({ method: 'GET', url: '/api/acogidas?disponibles=1' }))
      .json<Answer>()
      .items.map((h: { persona: { id: number } }) => h.persona.id);
    expect(available).toContain(free);
    expect(available).not.toContain(full);
    const bigDogs = (await staff().inject({ method: 'GET', url: '/api/acogidas?tipo=Perro&tamano=grande' }))
      .json<Answer>()
      .items.map((h: { persona: { id: number } }) => h.persona.id);
    expect(bigDogs).toContain(free);
    expect(bigDogs).not.toContain(full);
  });

  it('suggests homes with room today that accept the pet, most free places first, then the least recently used', async () => {
    const dog = await insertPet('Bruno', { tipo: 'Perro', tamano: 'grande', tags: ['Sin gatos'] });
    const roomy = await insertPerson('Amplia');
    const recent = await insertPerson('Reciente');
    const never = await insertPerson('Nueva');
    const withCats = await insertPerson('Gatera');
    const small = await insertPerson('Pequeña');
    const away = await insertPerson('Fuera');
    await putProfile(roomy, { capacidad: 3, especies: ['Perro'] });
    await putProfile(recent, { capacidad: 2, especies: ['Perro'] });
    await putProfile(never, { capacidad: 2, especies: ['Perro'] });
    await putProfile(withCats, { capacidad: 5, especies: ['Perro'], conGatos: true });
    await putProfile(small, { capacidad: 5, especies: ['Perro'], tamanos: ['chico'] });
    await putProfile(away, { capacidad: 5, especies: ['Perro'], noDisponible: [{ desde: '2000-01-01', hasta: '2999-12-31' }] });
    // `recent` fostered another dog (now returned): it has 2 free places, like `never`, but was used more recently.
    const other = await insertPet('Otro');
    await place(other, recent);
    await staff().inject({
      method: 'POST',
      url: `/api/mascotas/${other}/movimientos`,
      payload: { tipo: 'devolucion', motivo: 'Fin', fecha: today, version: await kit.version(other) },
    });

    const ids = (await suggested(dog)).map((s) => s.persona.id).filter((id) => [roomy, recent, never, withCats, small, away].includes(id));
    expect(ids).toEqual([roomy, never, recent]);
    const first = (await suggested(dog)).find((s) => s.persona.id === never)!;
    expect(first.libres).toBe(2);
    expect(first.motivos).toBe('2 plazas libres; acepta perros de tamaño grande; sin gatos en casa; todavía no ha acogido.');

    // Once placed, the home where it is is not suggested and a full home drops out.
    await place(dog, roomy);
    expect((await suggested(dog)).map((s) => s.persona.id)).not.toContain(roomy);
    expectErrorShape(await staff().inject({ method: 'GET', url: '/api/mascotas/999999/acogidas-sugeridas' }), 404);
  });

  it('a merge of persons moves the foster profile, the movements and the pet placed with the merged person', async () => {
    const keep = await insertPerson('Queda');
    const gone = await insertPerson('Fusionada');
    await putProfile(gone, { capacidad: 2, especies: ['Gato'] });
    const cat = await insertPet('Merlín', { tipo: 'Gato' });
    await place(cat, gone);
    const merged = await staff().inject({ method: 'POST', url: `/api/personas/${keep}/fusionar`, payload: { conId: gone } });
    expect(merged.statusCode, merged.body).toBe(200);
    const shown = (await staff().inject({ method: 'GET', url: `/phpApi/mascota/${cat}` })).json<Answer>();
    expect(shown.ubicacion).toEqual({ tipo: 'acogida', persona: { id: keep, nombre: 'Queda' }, desde: today });
    const moves = (await staff().inject({ method: 'GET', url: `/api/mascotas/${cat}/movimientos` })).json<Answer>();
    expect(moves.movimientos.map((m) => m.persona?.id)).toEqual([keep]);
    expect((await staff().inject({ method: 'GET', url: `/api/personas/${keep}/acogida` })).json<Answer>().capacidad).toBe(2);
    expectErrorShape(await staff().inject({ method: 'GET', url: `/api/personas/${gone}/acogida` }), 404);
  });
});
