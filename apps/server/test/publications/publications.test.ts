import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pet } from '../../src/db/schema';
import { PUBLIC_URL, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

interface Item {
  id: number;
  nombre: string;
  estado: string;
  publicarEn: string | null;
  version: number;
  updatedBy: { id: string; nombre: string } | null;
}

const base = { edad: '2 años', tipo: 'Perro', genero: 'macho', tamano: 'mediano' } as const;
const inMs = (ms: number) => new Date(Date.now() + ms);

describe('publications (/api/publicaciones, /phpApi/mascota/{id}/publicacion)', () => {
  let t: TestApp;
  let staff: string;
  let staffId: string;

  beforeAll(async () => {
    t = await createTestApp();
    staffId = await t.createUser({ ...STAFF, name: 'Elena', lastname: 'Equipo' });
    staff = await t.signIn(STAFF.email, STAFF.password);
  });
  afterAll(() => t.close());

  const insertPet = async (values: Partial<typeof pet.$inferInsert> & { nombre: string }) => {
    const [row] = await t.database.db
      .insert(pet)
      .values({ ...base, updatedBy: staffId, ...values })
      .returning({ id: pet.id, version: pet.version });
    return row!;
  };
  const post = (url: string, payload: unknown, cookie: string | null = staff) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: PUBLIC_URL, ...(cookie ? { cookie } : {}) } });
  const setPublication = (id: number, body: Record<string, unknown>) => post(`/phpApi/mascota/${id}/publicacion`, body);
  const isPublic = async (id: number) => (await t.app.inject({ method: 'GET', url: `/phpApi/mascota/${id}/imagenes` })).statusCode === 200;
  const stored = async (id: number) => (await t.database.db.select().from(pet).where(eq(pet.id, id)))[0]!;

  it('answers the organisation time zone (Europe/Madrid unless ORG_TIME_ZONE says otherwise) and its contact (none set here)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/organizacion', headers: { cookie: staff } });
    expect(res.json()).toMatchObject({ zonaHoraria: 'Europe/Madrid', contacto: { nombre: null, email: null, telefono: null } });
  });

  it('lists what is not yet public, scheduled first, with who changed it last', async () => {
    const draft = await insertPet({ nombre: 'Borrador Uno' });
    const later = await insertPet({ nombre: 'Programada Tarde', estado: 'programada', publicarEn: inMs(48 * 3600_000) });
    const sooner = await insertPet({ nombre: 'Programada Pronto', estado: 'programada', publicarEn: inMs(3600_000) });
    const due = await insertPet({ nombre: 'Ya Pública', estado: 'programada', publicarEn: inMs(-1000) });
    const published = await insertPet({ nombre: 'Publicada', estado: 'publicada' });
    const deleted = await insertPet({ nombre: 'Eliminada', deletedAt: new Date() });

    const res = await t.app.inject({ method: 'GET', url: '/api/publicaciones', headers: { cookie: staff } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: Item[]; total: number }>();
    const ids = body.items.map((i) => i.id);
    expect(ids.slice(0, 3)).toEqual([sooner.id, later.id, draft.id]);
    for (const hidden of [due, published, deleted]) expect(ids).not.toContain(hidden.id);
    expect(body.total).toBe(3);
    expect(body.items[0]).toMatchObject({ nombre: 'Programada Pronto', estado: 'programada', updatedBy: { id: staffId, nombre: 'Elena Equipo' } });

    const onlyDrafts = await t.app.inject({ method: 'GET', url: '/api/publicaciones?estado=borrador', headers: { cookie: staff } });
    expect(onlyDrafts.json<{ items: Item[] }>().items.map((i) => i.id)).toEqual([draft.id]);
  });

  it('a scheduled pet becomes public at its time, with nothing running in between', async () => {
    const { id, version } = await insertPet({ nombre: 'Pronto Pública' });
    const when = inMs(1500);
    const res = await setPublication(id, { estado: 'programada', publicarEn: when.toISOString(), version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Item>()).toMatchObject({ id, estado: 'programada', publicarEn: when.toISOString(), version: version + 1 });
    expect(await isPublic(id)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, when.getTime() - Date.now()) + 50));
    expect(await isPublic(id)).toBe(true);
  });

  it('refuses a date in the past (beyond a minute of clock skew) and changes nothing', async () => {
    const { id, version } = await insertPet({ nombre: 'Fecha Pasada' });
    const res = await setPublication(id, { estado: 'programada', publicarEn: inMs(-5 * 60_000).toISOString(), version });
    const body = expectErrorShape(res, 400, 'VALIDATION_ERROR') as { fieldErrors?: Record<string, string> };
    expect(body.fieldErrors?.publicarEn).toBe('La fecha de publicación no puede estar en el pasado.');
    expect(await stored(id)).toMatchObject({ estado: 'borrador', publicarEn: null, version });

    const missing = await setPublication(id, { estado: 'programada', version });
    expect(expectErrorShape(missing, 400)).toMatchObject({ fieldErrors: { publicarEn: 'Indica la fecha y hora de publicación.' } });

    // Within the grace: accepted, and public at once.
    const skewed = await setPublication(id, { estado: 'programada', publicarEn: inMs(-30_000).toISOString(), version });
    expect(skewed.statusCode, skewed.body).toBe(200);
    expect(skewed.json<Item>().estado).toBe('publicada');
    expect(await isPublic(id)).toBe(true);
  });

  it('refuses a year past the range every stored date keeps (as the form does), one pet or many, and changes nothing', async () => {
    const { id, version } = await insertPet({ nombre: 'Año Lejano' });
    for (const publicarEn of ['9999-01-01T10:00:00Z', '3000-01-01T12:00:00+01:00']) {
      const one = await setPublication(id, { estado: 'programada', publicarEn, version });
      expect(expectErrorShape(one, 400, 'VALIDATION_ERROR'), publicarEn).toMatchObject({
        fieldErrors: { publicarEn: 'La fecha debe estar entre los años 1900 y 2999.' },
      });
      const many = await post('/api/publicaciones/lote', { accion: 'programar', publicarEn, items: [{ id, version }] });
      expectErrorShape(many, 400, 'VALIDATION_ERROR');
    }
    expect(await stored(id)).toMatchObject({ estado: 'borrador', publicarEn: null, version });
    const far = await setPublication(id, { estado: 'programada', publicarEn: '2999-12-31T10:00:00Z', version });
    expect(far.statusCode, far.body).toBe(200);
  });

  it('publishes now and withdraws to draft, clearing the date; a stale version answers 409 in Spanish', async () => {
    const { id, version } = await insertPet({ nombre: 'Ida y Vuelta', estado: 'programada', publicarEn: inMs(3600_000) });
    const published = await setPublication(id, { estado: 'publicada', publicarEn: inMs(3600_000).toISOString(), version });
    expect(published.json<Item>()).toMatchObject({ estado: 'publicada', publicarEn: null, version: version + 1 });
    expect(await isPublic(id)).toBe(true);

    const stale = await setPublication(id, { estado: 'borrador', version });
    expect(expectErrorShape(stale, 409, 'CONFLICT').message).toMatch(/^Otra persona cambió esta mascota/);
    expect(await isPublic(id)).toBe(true);

    const withdrawn = await setPublication(id, { estado: 'borrador', version: version + 1 });
    expect(withdrawn.json<Item>()).toMatchObject({ estado: 'borrador', publicarEn: null, version: version + 2 });
    expect(await isPublic(id)).toBe(false);
  });

  it('answers 404 for a pet that does not exist or was deleted, 400 for a bad body, 401 without a session', async () => {
    expectErrorShape(await setPublication(999_999, { estado: 'publicada', version: 1 }), 404, 'NOT_FOUND');
    const deleted = await insertPet({ nombre: 'Borrada', deletedAt: new Date() });
    expectErrorShape(await setPublication(deleted.id, { estado: 'publicada', version: deleted.version }), 404);
    const { id, version } = await insertPet({ nombre: 'Cuerpo Malo' });
    expectErrorShape(await setPublication(id, { estado: 'visible', version }), 400, 'VALIDATION_ERROR');
    expectErrorShape(await setPublication(id, { estado: 'programada', publicarEn: 'mañana', version }), 400);
    expectErrorShape(await post(`/phpApi/mascota/${id}/publicacion`, { estado: 'publicada', version }, null), 401);
    expect(await stored(id)).toMatchObject({ estado: 'borrador', version });
  });

  it('bulk: schedules several at once and answers per pet (a stale or missing one does not stop the others)', async () => {
    const a = await insertPet({ nombre: 'Lote A' });
    const b = await insertPet({ nombre: 'Lote B' });
    const c = await insertPet({ nombre: 'Lote C' });
    const when = inMs(24 * 3600_000).toISOString();
    const res = await post('/api/publicaciones/lote', {
      accion: 'programar',
      publicarEn: when,
      items: [
        { id: a.id, version: a.version },
        { id: b.id, version: b.version + 5 },
        { id: 999_999, version: 1 },
        { id: c.id, version: c.version },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { resultados } = res.json<{ resultados: { id: number; ok: boolean; code?: string; item?: Item }[] }>();
    expect(resultados.map((r) => [r.id, r.ok, r.code])).toEqual([
      [a.id, true, undefined],
      [b.id, false, 'CONFLICT'],
      [999_999, false, 'NOT_FOUND'],
      [c.id, true, undefined],
    ]);
    expect(resultados[0]?.item).toMatchObject({ estado: 'programada', publicarEn: when, version: a.version + 1 });
    expect(await stored(b.id)).toMatchObject({ estado: 'borrador', version: b.version });

    const publish = await post('/api/publicaciones/lote', { accion: 'publicar', items: [{ id: a.id, version: a.version + 1 }] });
    expect(publish.json<{ resultados: { ok: boolean }[] }>().resultados[0]?.ok).toBe(true);
    expect(await isPublic(a.id)).toBe(true);
  });

  it('bulk: a past or missing date refuses the whole request and changes nothing', async () => {
    const a = await insertPet({ nombre: 'Lote Pasado' });
    const past = await post('/api/publicaciones/lote', {
      accion: 'programar',
      publicarEn: inMs(-3600_000).toISOString(),
      items: [{ id: a.id, version: a.version }],
    });
    expectErrorShape(past, 400, 'VALIDATION_ERROR');
    expectErrorShape(await post('/api/publicaciones/lote', { accion: 'programar', items: [{ id: a.id, version: a.version }] }), 400);
    expectErrorShape(await post('/api/publicaciones/lote', { accion: 'publicar', items: [] }), 400);
    expect(await stored(a.id)).toMatchObject({ estado: 'borrador', version: a.version });
  });
});
