import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDryRun, ImportStatus, ImportUpload } from '@refugio/contracts';
import { pet } from '../../src/db/schema';
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
