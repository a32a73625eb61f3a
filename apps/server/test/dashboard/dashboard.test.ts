import { dayBoundsInZone, dayInZone, instantToWallTime, lastMonthsInZone } from '@refugio/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptionRequest, pet, petAdoptionDays, petCount, petMonth, publicationRequest } from '../../src/db/schema';
import { createDashboardRepository } from '../../src/modules/dashboard/dashboard.repository';
import { snapshotOf } from '../helpers/backup-support';
import { PUBLIC_URL, STAFF, type TestApp, createTestApp } from '../helpers/helpers';

const TZ = 'Europe/Madrid';
const DAY = 24 * 3600_000;
const base = { edad: '3 años', tipo: 'Perro', genero: 'hembra', tamano: 'grande', estado: 'publicada' } as const;
const ago = (ms: number) => new Date(Date.now() - ms);
const wall = (date: Date) => instantToWallTime(date, TZ);

interface DashboardBody {
  contadores: Record<string, number>;
  ingresosAdopciones: { mes: string; ingresos: number; adopciones: number }[];
  porTipo: { tipo: string; total: number }[];
  porTamano: { tamano: string; total: number }[];
  diasHastaAdopcion: { mediana: number | null; adopciones: number };
}

const request = {
  nombre: 'Ana',
  email: 'ana@example.com',
  telefono: '600000000',
  edad: 30,
  ciudad: 'Madrid',
  direccion: 'Calle Mayor 1',
  vivienda: 'casa',
  viviendaPropia: true,
  patio: false,
  personasEnCasa: 2,
  ninosEnCasa: 0,
  horasSolo: 4,
  aceptaVisita: true,
  aceptaPrivacidad: true,
} as const;

const submission = {
  nombre: 'Toby',
  edad: '1 año',
  tipo: 'Perro',
  genero: 'macho',
  tamano: 'chico',
  contactoNombre: 'Rescatista',
  contactoEmail: 'r@example.com',
} as const;

