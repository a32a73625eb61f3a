import { eq, sql } from 'drizzle-orm';
import { petListItemSchema } from '@refugio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pet } from '../../src/db/schema';
import { type Role, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type Part, jpeg, multipart, petFields, png } from '../helpers/media';

type PetBody = Record<string, unknown> & { id: number; version: number; imagenprincipal: string; tags: string };

describe('pets API (/phpApi)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A multipart POST. */
  const send = (url: string, parts: Part[], as: Role = 'staff') => {
    const body = multipart(parts);
    return t.as(as).inject({ method: 'POST', url, payload: body.payload, headers: body.headers });
  };
  const get = (url: string, as: Role = 'staff') => t.as(as).inject({ method: 'GET', url });
  /** A JSON (or empty) POST. */
  const post = (url: string, payload?: object, as: Role = 'staff') => t.as(as).inject({ method: 'POST', url, ...(payload ? { payload } : {}) });
  const create = async (overrides: Record<string, string> = {}, extra: Part[] = []) => {
    const res = await send('/phpApi/mascota/nueva', [...petFields(overrides), ...extra]);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ status: string; id: number; version: number }>();
  };
  const getPet = async (id: number) => (await get(`/phpApi/mascota/${id}`)).json<PetBody>();

  it('creates a pet and answers it with the specification field names and encodings', async () => {
    const created = await create();
    expect(created).toEqual({ status: 'OK', id: expect.any(Number) as number, version: 1 });
    const body = await getPet(created.id);
    expect(body).toMatchObject({
      nombre: 'Luna',
      edad: '2 años',
      tipo: 'Perro',
      genero: 'hembra',
      tamano: 'mediano',
      fechaingreso: '2024-03-05 00:00:00',
      personalidad: 'Tranquila y cariñosa',
      historia: 'Rescatada en la carretera',
      adoptado: '0',
      discapacidad: '0',
      tags: '["cariñosa","tranquila"]',
      imagenprincipal: '',
      estado: 'borrador',
      version: 1,
    });
    expect(JSON.parse(body.tags)).toEqual(['cariñosa', 'tranquila']);
  });

  it('stores an invalid or missing entry date as empty', async () => {
    expect((await getPet((await create({ fechaingreso: '2023-02-30' })).id)).fechaingreso).toBe('');
    expect((await getPet((await create({ fechaingreso: 'ayer' })).id)).fechaingreso).toBe('');
    expect((await getPet((await create({ fechaingreso: '2024-01-31 18:05:09' })).id)).fechaingreso).toBe('2024-01-31 18:05:09');
  });

  it.each([
    ['nombre', { nombre: '' }, 'nombre', 'El nombre es obligatorio.'],
    ['edad', { edad: '  ' }, 'edad', 'La edad es obligatoria.'],
    ['tipo', { tipo: 'Hamster' }, 'tipo', 'El tipo debe ser Perro, Gato o Conejo.'],
    ['tamano', { tamano: 'enorme' }, 'tamano', 'El tamaño debe ser chico, mediano o grande.'],
    ['adoptado', { adoptado: 'si' }, 'adoptado', "El valor debe ser '0' o '1'."],
    [
      'tags (11 of them)',
      { tags: JSON.stringify(Array.from({ length: 11 }, (_, i) => `etiqueta ${i}`)) },
      'tags',
      'Puedes asignar como máximo 10 etiquetas.',
    ],
    ['tags (not a list)', { tags: '{"no":"lista"}' }, 'tags', 'Las etiquetas deben ser una lista JSON de textos.'],
    ['historia (too long)', { historia: 'x'.repeat(5001) }, 'historia', 'El texto no puede superar los 5000 caracteres.'],
  ])('refuses a bad %s with a Spanish field error and stores nothing', async (_label, overrides, field, message) => {
    const before = (await get('/phpApi/mascotas?pageSize=100')).json<{ total: number }>().total;
    const res = await send('/phpApi/mascota/nueva', petFields(overrides));
    const body = expectErrorShape(res, 400, 'VALIDATION_ERROR') as { fieldErrors?: Record<string, string> };
    expect(body.fieldErrors?.[field]).toBe(message);
    expect((await get('/phpApi/mascotas?pageSize=100')).json<{ total: number }>().total).toBe(before);
  });

  it('saves with the current version and refuses a stale one with 409, changing nothing', async () => {
    const { id } = await create();
    const first = await send(`/phpApi/mascota/${id}/actualizar`, petFields({ nombre: 'Luna Editada', version: '1' }));
    expect(first.json()).toEqual({ status: 'OK', id, version: 2 });
    const stale = await send(`/phpApi/mascota/${id}/actualizar`, petFields({ nombre: 'Otra Persona', version: '1' }));
    const body = expectErrorShape(stale, 409, 'CONFLICT');
    expect(body.message).toContain('Otra persona guardó cambios');
    expect((await getPet(id)).nombre).toBe('Luna Editada');
    expect((await getPet(id)).version).toBe(2);
  });

  it('keeps the main image: re-encoded without metadata, auto-rotated, with a WebP thumbnail', async () => {
    const original = await jpeg(64, 48);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    // Published, so that its image is served to anybody at the public URL.
    const { id } = await create({ estado: 'publicada' }, [{ name: 'image', value: original, fileName: 'luna.jpg', contentType: 'image/jpeg' }]);
    const body = await getPet(id);
    expect(body.imagenprincipal).toMatch(/^\d+_[0-9a-f]{8}\.jpg$/);
    const file = await get(`/phpApi/storage/app/public/productos/${id}/${body.imagenprincipal}`, 'anonymous');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    // Orientation 6 (rotated 90°) was applied to the pixels: width and height swapped.
    expect([meta.width, meta.height]).toEqual([48, 64]);
    const thumb = await get(body.thumbnailUrl as string, 'anonymous');
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });

  it("refuses a main image over 150000 bytes with the specification's message, changing nothing", async () => {
    const { id } = await create();
    const big = await jpeg(800, 800, { quality: 100, noise: true });
    expect(big.length).toBeGreaterThan(150_000);
    const res = await send(`/phpApi/mascota/${id}/actualizar`, [
      ...petFields({ nombre: 'No guardar' }),
      { name: 'image', value: big, fileName: 'grande.jpg', contentType: 'image/jpeg' },
    ]);
    const body = expectErrorShape(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(body.message).toBe('El peso de la imagen debe ser menor a 150KB');
    expect((await getPet(id)).nombre).toBe('Luna');
  });

  it('refuses two main images in one save with a too-many-files message, changing nothing', async () => {
    const { id } = await create();
    const res = await send(`/phpApi/mascota/${id}/actualizar`, [
      ...petFields({ nombre: 'No guardar' }),
      { name: 'image', value: await jpeg(), fileName: 'a.jpg', contentType: 'image/jpeg' },
      { name: 'image', value: await jpeg(), fileName: 'b.jpg', contentType: 'image/jpeg' },
    ]);
    const body = expectErrorShape(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(body.message).toBe('Envía una sola imagen principal por solicitud.');
    expect((await getPet(id)).nombre).toBe('Luna');
  });

  it('refuses a main image that is not an image, whatever its name says', async () => {
    const { id } = await create();
    const res = await send(`/phpApi/mascota/${id}/actualizar`, [
      ...petFields(),
      { name: 'image', value: Buffer.from('<?php echo 1; ?>'.repeat(20)), fileName: 'foto.jpg', contentType: 'image/jpeg' },
    ]);
    expectErrorShape(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  describe('additional images', () => {
    let id: number;
    beforeAll(async () => {
      id = (await create()).id;
    });
    const upload = (value: Buffer, fileName = 'foto.jpg', contentType = 'image/jpeg', extra: Part[] = []) =>
      send(`/phpApi/mascota/${id}/imagenes/nueva`, [{ name: 'file', value, fileName, contentType }, ...extra]);

    it('uploads one image per request and lists them in order as { id, nombre }', async () => {
      const a = await upload(await jpeg());
      expect(a.json()).toEqual({ status: 'OK', id: expect.any(Number) as number, nombre: expect.stringMatching(/\.jpg$/) as string });
      const b = await upload(await png(), 'foto.png', 'image/png');
      expect(b.json<{ nombre: string }>().nombre).toMatch(/\.png$/);
      const list = (await get(`/phpApi/mascota/${id}/imagenes`)).json<{ id: number; nombre: string; orden: number; url: string }[]>();
      expect(list.map((i) => i.id)).toEqual([a.json<{ id: number }>().id, b.json<{ id: number }>().id]);
      expect(list[0]).toMatchObject({
        nombre: a.json<{ nombre: string }>().nombre,
        orden: 1,
        url: `/phpApi/storage/app/public/productos/${id}/${a.json<{ nombre: string }>().nombre}`,
      });
    });

    it.each([
      [
        'an image over 2MB',
        async () => upload(await jpeg(1400, 1400, { quality: 100, noise: true })),
        413,
        'Cada imagen debe pesar como máximo 2MB.',
      ],
      [
        'a text file disguised as .jpg',
        async () => upload(Buffer.from('hola, no soy una imagen '.repeat(10))),
        415,
        'El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o AVIF).',
      ],
      [
        'a truncated JPEG',
        async () => upload((await jpeg(200, 200)).subarray(0, 300)),
        415,
        'El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o AVIF).',
      ],
      ['an empty file', async () => upload(Buffer.alloc(0), 'vacia.jpg'), 400, 'El archivo está vacío.'],
      [
        'two files in one request',
        async () =>
          upload(await jpeg(), 'a.jpg', 'image/jpeg', [{ name: 'file', value: await jpeg(), fileName: 'b.jpg', contentType: 'image/jpeg' }]),
        413,
        'Envía una sola imagen por solicitud.',
      ],
    ])('answers %s with { status: ERROR, message }', async (_label, attempt, status, message) => {
      const before = (await get(`/phpApi/mascota/${id}/imagenes`)).json<unknown[]>().length;
      const res = await attempt();
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ status: 'ERROR', message });
      expect((await get(`/phpApi/mascota/${id}/imagenes`)).json<unknown[]>()).toHaveLength(before);
    });

    it('answers a non-multipart request with { status: ERROR } too', async () => {
      const res = await t.as('staff').inject({
        method: 'POST',
        url: `/phpApi/mascota/${id}/imagenes/nueva`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json<{ status: string }>().status).toBe('ERROR');
    });

    type Listed = { id: number; nombre: string }[];
    const images = async () => (await get(`/phpApi/mascota/${id}/imagenes`)).json<Listed>();

    it('reorders the images', async () => {
      const reversed = (await images()).map((i) => i.id).reverse();
      const reordered = await post(`/phpApi/mascota/${id}/imagenes/orden`, { ids: reversed });
      expect(reordered.json<Listed>().map((i) => i.id)).toEqual(reversed);
    });

    it('refuses an order that does not name every image once', async () => {
      const [first] = await images();
      expectErrorShape(await post(`/phpApi/mascota/${id}/imagenes/orden`, { ids: [first!.id] }), 400, 'VALIDATION_ERROR');
    });

    it('makes a gallery image the main one, taking it out of the gallery', async () => {
      const chosen = (await images())[0]!;
      const main = await post(`/phpApi/mascota/${id}/imagenes/${chosen.id}/principal`);
      expect(main.json<PetBody>().imagenprincipal).toBe(chosen.nombre);
      expect((await images()).map((i) => i.nombre)).not.toContain(chosen.nombre);
    });

    it('deletes an image and its file; deleting it again is a 404', async () => {
      const victim = (await images())[0]!;
      expect((await post(`/phpApi/mascota/${id}/imagenes/${victim.id}/eliminar`)).json()).toEqual({ status: 'OK', id: victim.id });
      expect((await get(`/phpApi/storage/app/public/productos/${id}/${victim.nombre}`, 'anonymous')).statusCode).toBe(404);
      expectErrorShape(await post(`/phpApi/mascota/${id}/imagenes/${victim.id}/eliminar`), 404, 'NOT_FOUND');
    });
  });

  describe('list', () => {
    beforeAll(async () => {
      await create({ nombre: 'Ñandú', tipo: 'Conejo', tamano: 'chico', historia: 'Llegó con José', tags: JSON.stringify(['Dócil']) });
      await create({ nombre: 'Tigre', tipo: 'Gato', adoptado: '1', tags: JSON.stringify(['juguetón']) });
    });
    type ListBody = {
      items: { nombre: string; tipo: string; adoptado: string }[];
      total: number;
      totalExact: boolean;
      page: number;
      pageSize: number;
    };
    const list = async (qs: string) => (await get(`/phpApi/mascotas?${qs}`)).json<ListBody>();

    it('searches name, story, personality and tags ignoring case and accents', async () => {
      expect((await list('q=nandu')).items.map((p) => p.nombre)).toEqual(['Ñandú']);
      expect((await list('q=JOSE')).items.map((p) => p.nombre)).toEqual(['Ñandú']);
      expect((await list('q=docil')).items.map((p) => p.nombre)).toEqual(['Ñandú']);
      expect((await list('q=100%25')).total).toBe(0);
    });

    it('counts exactly up to 1000 matches, then says there are more', async () => {
      expect(await list('q=nandu')).toMatchObject({ total: 1, totalExact: true });
      const rows = Array.from({ length: 1001 }, (_, i) => ({
        nombre: `Lote ${i}`,
        edad: '1 año',
        tipo: 'Conejo',
        genero: 'macho',
        tamano: 'chico',
        tags: ['lote'],
      }));
      await t.database.db.insert(pet).values(rows);
      expect(await list('tag=lote&pageSize=5')).toMatchObject({ total: 1000, totalExact: false });
      await t.database.db.delete(pet).where(eq(pet.nombre, 'Lote 0'));
      expect(await list('tag=lote&pageSize=5')).toMatchObject({ total: 1000, totalExact: true });
      await t.database.db.delete(pet).where(sql`${pet.tags} @> '["lote"]'::jsonb`);
    });

    it('filters, sorts and pages', async () => {
      expect((await list('tipo=Gato')).items.every((p) => p.tipo === 'Gato')).toBe(true);
      expect((await list('adoptado=1')).items.map((p) => p.nombre)).toEqual(['Tigre']);
      expect((await list('tag=juguetón')).items.map((p) => p.nombre)).toEqual(['Tigre']);
      type IdList = { items: { id: number; nombre: string }[] };
      const asc = (await get('/phpApi/mascotas?sort=nombre&order=asc&pageSize=100')).json<IdList>().items;
      const desc = (await get('/phpApi/mascotas?sort=nombre&order=desc&pageSize=100')).json<IdList>().items;
      expect(asc.map((p) => p.id)).toEqual(desc.map((p) => p.id).reverse());
      expect(asc.findIndex((p) => p.nombre === 'Luna')).toBeLessThan(asc.findIndex((p) => p.nombre === 'Tigre'));
      const page2 = await list('pageSize=2&page=2');
      expect(page2).toMatchObject({ page: 2, pageSize: 2 });
      expect(page2.items.length).toBeLessThanOrEqual(2);
      expect(page2.total).toBeGreaterThan(2);
      expectErrorShape(await get('/phpApi/mascotas?tipo=Dragon'), 400, 'VALIDATION_ERROR');
      expectErrorShape(await get('/phpApi/mascotas?pageSize=1000'), 400, 'VALIDATION_ERROR');
    });

    it('binds each request its own values in a statement of the same shape, counts a page past the last, and answers only the list fields', async () => {
      // Same filters present, other values: the statement prepared for the shape must not keep the first values.
      expect((await list('tipo=Conejo&adoptado=0')).items.map((p) => p.nombre)).toContain('Ñandú');
      const cats = await list('tipo=Gato&adoptado=1');
      expect(cats.items.map((p) => p.nombre)).toEqual(['Tigre']);
      expect(cats.total).toBe(1);
      expect((await list('q=tigre')).items.map((p) => p.nombre)).toEqual(['Tigre']);
      expect((await list('q=nandu')).items.map((p) => p.nombre)).toEqual(['Ñandú']);
      // Past the last page there is no row to carry the count: it is still right.
      const all = await list('pageSize=1');
      expect(await list(`pageSize=1&page=${all.total + 5}`)).toMatchObject({ items: [], total: all.total, totalExact: true });
      expect(await list('q=ningun-nombre-asi')).toMatchObject({ items: [], total: 0, totalExact: true });
      // The answer carries what petListItemSchema names, in its order, and nothing else (no long texts).
      const raw = (await get('/phpApi/mascotas?q=nandu')).body;
      const item = (JSON.parse(raw) as { items: Record<string, unknown>[] }).items[0]!;
      expect(Object.keys(item)).toEqual(Object.keys(petListItemSchema.shape));
      expect(raw).not.toContain('Llegó con José');
    });

    it('sorts by name in Spanish order: ñ after n, accented letters with their letter, any case', async () => {
      const names = ['Zorro', 'Órion', 'oso', 'Ñube', 'Pepa', 'Oca', 'Ñandú', 'Nube', 'Álvaro', 'Bruno', 'alba', 'NIEVE'];
      for (const nombre of names) await create({ nombre, tags: JSON.stringify(['orden-es']) });
      const byName = async (order: 'asc' | 'desc', pageSize = 100, page = 1) =>
        (await list(`tag=orden-es&sort=nombre&order=${order}&pageSize=${pageSize}&page=${page}`)).items.map((p) => p.nombre);
      const expected = ['alba', 'Álvaro', 'Bruno', 'NIEVE', 'Nube', 'Ñandú', 'Ñube', 'Oca', 'Órion', 'oso', 'Pepa', 'Zorro'];
      expect(await byName('asc')).toEqual(expected);
      expect(await byName('desc')).toEqual([...expected].reverse());
      // Pages follow the same order.
      expect([...(await byName('asc', 5, 1)), ...(await byName('asc', 5, 2)), ...(await byName('asc', 5, 3))]).toEqual(expected);
    });
  });

  it('marks a pet adopted', async () => {
    const { id } = await create();
    expect((await post(`/phpApi/mascota/${id}/adopcion`, { adoptado: '1' })).json<PetBody>().adoptado).toBe('1');
  });

  it('soft-deletes a pet: gone from the API, its row kept', async () => {
    const { id } = await create();
    expect((await post(`/phpApi/mascota/${id}/eliminar`)).json()).toEqual({ status: 'OK', id });
    expectErrorShape(await get(`/phpApi/mascota/${id}`), 404, 'NOT_FOUND');
    const [row] = await t.database.db.select().from(pet).where(eq(pet.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });

  it('lets whoever deleted a pet restore it', async () => {
    const { id } = await create();
    await post(`/phpApi/mascota/${id}/eliminar`);
    expect((await post(`/phpApi/mascota/${id}/restaurar`)).json<PetBody>().deletedAt).toBeNull();
  });

  it('lets only an administrator restore a pet an administrator deleted', async () => {
    const { id } = await create();
    await post(`/phpApi/mascota/${id}/eliminar`, undefined, 'admin');
    expectErrorShape(await post(`/phpApi/mascota/${id}/restaurar`), 403, 'FORBIDDEN');
    expect((await post(`/phpApi/mascota/${id}/restaurar`, undefined, 'admin')).statusCode).toBe(200);
  });

  it('keeps pets and writes for signed-in staff', async () => {
    const { id } = await create();
    expectErrorShape(await send('/phpApi/mascota/nueva', petFields(), 'anonymous'), 401, 'UNAUTHENTICATED');
    expectErrorShape(await get(`/phpApi/mascota/${id}`, 'anonymous'), 401, 'UNAUTHENTICATED');
  });

  it('shows anonymous readers the images and videos of published pets only', async () => {
    const { id } = await create();
    expectErrorShape(await get(`/phpApi/mascota/${id}/imagenes`, 'anonymous'), 404, 'NOT_FOUND');
    await send(`/phpApi/mascota/${id}/actualizar`, petFields({ estado: 'publicada' }));
    expect((await get(`/phpApi/mascota/${id}/imagenes`, 'anonymous')).json()).toEqual([]);
    expect((await get(`/api/mascotas/${id}/videos`, 'anonymous')).json()).toEqual([]);
  });

  it('treats a scheduled pet whose time has come as published', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const a = await create({ estado: 'programada', publicarEn: past });
    const b = await create({ estado: 'programada', publicarEn: future });
    expect((await getPet(a.id)).estado).toBe('publicada');
    expect((await getPet(b.id)).estado).toBe('programada');
    const published = (await get('/phpApi/mascotas?estado=publicada&pageSize=100')).json<{ items: { id: number }[] }>().items.map((p) => p.id);
    expect(published).toContain(a.id);
    expect(published).not.toContain(b.id);
  });

  it('answers ids that do not exist or are not numbers with 4xx', async () => {
    expectErrorShape(await get('/phpApi/mascota/999999'), 404, 'NOT_FOUND');
    expectErrorShape(await get('/phpApi/mascota/abc'), 400, 'VALIDATION_ERROR');
    expectErrorShape(await send('/phpApi/mascota/999999/actualizar', petFields()), 404, 'NOT_FOUND');
  });
});
