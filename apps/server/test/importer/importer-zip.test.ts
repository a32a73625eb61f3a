import { eq, isNull, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDryRun, ImportStatus, ImportUpload } from '@refugio/contracts';
import { importBatch, pet, petImage } from '../../src/db/schema';
import { imageKey, thumbnailKey } from '../../src/media/storage-keys';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { jpeg, multipart, png } from '../helpers/media';
import { type ZipEntry, zip } from './zip-builder';

/*
 * A .zip holding one spreadsheet and its photos (DESIGN section 18): photos named by a column, checked by their
 * content, attached to the pets created (files before rows), the batch's own copies removed once imported; the same
 * .zip twice creates nothing new; hostile archives (paths that climb out, symbolic links, too many entries, a bomb)
 * refused with 400 and nothing stored.
 */

describe('import wizard: a .zip with photos', () => {
  let t: TestApp;
  const admin = () => t.as('admin');
  const upload = (data: Buffer, fileName: string, tipo = 'mascotas') => {
    const form = multipart([
      { name: 'tipo', value: tipo },
      { name: 'archivo', value: data, fileName, contentType: 'application/zip' },
    ]);
    return admin().inject({ method: 'POST', url: '/api/importaciones', payload: form.payload, headers: form.headers });
  };
  const map = async (id: string, mapeo: Record<string, string>) => {
    const res = await admin().inject({ method: 'PUT', url: `/api/importaciones/${id}/mapeo`, payload: { mapeo } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportDryRun>();
  };
  const confirmAndRun = async (id: string) => {
    expect((await admin().inject({ method: 'POST', url: `/api/importaciones/${id}/confirmar` })).statusCode).toBe(202);
    await t.app.jobs.runDue();
    return (await admin().inject({ method: 'GET', url: `/api/importaciones/${id}` })).json<ImportStatus>();
  };
  const staged = async () => (await t.app.storage.list('importaciones/')).map((o) => o.key);
  const batches = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(importBatch))[0]!.n;

  let archive: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    const sheet = iconv.encode(
      [
        'Nombre;Especie;Sexo;Chip;Foto',
        'Toby;Perro;Macho;941000000000001;fotos/toby.jpg', // 2: the photo in a folder of the .zip
        'Luna;Gata;;941000000000002;Luna.PNG', // 3: the name in other case
        'Roto;Perro;Macho;;roto.jpg', // 4: not an image
        'Falta;Perro;Macho;;nada.jpg', // 5: not in the .zip
        'Peñas;Conejo;Hembra;941000000000003;', // 6: no photo
      ].join('\r\n'),
      'win1252',
    );
    archive = zip([
      { name: 'importar/mascotas.csv', data: sheet },
      { name: 'importar/fotos/toby.jpg', data: await jpeg(80, 60) },
      { name: 'importar/fotos/luna.png', data: await png(40, 40) },
      { name: 'importar/fotos/roto.jpg', data: Buffer.from('%PDF-1.4 no soy una foto') },
      { name: '__MACOSX/importar/._toby.jpg', data: Buffer.from('metadatos') },
      { name: 'importar/LEEME.txt.bak', data: Buffer.from('ignorado') },
    ]);
  });
  afterAll(() => t.close());

  it('reads the spreadsheet inside, checks each photo by its content, and the dry run names the rows whose photo is wrong', async () => {
    const res = await upload(archive, 'mascotas.zip');
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json<ImportUpload>();
    expect(file.columnas).toEqual(['Nombre', 'Especie', 'Sexo', 'Chip', 'Foto']);
    expect(file.mapeoSugerido).toMatchObject({ Nombre: 'nombre', Chip: 'microchip', Foto: 'foto' });
    // Two valid photos stored, each with its thumbnail; the one that is not an image is not stored.
    expect(await staged()).toHaveLength(4);
    const run = await map(file.id, file.mapeoSugerido);
    expect(run).toMatchObject({ crear: 3, omitir: 0 });
    expect(run.errores.map((e) => [e.fila, e.columna])).toEqual([
      [4, 'Foto'],
      [5, 'Foto'],
    ]);
    expect(run.errores[0]!.mensaje).toMatch(/roto\.jpg.*no se puede usar/);
    expect(run.errores[1]!.mensaje).toMatch(/nada\.jpg.*no está en el \.zip/);

    const done = await confirmAndRun(file.id);
    expect(done).toMatchObject({ estado: 'terminada', creados: 3 });
    const pets = await t.database.db.select().from(pet).where(isNull(pet.deletedAt)).orderBy(pet.id);
    expect(pets.map((p) => [p.nombre, p.imagenPrincipal !== null])).toEqual([
      ['Toby', true],
      ['Luna', true],
      ['Peñas', false],
    ]);
    for (const p of pets.slice(0, 2)) {
      const images = await t.database.db.select().from(petImage).where(eq(petImage.petId, p.id));
      expect(images.map((i) => i.nombre)).toEqual([p.imagenPrincipal]);
      expect(await t.app.storage.head(imageKey(p.id, p.imagenPrincipal!))).toBeDefined();
      expect(await t.app.storage.head(thumbnailKey(p.id, p.imagenPrincipal!))).toBeDefined();
    }
    // The pets hold their copies: the batch's own are gone.
    expect(await staged()).toEqual([]);
  });

  it('the same .zip twice creates nothing new and leaves no copies behind', async () => {
    const before = (await t.app.storage.list('productos/')).length;
    const file = (await upload(archive, 'mascotas.zip')).json<ImportUpload>();
    expect(await map(file.id, file.mapeoSugerido)).toMatchObject({ crear: 0, omitir: 3 });
    const done = await confirmAndRun(file.id);
    expect(done).toMatchObject({ creados: 0, omitidos: 3 });
    expect((await t.app.storage.list('productos/')).length).toBe(before);
    expect(await staged()).toEqual([]);
  });

  it('a restart in the middle attaches each photo once and leaves no copy behind', async () => {
    const rows = Array.from({ length: 4 }, (_, i) => `Reanuda ${i},Gato,Hembra,RZ-${i},r${i}.jpg`);
    const photos = await Promise.all(rows.map(async (_, i) => ({ name: `r${i}.jpg`, data: await jpeg(30 + i, 20) })));
    const data = zip([{ name: 'hoja.csv', data: Buffer.from(['Nombre,Especie,Sexo,Código,Foto', ...rows].join('\n')) }, ...photos]);
    const file = (await upload(data, 'reanuda.zip')).json<ImportUpload>();
    await map(file.id, file.mapeoSugerido);
    const before = (await t.app.storage.list('productos/')).length;
    expect((await admin().inject({ method: 'POST', url: `/api/importaciones/${file.id}/confirmar` })).statusCode).toBe(202);
    // One row done, then the job (as after a crash) does the rest.
    await t.app.importerService.runImport(file.id, 1);
    await t.app.jobs.runDue();
    const done = (await admin().inject({ method: 'GET', url: `/api/importaciones/${file.id}` })).json<ImportStatus>();
    expect(done).toMatchObject({ estado: 'terminada', creados: 4, procesadas: 4 });
    const pets = await t.database.db
      .select()
      .from(pet)
      .where(sql`${pet.nombre} LIKE 'Reanuda %'`);
    const images = await t.database.db
      .select()
      .from(petImage)
      .where(
        sql`${petImage.petId} IN (${sql.join(
          pets.map((p) => sql`${p.id}`),
          sql`, `,
        )})`,
      );
    expect(images).toHaveLength(4);
    // Four photos and their thumbnails, nothing more; the batch's own copies gone.
    expect((await t.app.storage.list('productos/')).length).toBe(before + 8);
    expect(await staged()).toEqual([]);
  });

  it('a photo column on a spreadsheet alone is refused: the photos come in a .zip', async () => {
    const form = multipart([
      { name: 'tipo', value: 'mascotas' },
      { name: 'archivo', value: Buffer.from('Nombre,Especie,Foto\nRex,Perro,rex.jpg\n'), fileName: 'm.csv' },
    ]);
    const file = (
      await admin().inject({ method: 'POST', url: '/api/importaciones', payload: form.payload, headers: form.headers })
    ).json<ImportUpload>();
    const res = await admin().inject({ method: 'PUT', url: `/api/importaciones/${file.id}/mapeo`, payload: { mapeo: file.mapeoSugerido } });
    expectErrorShape(res, 400);
    expect(res.json<{ message: string }>().message).toMatch(/\.zip/);
  });

  it('refuses hostile archives with 400 in Spanish, storing nothing', async () => {
    const before = await batches();
    const sheet = { name: 'hoja.csv', data: Buffer.from('Nombre,Especie,Foto\nRex,Perro,rex.jpg\n') };
    const photo = { name: 'rex.jpg', data: await jpeg(20, 20) };
    const many: ZipEntry[] = Array.from({ length: 5001 }, (_, i) => ({ name: `f/${i}.bin`, data: Buffer.from('x') }));
    const cases: [Buffer, RegExp][] = [
      [zip([sheet, { name: '../../x.jpg', data: photo.data }]), /rutas no permitidas/],
      [zip([sheet, { name: 'fotos/../../../etc/rex.jpg', data: photo.data }]), /rutas no permitidas/],
      [zip([sheet, { name: 'rex.jpg', data: Buffer.from('/etc/passwd'), symlink: true }]), /enlaces simbólicos/],
      [zip([sheet, ...many]), /más de 5000 archivos/],
      [zip([sheet, { name: 'grande.jpg', data: Buffer.alloc(10_000), claimedSize: 900_000_000 }]), /descomprime/],
      // An entry that unpacks to more than its directory claims is stopped while it streams.
      [zip([sheet, { name: 'mentira.jpg', data: Buffer.alloc(50_000), claimedSize: 100 }]), /descomprime|no es un \.zip/],
      [zip([sheet, { ...sheet, name: 'otra.xlsx' }]), /más de una hoja/],
      [zip([photo]), /ninguna hoja/],
      [Buffer.from('PK\u0003\u0004 roto'), /no es un \.zip/],
    ];
    for (const [data, message] of cases) {
      const res = await upload(data, 'fotos.zip');
      expectErrorShape(res, 400);
      expect(res.json<{ message: string }>().message, String(message)).toMatch(message);
    }
    expect(await batches()).toBe(before);
    expect(await staged()).toEqual([]);
  });
});
