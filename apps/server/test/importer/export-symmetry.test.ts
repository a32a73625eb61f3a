import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDryRun, ImportStatus, ImportUpload } from '@refugio/contracts';
import { careRecord, person, pet } from '../../src/db/schema';
import { type TestApp, createTestApp } from '../helpers/helpers';
import { multipart } from '../helpers/media';

/*
 * The pet list's export (/api/mascotas.csv and .xlsx) re-imports without touching the mapping (DESIGN section 18):
 * into another shelter it creates the same pets; into the same one it creates nothing (matched by their Nº).
 */
describe('the pet export re-imports without mapping', { timeout: 120_000 }, () => {
  let source: TestApp;
  let target: TestApp;

  beforeAll(async () => {
    source = await createTestApp({ ORG_TIME_ZONE: 'Europe/Madrid' });
    target = await createTestApp({ ORG_TIME_ZONE: 'Europe/Madrid' });
    await source.database.db.insert(pet).values([
      {
        nombre: 'Canela',
        edad: '2 años',
        tipo: 'Perro',
        genero: 'hembra',
        tamano: 'mediano',
        tags: ['tranquila', '=1+1'],
        fechaIngreso: '2025-03-04 10:00:00',
      },
      {
        nombre: 'Ñaque',
        edad: '6 meses',
        tipo: 'Gato',
        genero: 'macho',
        tamano: 'chico',
        discapacidad: true,
        historia: 'Línea uno\nLínea dos',
        adoptado: true,
      },
      { nombre: 'Pompón', edad: '1 año', tipo: 'Conejo', genero: 'hembra', tamano: 'grande', estado: 'publicada', personalidad: '-curioso' },
    ]);
    await source.app.changes.caughtUp();
  }, 180_000);
  afterAll(async () => {
    await Promise.all([source?.close(), target?.close()]);
  });

  const importInto = async (t: TestApp, data: Buffer, fileName: string) => {
    const form = multipart([
      { name: 'tipo', value: 'mascotas' },
      { name: 'archivo', value: data, fileName },
    ]);
    const up = await t.as('admin').inject({ method: 'POST', url: '/api/importaciones', payload: form.payload, headers: form.headers });
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json<ImportUpload>();
    const res = await t.as('admin').inject({ method: 'PUT', url: `/api/importaciones/${file.id}/mapeo`, payload: { mapeo: file.mapeoSugerido } });
    expect(res.statusCode, res.body).toBe(200);
    return { file, run: res.json<ImportDryRun>() };
  };

  for (const format of ['csv', 'xlsx'] as const) {
    it(`/api/mascotas.${format}`, async () => {
      const exported = await source.as('staff').inject({ method: 'GET', url: `/api/mascotas.${format}` });
      expect(exported.statusCode).toBe(200);
      const data = exported.rawPayload;

      const again = await importInto(source, data, `mascotas.${format}`);
      expect(again.file.mapeoSugerido).toMatchObject({
        Nº: 'id',
        Nombre: 'nombre',
        Tipo: 'tipo',
        Edad: 'edad',
        Género: 'genero',
        Tamaño: 'tamano',
        'Fecha de ingreso': 'fechaIngreso',
        Discapacidad: 'discapacidad',
        Etiquetas: 'etiquetas',
        Personalidad: 'personalidad',
        Historia: 'historia',
      });
      expect(again.run).toMatchObject({ crear: 0, omitir: 3, errores: [] });

      const elsewhere = await importInto(target, data, `mascotas.${format}`);
      expect(elsewhere.run).toMatchObject({ crear: 3, errores: [] });
      const confirm = await target.as('admin').inject({ method: 'POST', url: `/api/importaciones/${elsewhere.file.id}/confirmar` });
      expect(confirm.statusCode).toBe(202);
      await target.app.jobs.runDue();
      const status = await target.as('admin').inject({ method: 'GET', url: `/api/importaciones/${elsewhere.file.id}` });
      expect(status.json<ImportStatus>()).toMatchObject({ estado: 'terminada', creados: 3 });
      const rows = (await target.database.db.select().from(pet).orderBy(pet.id)).slice(-3);
      expect(rows.map((p) => [p.nombre, p.edad, p.tipo, p.genero, p.tamano, p.discapacidad, p.tags, p.historia, p.personalidad])).toEqual([
        ['Canela', '2 años', 'Perro', 'hembra', 'mediano', false, ['tranquila', '=1+1'], '', ''],
        ['Ñaque', '6 meses', 'Gato', 'macho', 'chico', true, [], 'Línea uno\nLínea dos', ''],
        ['Pompón', '1 año', 'Conejo', 'hembra', 'grande', false, [], '', '-curioso'],
      ]);
      expect(rows[0]!.fechaIngreso?.slice(0, 10)).toBe('2025-03-04');
      // Undone, so the other format starts from a shelter without them.
      const undo = await target.as('admin').inject({ method: 'POST', url: `/api/importaciones/${elsewhere.file.id}/deshacer` });
      expect(undo.json<ImportStatus>()).toMatchObject({ deshechos: 3 });
    });
  }
});