describe('dashboard (/api/dashboard) and pending work (/api/pendientes)', () => {
  let t: TestApp;
  let staff: string;
  const db = () => t.database.db;
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: staff } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const insert = async (values: Partial<typeof pet.$inferInsert> & { nombre: string }) =>
    (
      await db()
        .insert(pet)
        .values({ ...base, ...values })
        .returning()
    )[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(STAFF);
    staff = await t.signIn(STAFF.email, STAFF.password);
  });
  afterAll(() => t.close());

  it('counts, series and medians match seeded data with known answers', async () => {
    const empty = await get<DashboardBody>('/api/dashboard');
    expect(empty.contadores).toEqual({
      enAdopcion: 0,
      adoptadasEsteMes: 0,
      solicitudesNuevas: 0,
      solicitudesPublicacionPendientes: 0,
      publicacionesProximas: 0,
      cuidadosVencidos: 0,
      cuidadosHoy: 0,
    });
    expect(empty.ingresosAdopciones).toHaveLength(12);
    expect(empty.diasHastaAdopcion).toEqual({ mediana: null, adopciones: 0 });

    // In adoption: A (published) and B (scheduled, time passed). C is due in 2 days, D in 10, J in a minute.
    const a = await insert({ nombre: 'A', fechaIngreso: '2018-01-01 00:00:00' });
    const b = await insert({ nombre: 'B', tipo: 'Gato', tamano: 'chico', estado: 'programada', publicarEn: ago(3600_000) });
    await insert({ nombre: 'C', tipo: 'Gato', tamano: 'chico', estado: 'programada', publicarEn: ago(-2 * DAY) });
    await insert({ nombre: 'D', tamano: 'mediano', estado: 'programada', publicarEn: ago(-10 * DAY) });
    await insert({ nombre: 'E', tipo: 'Conejo', tamano: 'chico', estado: 'borrador' });
    const jAt = ago(-60_000);
    await insert({ nombre: 'J', tipo: 'Conejo', tamano: 'mediano', estado: 'programada', publicarEn: jAt });
    // Adopted now (trigger time) after 30 days in the shelter; adopted 400 days ago (outside the 12 months).
    const fIntake = ago(30.5 * DAY);
    await insert({ nombre: 'F', adoptado: true, fechaIngreso: wall(fIntake) });
    await insert({ nombre: 'G', adoptado: true, adoptadoEn: ago(400 * DAY), fechaIngreso: wall(ago(500 * DAY)) });
    // Deleted: counted nowhere.
    await insert({ nombre: 'H', fechaIngreso: wall(ago(5 * DAY)), deletedAt: new Date() });
    // Adopted through the pets API (the trigger stamps adoptado_en whatever path marks it).
    const iIntake = ago(10.5 * DAY);
    const i = await insert({ nombre: 'I', tamano: 'chico', fechaIngreso: wall(iIntake) });
    const adopt = await t.app.inject({
      method: 'POST',
      url: `/phpApi/mascota/${i.id}/adopcion`,
      headers: { cookie: staff, origin: PUBLIC_URL },
      payload: { adoptado: '1', version: i.version },
    });
    expect(adopt.statusCode, adopt.body).toBe(200);

    const requestIds: number[] = [];
    for (const estado of ['nueva', 'nueva', 'nueva', 'en_revision', 'rechazada']) {
      const [row] = await db()
        .insert(adoptionRequest)
        .values({ ...request, petId: a.id, estado })
        .returning({ id: adoptionRequest.id });
      requestIds.push(row!.id);
    }
    const firstRequest = requestIds[0]!;
    for (const estado of ['pendiente', 'pendiente', 'rechazada'])
      await db()
        .insert(publicationRequest)
        .values({ ...submission, estado });

    const body = await get<DashboardBody>('/api/dashboard');
    expect(body.contadores).toEqual({
      enAdopcion: 2,
      adoptadasEsteMes: 2,
      solicitudesNuevas: 3,
      solicitudesPublicacionPendientes: 2,
      publicacionesProximas: 2,
      cuidadosVencidos: 0,
      cuidadosHoy: 0,
    });
    expect(body.porTipo).toEqual([
      { tipo: 'Perro', total: 2 },
      { tipo: 'Gato', total: 2 },
      { tipo: 'Conejo', total: 2 },
    ]);
    expect(body.porTamano).toEqual([
      { tamano: 'chico', total: 3 },
      { tamano: 'mediano', total: 2 },
      { tamano: 'grande', total: 1 },
    ]);

    const months = lastMonthsInZone(new Date(), TZ, 12);
    const expectedIntakes = new Map<string, number>();
    for (const d of [fIntake, iIntake])
      expectedIntakes.set(dayInZone(d, TZ).slice(0, 7), (expectedIntakes.get(dayInZone(d, TZ).slice(0, 7)) ?? 0) + 1);
    expect(body.ingresosAdopciones).toEqual(
      months.map((mes) => ({ mes, ingresos: expectedIntakes.get(mes) ?? 0, adopciones: mes === months[11] ? 2 : 0 })),
    );
    // The dashboard wrote nothing: B, already public by query, is counted but still `programada`.
    expect((await db().select().from(pet).where(eq(pet.id, b.id)))[0]).toMatchObject({ estado: 'programada', version: b.version });
    // The publication job writes B's state, without touching its version or last change; the counts stay.
    await t.app.jobs.tick();
    const [bAfter] = await db().select().from(pet).where(eq(pet.id, b.id));
    expect(bAfter).toMatchObject({ estado: 'publicada', version: b.version, updatedAt: b.updatedAt });
    expect((await get<DashboardBody>('/api/dashboard')).contadores).toMatchObject({ enAdopcion: 2, publicacionesProximas: 2 });
    // Median of 30 and 10 whole days.
    expect(body.diasHastaAdopcion).toEqual({ mediana: 20, adopciones: 2 });

    // A request moved on leaves the count.
    await db().update(adoptionRequest).set({ estado: 'en_revision' }).where(eq(adoptionRequest.id, firstRequest));
    expect((await get<DashboardBody>('/api/dashboard')).contadores.solicitudesNuevas).toBe(2);

    const pending = await get<Record<string, number>>('/api/pendientes');
    const jToday = jAt < dayBoundsInZone(new Date(), TZ).end ? 1 : 0;
    expect(pending).toEqual({
      solicitudesNuevas: 2,
      solicitudesPublicacionPendientes: 2,
      publicacionesHoy: jToday,
      cuidadosVencidos: 0,
      cuidadosHoy: 0,
      mensajesFallidos: 0,
      posiblesDuplicados: 0,
      novedadesAcogida: 0,
      seguimientosAyuda: 0,
      obligacionesVencidas: 0,
      turnosSinCubrir: 0,
      total: 4 + jToday,
    });
  });

  it('GET /api/dashboard and GET /api/pendientes write nothing, even with a scheduled pet already due', async () => {
    await insert({ nombre: 'Debida', estado: 'programada', publicarEn: ago(60_000) });
    await t.app.budgets.flush();
    const tables = async () => {
      return (await snapshotOf(db(), t.app.storage)).tables;
    };
    const before = await tables();
    for (const url of ['/api/dashboard', '/api/pendientes']) expect((await t.app.inject({ url, headers: { cookie: staff } })).statusCode).toBe(200);
    await t.app.budgets.flush();
    const after = await tables();
    // The request budgets count every request (their own table); nothing else changes.
    delete before.request_budget;
    delete after.request_budget;
    expect(after).toEqual(before);
  });

  it('adoptado_en follows adoptado: set when it becomes true, kept while true, cleared when false', async () => {
    const row = await insert({ nombre: 'K' });
    expect(row.adoptadoEn).toBeNull();
    await db().update(pet).set({ adoptado: true }).where(eq(pet.id, row.id));
    const adopted = (await db().select().from(pet).where(eq(pet.id, row.id)))[0]!;
    expect(adopted.adoptadoEn).toBeInstanceOf(Date);
    await db().update(pet).set({ nombre: 'K2' }).where(eq(pet.id, row.id));
    expect((await db().select().from(pet).where(eq(pet.id, row.id)))[0]!.adoptadoEn).toEqual(adopted.adoptadoEn);
    await db().update(pet).set({ adoptado: false }).where(eq(pet.id, row.id));
    expect((await db().select().from(pet).where(eq(pet.id, row.id)))[0]!.adoptadoEn).toBeNull();
  });

  it('the monthly figures the triggers keep equal a rebuild from the pets; a new time zone rebuilds them', async () => {
    const repo = createDashboardRepository(db());
    const snapshot = async () => ({
      months: (await db().select().from(petMonth).orderBy(petMonth.mes)).filter((m) => m.ingresos !== 0 || m.adopciones !== 0),
      days: (await db().select().from(petAdoptionDays).orderBy(petAdoptionDays.mes, petAdoptionDays.dias)).filter((d) => d.n !== 0),
    });
    const y = await insert({ nombre: 'Y2', fechaIngreso: wall(ago(3 * DAY)) });
    await db().update(pet).set({ adoptado: true }).where(eq(pet.id, y.id));
    await db()
      .update(pet)
      .set({ fechaIngreso: wall(ago(50.5 * DAY)) })
      .where(eq(pet.id, y.id));
    await db().update(pet).set({ deletedAt: new Date() }).where(eq(pet.id, y.id));
    const maintained = await snapshot();
    expect(await repo.useTimeZone(t.app.organizationPort, TZ)).toBe(false);
    expect(await repo.useTimeZone(t.app.organizationPort, 'UTC')).toBe(true);
    expect(await repo.useTimeZone(t.app.organizationPort, TZ)).toBe(true);
    expect(await snapshot()).toEqual(maintained);
  });

  it('the maintained pet_count always equals counting the live pets', async () => {
    const x = await insert({ nombre: 'X', tipo: 'Gato' });
    const y = await insert({ nombre: 'Y', tipo: 'Conejo', estado: 'borrador' });
    await db().update(pet).set({ tipo: 'Perro', tamano: 'chico' }).where(eq(pet.id, x.id));
    await db().update(pet).set({ deletedAt: new Date() }).where(eq(pet.id, y.id));
    await db().update(pet).set({ estado: 'publicada', adoptado: true }).where(eq(pet.id, y.id));
    await db().update(pet).set({ deletedAt: null }).where(eq(pet.id, y.id));
    await db().delete(pet).where(eq(pet.id, x.id));

    const key = (r: { tipo: string; tamano: string; estado: string; adoptado: boolean; n: number }) =>
      `${r.tipo}|${r.tamano}|${r.estado}|${r.adoptado}|${r.n}`;
    const maintained = (
      await db()
        .select()
        .from(petCount)
        .where(sql`${petCount.n} > 0`)
    )
      .map(key)
      .sort();
    const counted = (
      await db()
        .select({ tipo: pet.tipo, tamano: pet.tamano, estado: pet.estado, adoptado: pet.adoptado, n: sql<number>`count(*)::int` })
        .from(pet)
        .where(sql`${pet.deletedAt} IS NULL`)
        .groupBy(pet.tipo, pet.tamano, pet.estado, pet.adoptado)
    )
      .map(key)
      .sort();
    expect(maintained).toEqual(counted);
  });
});
