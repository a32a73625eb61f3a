import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomField, ImportDryRun, ImportStatus, ImportUpload } from '@refugio/contracts';
import { historyEvent, person, pet } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart } from '../helpers/media';

/*
 * The organisation's own fields in an import (DESIGN sections 18 and 21): a column goes to `campo.<clave>`, suggested
 * when its header is the field's label; the dry run checks each value with the field's definition and names the
 * field when it refuses one; the pets and persons created carry the values, with their history. Runs on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */

const PETS_CSV = [
  'Nombre;Especie;Sexo;TEST DE LEISHMANIA;Peso al llegar;Esterilizado;Próxima revisión;Notas del veterinario',
  'Toña;Perra;;negativo;12,5;Sí;15/03/2031;Revisada', // 2: ok
  'Garbanzo;Perro;Macho;Dudoso;7;no;;', // 3: not an option of the field
  'Ñoño;Perro;Macho;Positivo;muchos;;;', // 4: not a number
  'Bimba;Perro;Hembra;;3;quizá;;', // 5: not sí or no
  'Lúa;Conejo;Hembra;;1,2;;31/02/2030;', // 6: no such day
  'Michi;Gato;Macho;Positivo;4;;;', // 7: the field is for dogs only
].join('\r\n');

describe('import to own fields', () => {
  let t: TestApp;
  const admin = () => t.as('admin');

  const define = async (body: object) => {
    const res = await admin().inject({ method: 'POST', url: '/api/campos', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CustomField>();
  };
  const uploaded = async (data: string, fileName: string, tipo: string) => {
    const form = multipart([
      { name: 'tipo', value: tipo },
      { name: 'archivo', value: Buffer.from(data, 'utf8'), fileName, contentType: 'text/csv' },
    ]);
    const res = await admin().inject({ method: 'POST', url: '/api/importaciones', payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportUpload>();
  };
  const map = (id: string, mapeo: Record<string, string>) =>
    admin().inject({ method: 'PUT', url: `/api/importaciones/${id}/mapeo`, payload: { mapeo } });
  const confirmAndRun = async (id: string) => {
    const res = await admin().inject({ method: 'POST', url: `/api/importaciones/${id}/confirmar` });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.runDue();
    return (await admin().inject({ method: 'GET', url: `/api/importaciones/${id}` })).json<ImportStatus>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    await define({
      entidad: 'mascota',
      clave: 'test_leishmania',
      etiqueta: 'Test de leishmania',
      tipo: 'opcion',
      opciones: ['Negativo', 'Positivo'],
      especies: ['Perro'],
    });
    await define({ entidad: 'mascota', clave: 'peso_llegada', etiqueta: 'Peso al llegar', tipo: 'numero' });
    await define({ entidad: 'mascota', clave: 'esterilizado', etiqueta: 'Esterilizado', tipo: 'si_no' });
    await define({ entidad: 'mascota', clave: 'proxima_revision', etiqueta: 'Próxima revisión', tipo: 'fecha' });
    const archived = await define({ entidad: 'mascota', clave: 'antiguo', etiqueta: 'Antiguo', tipo: 'texto' });
    expect((await admin().inject({ method: 'POST', url: `/api/campos/${archived.id}/archivar` })).statusCode).toBe(200);
    await define({ entidad: 'persona', clave: 'socio_antiguo', etiqueta: 'Nº de socio antiguo', tipo: 'texto' });
  });
  afterAll(() => t.close());

  let petsImport = '';

  it("lists the entity's active own fields among the targets and suggests the one whose label is the header", async () => {
    const file = await uploaded(PETS_CSV, 'mascotas.csv', 'mascotas');
    petsImport = file.id;
    expect(file.camposPropios).toEqual([
      { campo: 'campo.test_leishmania', etiqueta: 'Test de leishmania', tipo: 'opcion' },
      { campo: 'campo.peso_llegada', etiqueta: 'Peso al llegar', tipo: 'numero' },
      { campo: 'campo.esterilizado', etiqueta: 'Esterilizado', tipo: 'si_no' },
      { campo: 'campo.proxima_revision', etiqueta: 'Próxima revisión', tipo: 'fecha' },
    ]);
    expect(file.campos).toEqual(expect.arrayContaining(['nombre', 'campo.test_leishmania', 'campo.proxima_revision']));
    // An archived field is no target; the persons' fields are not the pets'.
    expect(file.campos).not.toContain('campo.antiguo');
    expect(file.campos).not.toContain('campo.socio_antiguo');
    expect(file.mapeoSugerido).toEqual({
      Nombre: 'nombre',
      Especie: 'tipo',
      Sexo: 'genero',
      'TEST DE LEISHMANIA': 'campo.test_leishmania',
      'Peso al llegar': 'campo.peso_llegada',
      Esterilizado: 'campo.esterilizado',
      'Próxima revisión': 'campo.proxima_revision',
      'Notas del veterinario': '',
    });
  });

  it('refuses a target that is no active own field of the entity', async () => {
    const base = { Nombre: 'nombre', Especie: 'tipo', Sexo: 'genero' };
    for (const target of ['campo.antiguo', 'campo.socio_antiguo', 'campo.no_existe']) {
      const res = await map(petsImport, { ...base, 'Notas del veterinario': target });
      expectErrorShape(res, 400);
      expect(res.json<{ message: string }>().message).toContain(target);
    }
    const twice = await map(petsImport, { ...base, 'TEST DE LEISHMANIA': 'campo.test_leishmania', 'Notas del veterinario': 'campo.test_leishmania' });
    expectErrorShape(twice, 400);
    expect(twice.json<{ message: string }>().message).toContain('«Test de leishmania»');
  });

  it('checks each value with its definition in the dry run, naming the field', async () => {
    const file = await uploaded(PETS_CSV, 'mascotas.csv', 'mascotas');
    const res = await map(file.id, file.mapeoSugerido);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json<ImportDryRun>();
    expect(run).toMatchObject({ crear: 1, omitir: 0 });
    expect(run.errores.map((e) => [e.fila, e.columna, e.mensaje])).toEqual([
      [3, 'TEST DE LEISHMANIA', '«Dudoso» no es una opción del campo «Test de leishmania».'],
      [4, 'Peso al llegar', 'El campo «Peso al llegar» debe ser un número.'],
      [5, 'Esterilizado', 'El campo «Esterilizado» debe ser sí o no.'],
      [6, 'Próxima revisión', expect.stringMatching(/31\/02\/2030.*no existe/) as string],
      [7, 'TEST DE LEISHMANIA', 'El campo «Test de leishmania» no es de la especie Gato.'],
    ]);
    petsImport = file.id;
  });

  it('imports the values into the new pets, with the history of each field', async () => {
    const done = await confirmAndRun(petsImport);
    expect(done).toMatchObject({ estado: 'terminada', creados: 1 });
    const pets = await t.database.db.select().from(pet).where(isNull(pet.deletedAt)).orderBy(pet.id);
    expect(pets.map((p) => [p.nombre, p.campos])).toEqual([
      ['Toña', { test_leishmania: 'Negativo', peso_llegada: 12.5, esterilizado: true, proxima_revision: '2031-03-15' }],
    ]);
    const [created] = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'mascota'), eq(historyEvent.entidadId, String(pets[0]!.id)), eq(historyEvent.accion, 'crear')));
    const cambios = created!.cambios as Record<string, unknown[]>;
    expect(cambios['campos.test_leishmania']).toEqual([null, 'Negativo']);
    expect(cambios['campos.peso_llegada']).toEqual([null, 12.5]);
    expect(cambios.origen).toEqual([null, 'importado de mascotas.csv, fila 2']);
    // The pet's answer carries them, as its form and detail read them.
    const answer = await admin().inject({ method: 'GET', url: `/phpApi/mascota/${pets[0]!.id}` });
    expect(answer.json<{ campos: Record<string, unknown> }>().campos).toMatchObject({ test_leishmania: 'Negativo', esterilizado: true });
  });

  it('writes a person field into new persons, and into a person the import completes only the fields they lack', async () => {
    const [ana] = await t.database.db
      .insert(person)
      .values({ nombre: 'Ana', apellidos: 'Peña', email: 'ana@example.org', ciudad: 'Madrid', campos: { otro: 'se queda' } })
      .returning();
    // Eva has a value already: the file's is not written over it (nothing else to complete: omitted).
    await t.database.db.insert(person).values({ nombre: 'Eva', apellidos: 'Sol', email: 'eva@example.org', campos: { socio_antiguo: 'S-1' } });
    const csv = ['Nombre;Correo;Nº de socio antiguo', 'Ana;ana@example.org;S-77', 'Eva;eva@example.org;S-99', 'Luis;luis@example.org;S-12'].join(
      '\n',
    );
    const file = await uploaded(csv, 'personas.csv', 'personas');
    expect(file.mapeoSugerido).toEqual({ Nombre: 'nombre', Correo: 'email', 'Nº de socio antiguo': 'campo.socio_antiguo' });
    const res = await map(file.id, file.mapeoSugerido);
    expect(res.json<ImportDryRun>()).toMatchObject({ crear: 1, actualizar: 1, omitir: 1, errores: [] });
    const done = await confirmAndRun(file.id);
    expect(done).toMatchObject({ estado: 'terminada', creados: 1, actualizados: 1, omitidos: 1 });
    const people = await t.database.db.select().from(person).orderBy(person.id);
    expect(people.map((p) => [p.nombre, p.ciudad, p.campos])).toEqual([
      ['Ana', 'Madrid', { otro: 'se queda', socio_antiguo: 'S-77' }],
      ['Eva', '', { socio_antiguo: 'S-1' }],
      ['Luis', '', { socio_antiguo: 'S-12' }],
    ]);
    const events = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'persona'), eq(historyEvent.entidadId, String(ana!.id))));
    expect((events[0]!.cambios as Record<string, unknown[]>)['campos.socio_antiguo']).toEqual([null, 'S-77']);
  });
});