/*
 * The persons' and the care records' exports read back the same way: the suggested mapping takes every column, and
 * into the same organisation the dry run finds each row there already (nothing to create, nothing to fix).
 */
describe('the persons and care exports re-import without mapping', { timeout: 120_000 }, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ORG_TIME_ZONE: 'Europe/Madrid' });
    await t.database.db.insert(person).values([
      {
        nombre: 'Begoña',
        apellidos: 'Ibáñez',
        email: 'bego@example.org',
        telefono: '+34600111222',
        documento: 'X1234567L',
        nif: '12345678Z',
        direccion: 'Calle Mayor, 1',
        ciudad: 'Logroño',
        codigoPostal: '26001',
        roles: ['adoptante', 'socio'],
      },
      { nombre: 'Íñigo', telefono: '+34600333444' },
    ]);
    const [luna, toby] = (
      await t.database.db
        .insert(pet)
        .values([
          { nombre: 'Luna', edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', microchip: '941000000000111' },
          { nombre: 'Toby', edad: '1 año', tipo: 'Gato', genero: 'macho', tamano: 'chico' },
        ])
        .returning({ id: pet.id })
    ).map((p) => p.id) as [number, number];
    await t.database.db.insert(careRecord).values([
      {
        petId: luna,
        tipo: 'vacuna',
        nombre: 'Rabia',
        fechaRealizada: '2025-02-03',
        lote: 'L-77',
        veterinario: 'Clínica Añón',
        notas: 'Sin\nreacción',
      },
      { petId: toby, tipo: 'peso', nombre: 'Peso', fechaRealizada: '2025-02-10', pesoKg: 4.25 },
      { petId: toby, tipo: 'desparasitacion_interna', nombre: 'Milbemax', fechaRealizada: '2025-02-11' },
      // Planned, not done: not exported.
      { petId: toby, tipo: 'vacuna', nombre: 'Trivalente', fechaProgramada: '2099-01-01' },
    ]);
  }, 180_000);
  afterAll(() => t?.close());

  const dryRun = async (tipo: string, data: Buffer, fileName: string) => {
    const form = multipart([
      { name: 'tipo', value: tipo },
      { name: 'archivo', value: data, fileName },
    ]);
    const up = await t.as('admin').inject({ method: 'POST', url: '/api/importaciones', payload: form.payload, headers: form.headers });
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json<ImportUpload>();
    const res = await t.as('admin').inject({ method: 'PUT', url: `/api/importaciones/${file.id}/mapeo`, payload: { mapeo: file.mapeoSugerido } });
    expect(res.statusCode, res.body).toBe(200);
    return { file, run: res.json<ImportDryRun>() };
  };

  for (const format of ['csv', 'xlsx'] as const) {
    it(`/api/personas.${format}`, async () => {
      const exported = await t.as('admin').inject({ method: 'GET', url: `/api/personas.${format}` });
      expect(exported.statusCode).toBe(200);
      const { file, run } = await dryRun('personas', exported.rawPayload, `personas.${format}`);
      expect(file.mapeoSugerido).toEqual({
        Nº: 'codigo',
        Nombre: 'nombre',
        Apellidos: 'apellidos',
        'Correo electrónico': 'email',
        Teléfono: 'telefono',
        'DNI/NIE': 'documento',
        NIF: 'nif',
        Dirección: 'direccion',
        Ciudad: 'ciudad',
        'Código postal': 'codigoPostal',
        Roles: 'rol',
      });
      expect(run).toMatchObject({ crear: 0, actualizar: 0, omitir: 2, errores: [] });
      // Staff without the import capability do not take everyone's data away.
      expect((await t.as('staff').inject({ method: 'GET', url: `/api/personas.${format}` })).statusCode).toBe(403);
    });

    it(`/api/salud.${format}`, async () => {
      const exported = await t.as('admin').inject({ method: 'GET', url: `/api/salud.${format}` });
      expect(exported.statusCode).toBe(200);
      const { file, run } = await dryRun('cuidados', exported.rawPayload, `cuidados.${format}`);
      expect(file.mapeoSugerido).toEqual({
        Nº: 'id',
        Microchip: 'microchip',
        Tipo: 'cuidado',
        'Vacuna o producto': 'producto',
        Fecha: 'fecha',
        'Peso (kg)': 'peso',
        Lote: 'lote',
        'Veterinario/a': 'veterinario',
        Notas: 'notas',
      });
      expect(file.filas).toBe(3);
      expect(run).toMatchObject({ crear: 0, omitir: 3, errores: [] });
      expect((await t.as('staff').inject({ method: 'GET', url: `/api/salud.${format}` })).statusCode).toBe(403);
    });
  }
});
