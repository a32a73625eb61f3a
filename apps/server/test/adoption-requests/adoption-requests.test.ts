import { count, eq } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptionRequest, adoptionRequestEvent, pet, petImage } from '../../src/db/schema';
import { ADMIN, PUBLIC_URL, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

type PetValues = Partial<typeof pet.$inferInsert>;

const validApplication = (mascotaId: number, overrides: Record<string, unknown> = {}) => ({
  mascotaId,
  nombre: 'María José Pérez',
  email: 'maria@example.com',
  telefono: '+52 55 1234 5678',
  edad: 34,
  ciudad: 'Ciudad de México',
  direccion: 'Calle Falsa 123',
  vivienda: 'departamento',
  viviendaPropia: false,
  permiteMascotas: true,
  patio: false,
  personasEnCasa: 3,
  ninosEnCasa: 1,
  horasSolo: 4,
  otrasMascotas: 'Un gato de 5 años',
  experiencia: 'Crecí con perros',
  motivo: 'Queremos darle un hogar tranquilo',
  aceptaVisita: true,
  aceptaPrivacidad: true,
  ...overrides,
});

describe('adoption: public catalogue, application and staff review', () => {
  let t: TestApp;
  let staff: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(ADMIN);
    await t.createUser(STAFF);
    staff = await t.signIn(STAFF.email, STAFF.password);
    admin = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  const insertPet = async (values: PetValues = {}) => {
    const [row] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Luna', edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', estado: 'publicada', ...values })
      .returning();
    // Written around the app, as a script would: the app reads it once its change feed has heard of it.
    await t.app.changes.caughtUp();
    return row!.id;
  };
  const apply = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/solicitudes-adopcion',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const storedCount = async () => (await t.database.db.select({ n: count() }).from(adoptionRequest))[0]!.n;
  const get = (url: string, cookie: string | null = staff, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const post = (url: string, payload: unknown, cookie = staff) =>
    t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: { cookie, origin: PUBLIC_URL } });

  describe('GET /api/public/mascotas', () => {
    it('answers a public pet with exactly the public fields and media URLs', async () => {
      const id = await insertPet({
        nombre: 'Canela',
        tags: ['juguetona', 'tranquila'],
        imagenPrincipal: 'a.jpg',
        discapacidad: true,
        historia: 'Rescatada',
      });
      await t.database.db.insert(petImage).values({ petId: id, nombre: 'b.jpg', orden: 1, width: 1, height: 1, bytes: 1, contentHash: 'x' });
      await t.app.changes.caughtUp();
      const res = await get(`/api/public/mascotas/${id}`, null);
      expect(res.statusCode).toBe(200);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(
        [
          'id',
          'nombre',
          'edad',
          'tipo',
          'genero',
          'tamano',
          'discapacidad',
          'personalidad',
          'historia',
          'tags',
          'imagenPrincipal',
          'imagenes',
          'videos',
          'miniatura',
          'miniaturas',
          'salud',
          // The organisation's own fields marked public (none here): custom-fields.test.ts shows them.
          'campos',
        ].sort(),
      );
      expect(body).toMatchObject({
        id,
        nombre: 'Canela',
        discapacidad: '1',
        tags: ['juguetona', 'tranquila'],
        imagenPrincipal: `/phpApi/storage/app/public/productos/${id}/a.jpg`,
        miniatura: `/phpApi/storage/app/public/productos/${id}/thumbs/a.jpg.webp`,
        imagenes: [`/phpApi/storage/app/public/productos/${id}/b.jpg`],
        miniaturas: [`/phpApi/storage/app/public/productos/${id}/thumbs/b.jpg.webp`],
        videos: [],
        salud: { vacunado: false, desparasitado: false, esterilizado: false, microchip: false },
      });
      expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
      expect(res.headers.etag).toBeTruthy();
    });

    it('compresses with brotli or gzip when the client accepts it, the same answer and ETag as uncompressed', async () => {
      const id = await insertPet({ nombre: 'Comprimida', historia: 'Una historia larga. '.repeat(40) });
      for (const url of ['/api/public/mascotas?q=comprimida', `/api/public/mascotas/${id}`]) {
        const plain = await get(url, null);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toBe('Accept-Encoding');
        const br = await get(url, null, { 'accept-encoding': 'gzip, deflate, br' });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
        const gz = await get(url, null, { 'accept-encoding': 'gzip' });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
        expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(1);
        // Refused or unknown encodings get the plain answer.
        expect((await get(url, null, { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
        expect((await get(url, null, { 'accept-encoding': 'zstd' })).headers['content-encoding']).toBeUndefined();
      }
    });

    it('answers 304 to a conditional request with the same ETag, and 200 once the pet changed', async () => {
      const id = await insertPet({ nombre: 'Etag' });
      const first = await get(`/api/public/mascotas/${id}`, null);
      const etag = first.headers.etag as string;
      const again = await get(`/api/public/mascotas/${id}`, null, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const list = await get('/api/public/mascotas?q=etag', null);
      expect((await get('/api/public/mascotas?q=etag', null, { 'if-none-match': list.headers.etag as string })).statusCode).toBe(304);
      await t.database.db.update(pet).set({ nombre: 'Etag cambiado' }).where(eq(pet.id, id));
      await t.app.changes.caughtUp();
      expect((await get(`/api/public/mascotas/${id}`, null, { 'if-none-match': etag })).statusCode).toBe(200);
    });

    it('answers the same 404 for absent, draft, future-scheduled, adopted and deleted pets', async () => {
      const hidden = {
        draft: await insertPet({ estado: 'borrador' }),
        future: await insertPet({ estado: 'programada', publicarEn: new Date(Date.now() + 3_600_000) }),
        adopted: await insertPet({ adoptado: true }),
        deleted: await insertPet({ deletedAt: new Date() }),
        absent: 999_999,
      };
      const bodies = new Set<string>();
      for (const [label, id] of Object.entries(hidden)) {
        const res = await get(`/api/public/mascotas/${id}`, null);
        const body = expectErrorShape(res, 404, 'NOT_FOUND');
        bodies.add(body.message);
        expect(res.headers['cache-control'], label).toBeUndefined();
      }
      expect(bodies.size).toBe(1);
      const list = (await get('/api/public/mascotas?pageSize=48', null)).json<{ items: { id: number }[] }>();
      const listed = list.items.map((i) => i.id);
      for (const id of Object.values(hidden)) expect(listed).not.toContain(id);
    });

    it('lists published and past-scheduled pets, filtered and searched without accents', async () => {
      const past = await insertPet({
        nombre: 'Ñandú',
        estado: 'programada',
        publicarEn: new Date(Date.now() - 60_000),
        tipo: 'Conejo',
        tamano: 'chico',
      });
      await insertPet({ nombre: 'Nandu gato', tipo: 'Gato', tamano: 'chico' });
      expect((await get(`/api/public/mascotas/${past}`, null)).statusCode).toBe(200);
      const res = await get('/api/public/mascotas?q=nandu&tipo=Conejo&tamano=chico', null);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ items: { id: number; nombre: string }[]; total: number; page: number; pageSize: number }>();
      expect(body).toMatchObject({ total: 1, page: 1, pageSize: 12 });
      expect(body.items.map((i) => i.id)).toEqual([past]);
      expectErrorShape(await get('/api/public/mascotas?tipo=Dragon', null), 400, 'VALIDATION_ERROR');
    });
  });

  describe('POST /api/public/solicitudes-adopcion', () => {
    let petId: number;
    beforeAll(async () => {
      petId = await insertPet({ nombre: 'Solicitable' });
    });

    it('stores a valid application as nueva, with the first history entry', async () => {
      const res = await apply(validApplication(petId, { email: 'Primera@Example.com' }));
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<{ id: number; estado: string }>();
      expect(body).toEqual({ id: expect.any(Number) as number, estado: 'nueva' });
      const [row] = await t.database.db.select().from(adoptionRequest).where(eq(adoptionRequest.id, body.id));
      expect(row).toMatchObject({ petId, estado: 'nueva', nombre: 'María José Pérez', viviendaPropia: false, permiteMascotas: true, horasSolo: 4 });
      const events = await t.database.db.select().from(adoptionRequestEvent).where(eq(adoptionRequestEvent.requestId, body.id));
      expect(events).toMatchObject([{ tipo: 'estado', deEstado: null, aEstado: 'nueva' }]);
    });

    it('tells the same e-mail for the same pet within a day that it already applied (409), ignoring case', async () => {
      const before = await storedCount();
      const res = await apply(validApplication(petId, { email: 'PRIMERA@example.com' }));
      const body = expectErrorShape(res, 409, 'CONFLICT');
      expect(body.message).toMatch(/Ya enviaste una solicitud/);
      expect(await storedCount()).toBe(before);
    });

    it.each([
      ['a minor', { edad: 17 }, 'edad', 'Debes ser mayor de edad'],
      ['no home visit acceptance', { aceptaVisita: false }, 'aceptaVisita', 'visita'],
      ['no privacy acceptance', { aceptaPrivacidad: undefined }, 'aceptaPrivacidad', 'privacidad'],
      ['a rented home without the landlord answer', { permiteMascotas: undefined }, 'permiteMascotas', 'propietario'],
      ['a rented home whose landlord refuses pets', { permiteMascotas: false }, 'permiteMascotas', 'permiso del propietario'],
      ['hours alone over 24', { horasSolo: 25 }, 'horasSolo', 'de 0 a 24'],
      ['negative hours alone', { horasSolo: -1 }, 'horasSolo', 'de 0 a 24'],
      ['fractional people', { personasEnCasa: 2.5 }, 'personasEnCasa', 'personas'],
      ['more children than people', { personasEnCasa: 1, ninosEnCasa: 2 }, 'ninosEnCasa', 'niños'],
      ['too many people', { personasEnCasa: 31 }, 'personasEnCasa', 'personas'],
      ['age as text', { edad: '30' }, 'edad', 'edad'],
      ['a bad e-mail', { email: 'no-es-correo' }, 'email', 'correo'],
      ['a bad phone', { telefono: 'llámame' }, 'telefono', 'teléfono'],
      ['an unknown housing', { vivienda: 'castillo' }, 'vivienda', 'casa, departamento u otro'],
      ['a missing name', { nombre: '   ' }, 'nombre', 'nombre'],
      ['a too long name', { nombre: 'x'.repeat(101) }, 'nombre', '100'],
      ['a too long reason', { motivo: 'x'.repeat(2001) }, 'motivo', '2000'],
      ['HTML in the name', { nombre: '<script>alert(1)</script>' }, 'nombre', 'HTML'],
      ['HTML in the reason', { motivo: 'Hola <img src=x onerror=alert(1)>' }, 'motivo', 'HTML'],
      ['a formula as the name', { nombre: '=HYPERLINK("http://x","y")' }, 'nombre', '='],
      ['a formula as the city', { ciudad: '@SUM(A1:A2)' }, 'ciudad', '@'],
      ['a pet id as text', { mascotaId: 'uno' }, 'mascotaId', 'mascota'],
    ])('refuses %s with a Spanish field error and stores nothing', async (_label, overrides, field, text) => {
      const before = await storedCount();
      const res = await apply(validApplication(petId, { email: `x${Math.random()}@example.com`, ...overrides }));
      expectErrorShape(res, 400, 'VALIDATION_ERROR');
      const { fieldErrors } = res.json<{ fieldErrors?: Record<string, string> }>();
      expect(fieldErrors?.[field], JSON.stringify(fieldErrors)).toContain(text);
      expect(await storedCount()).toBe(before);
    });

    it('reports every problem at once, cross-field rules included, and survives a body that is not an object', async () => {
      const res = await apply(validApplication(petId, { edad: 12, permiteMascotas: false, nombre: '' }));
      expectErrorShape(res, 400, 'VALIDATION_ERROR');
      const { fieldErrors } = res.json<{ fieldErrors: Record<string, string> }>();
      expect(Object.keys(fieldErrors).sort()).toEqual(['edad', 'nombre', 'permiteMascotas']);
      for (const body of ['null', '[]', '"texto"', '42']) expectErrorShape(await apply(body), 400);
    });

    it('refuses malformed JSON, a 100 KB string and a non-JSON body, storing nothing', async () => {
      const before = await storedCount();
      expectErrorShape(await apply('{"mascotaId": 1, "nombre": '), 400, 'INVALID_JSON');
      const huge = await apply(validApplication(petId, { motivo: 'x'.repeat(100 * 1024) }));
      expect([400, 413]).toContain(huge.statusCode);
      expectErrorShape(huge, huge.statusCode);
      expectErrorShape(await apply('nombre=a', { 'content-type': 'application/x-www-form-urlencoded' }), 415);
      expect(await storedCount()).toBe(before);
    });

    it('answers 404 for a pet that is not public, storing nothing', async () => {
      const draft = await insertPet({ estado: 'borrador' });
      const adopted = await insertPet({ adoptado: true });
      const before = await storedCount();
      for (const id of [draft, adopted, 999_999]) expectErrorShape(await apply(validApplication(id)), 404, 'NOT_FOUND');
      expect(await storedCount()).toBe(before);
    });

    it('answers a filled honeypot like a success but stores nothing', async () => {
      const before = await storedCount();
      const res = await apply(validApplication(petId, { email: 'bot@example.com', sitioWeb: 'http://spam.example' }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: 0, estado: 'nueva' });
      expect(await storedCount()).toBe(before);
    });

    it('keeps an owned home without a landlord answer', async () => {
      const res = await apply(validApplication(petId, { email: 'propia@example.com', viviendaPropia: true, permiteMascotas: undefined }));
      expect(res.statusCode, res.body).toBe(201);
    });
  });

  describe('staff review (/api/solicitudes-adopcion)', () => {
    let petId: number;
    let otherPet: number;
    const ids: number[] = [];
    type Detail = {
      id: number;
      estado: string;
      version: number;
      otrasAbiertas: number;
      eventos: { tipo: string; aEstado: string | null; nota: string; autor: { nombre: string } | null }[];
    };

    beforeAll(async () => {
      petId = await insertPet({ nombre: 'Revisada' });
      otherPet = await insertPet({ nombre: 'Otra' });
      for (const [i, nombre] of ['Ana Núñez', 'Bruno Díaz', 'Carla Ruiz'].entries()) {
        const res = await apply(validApplication(petId, { nombre, email: `persona${i}@example.com`, telefono: `+34 61${i} 000 010` }));
        ids.push(res.json<{ id: number }>().id);
      }
      await apply(validApplication(otherPet, { nombre: 'Dora', email: 'dora@example.com', motivo: '=1+1 porque sí', otrasMascotas: '-ninguna' }));
    });

    it('lists with counts per state, filters by pet and searches name, e-mail and phone without accents', async () => {
      const res = await get(`/api/solicitudes-adopcion?mascotaId=${petId}`);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ items: { id: number; mascota: { nombre: string } }[]; total: number; counts: Record<string, number> }>();
      expect(body.total).toBe(3);
      expect(body.counts).toEqual({ nueva: 3, en_revision: 0, aprobada: 0, rechazada: 0, retirada: 0 });
      expect(body.items[0]!.mascota.nombre).toBe('Revisada');
      const byName = (await get('/api/solicitudes-adopcion?q=nunez')).json<{ items: { id: number }[] }>();
      expect(byName.items.map((i) => i.id)).toEqual([ids[0]]);
      // Phones are stored in E.164 (+34611000010): found by their digits.
      const byPhone = (await get('/api/solicitudes-adopcion?q=611000010')).json<{ items: { id: number }[] }>();
      expect(byPhone.items.map((i) => i.id)).toEqual([ids[1]]);
      const sorted = (await get(`/api/solicitudes-adopcion?mascotaId=${petId}&sort=nombre&order=asc`)).json<{ items: { nombre: string }[] }>();
      expect(sorted.items.map((i) => i.nombre)).toEqual(['Ana Núñez', 'Bruno Díaz', 'Carla Ruiz']);
      expectErrorShape(await get('/api/solicitudes-adopcion?estado=perdida'), 400, 'VALIDATION_ERROR');
      expectErrorShape(await get('/api/solicitudes-adopcion', null), 401);
    });

    it('shows every answer and refuses forbidden moves with 409', async () => {
      const detail = (await get(`/api/solicitudes-adopcion/${ids[0]}`)).json<Detail & Record<string, unknown>>();
      expect(detail).toMatchObject({
        estado: 'nueva',
        version: 1,
        otrasAbiertas: 2,
        email: 'persona0@example.com',
        motivo: expect.any(String) as string,
      });
      const res = await post(`/api/solicitudes-adopcion/${ids[0]}/estado`, { estado: 'aprobada', version: 1 });
      expect(expectErrorShape(res, 409, 'CONFLICT').message).toContain('«Nueva» a «Aprobada»');
      expectErrorShape(await post(`/api/solicitudes-adopcion/${ids[0]}/estado`, { estado: 'nueva', version: 1 }), 409);
      expectErrorShape(await post(`/api/solicitudes-adopcion/${ids[0]}/estado`, { estado: 'perdida', version: 1 }), 400);
      expectErrorShape(await post(`/api/solicitudes-adopcion/999999/estado`, { estado: 'en_revision', version: 1 }), 404);
    });

    it('lets exactly one of two concurrent moves win; the other answers 409 and changes nothing', async () => {
      const [a, b] = await Promise.all([
        post(`/api/solicitudes-adopcion/${ids[1]}/estado`, { estado: 'en_revision', nota: 'la tomo yo', version: 1 }),
        post(`/api/solicitudes-adopcion/${ids[1]}/estado`, { estado: 'retirada', nota: 'no, yo', version: 1 }, admin),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const detail = (await get(`/api/solicitudes-adopcion/${ids[1]}`)).json<Detail>();
      expect(detail.version).toBe(2);
      expect(detail.eventos.filter((e) => e.tipo === 'estado')).toHaveLength(2);
      // A stale version after the winner also answers 409.
      expect(expectErrorShape(await post(`/api/solicitudes-adopcion/${ids[1]}/estado`, { estado: 'retirada', version: 1 }), 409).message).toMatch(
        /Otra persona/,
      );
    });

    it('keeps notes with author and time, and the history of moves', async () => {
      const noted = await post(`/api/solicitudes-adopcion/${ids[0]}/notas`, { nota: 'Llamé, no contestó' });
      expect(noted.statusCode).toBe(201);
      expectErrorShape(await post(`/api/solicitudes-adopcion/${ids[0]}/notas`, { nota: '  ' }), 400, 'VALIDATION_ERROR');
      const moved = await post(`/api/solicitudes-adopcion/${ids[0]}/estado`, { estado: 'en_revision', nota: 'Empiezo la revisión', version: 1 });
      expect(moved.statusCode, moved.body).toBe(200);
      const detail = moved.json<Detail>();
      expect(detail.eventos.map((e) => [e.tipo, e.aEstado, e.nota, e.autor?.nombre ?? null])).toEqual([
        ['estado', 'nueva', '', null],
        ['nota', null, 'Llamé, no contestó', 'Persona De Prueba'],
        ['estado', 'en_revision', 'Empiezo la revisión', 'Persona De Prueba'],
      ]);
    });

    it('approves, marks the pet adopted and closes its other open requests in one go', async () => {
      const res = await post(`/api/solicitudes-adopcion/${ids[0]}/estado`, {
        estado: 'aprobada',
        version: 2,
        marcarAdoptada: true,
        cerrarOtras: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Detail>()).toMatchObject({ estado: 'aprobada', otrasAbiertas: 0 });
      const [row] = await t.database.db.select({ adoptado: pet.adoptado, version: pet.version }).from(pet).where(eq(pet.id, petId));
      expect(row?.adoptado).toBe(true);
      const closed = (await get(`/api/solicitudes-adopcion/${ids[2]}`)).json<Detail>();
      expect(closed.estado).toBe('rechazada');
      expect(closed.eventos.at(-1)?.nota).toMatch(/Cerrada automáticamente/);
      // The withdrawn one (from the concurrent test) or the reviewed one stays as it was: only open ones close.
      const other = (await get(`/api/solicitudes-adopcion/${ids[1]}`)).json<Detail>();
      expect(['rechazada', 'retirada']).toContain(other.estado);
      expect((await get(`/api/public/mascotas/${petId}`, null)).statusCode).toBe(404);
      expectErrorShape(await post(`/api/solicitudes-adopcion/${ids[0]}/estado`, { estado: 'rechazada', version: 3 }), 409);
    });

    it('shows open requests per pet in the pet list', async () => {
      const list = (await get(`/phpApi/mascotas?q=otra`)).json<{ items: { id: number; solicitudesAbiertas: number }[] }>();
      expect(list.items.find((i) => i.id === otherPet)?.solicitudesAbiertas).toBe(1);
      const reviewed = (await get(`/phpApi/mascotas?q=revisada`)).json<{ items: { id: number; solicitudesAbiertas: number }[] }>();
      expect(reviewed.items.find((i) => i.id === petId)?.solicitudesAbiertas).toBe(0);
    });

    it('exports the filtered list as UTF-8 CSV with a BOM and formula-safe cells', async () => {
      const res = await get(`/api/solicitudes-adopcion.csv?mascotaId=${otherPet}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="solicitudes-adopcion-/);
      const bytes = res.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]!.startsWith('"Nº","Fecha","Estado","Nº de mascota","Mascota","Nombre","Correo electrónico"')).toBe(true);
      expect(lines[1]).toContain(`,"'=1+1 porque sí",`);
      expect(lines[1]).toContain(`,"'-ninguna",`);
      expect(lines[1]).toContain('"Nueva"');
      expectErrorShape(await get('/api/solicitudes-adopcion.csv', null), 401);
    });
  });
});
