import { DEWORMED_WITHIN_DAYS, type ListHistoryResponse, type PublicPet, addDaysToDay } from '@refugio/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careRecord, historyEvent, job, orgSetting, pet, petMonth } from '../../src/db/schema';
import { ADMIN, STAFF, type TestApp, createTestApp } from '../helpers/helpers';
import { multipart, petFields } from '../helpers/media';

/*
 * The organisation's time zone saved on "Configuración" is the one the server's day computations use, not only
 * ORG_TIME_ZONE. 2026-03-05 23:30 UTC is 6 March (00:30) in Madrid and still 5 March (17:30) in Mexico City.
 */
/** "Configuración" saved by an administrator with another time zone. */
async function saveZone(app: TestApp, zonaHoraria: string, version: number): Promise<void> {
  const res = await app.as('admin').inject({
    method: 'PUT',
    url: '/api/organizacion',
    payload: { nombre: 'Refugio Patitas', email: null, telefono: null, direccion: null, web: null, zonaHoraria, version },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a saved time zone is the organisation’s time zone', () => {
  let t: TestApp;
  const at = new Date('2026-03-05T23:30:00.000Z');
  beforeAll(async () => {
    t = await createTestApp({ ORG_TIME_ZONE: 'Europe/Madrid', ORG_NAME: 'Refugio Patitas' });
    await t.createUser(ADMIN);
    await t.createUser(STAFF);
  });
  afterAll(() => t.close());

  it("filters the history by the saved zone's days and dates the exports in it", async () => {
    await t.database.db.insert(historyEvent).values({ en: at, actorTipo: 'sistema', entidad: 'mascota', entidadId: '987654', accion: 'crear' });
    const [row] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Zoe', edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', estado: 'borrador', createdAt: at })
      .returning();
    await t.app.changes.caughtUp();
    const onThe5th = async () =>
      (
        await t.as('admin').inject({ method: 'GET', url: '/api/auditoria?desde=2026-03-05&hasta=2026-03-05&entidad=mascota&entidadId=987654' })
      ).json<ListHistoryResponse>().total;
    const exported = async () => {
      const csv = await t.as('staff').inject({ method: 'GET', url: '/api/mascotas.csv?q=zoe' });
      expect(csv.statusCode, csv.body).toBe(200);
      return csv.body;
    };

    expect(await onThe5th()).toBe(0);
    expect(await exported()).toContain('2026-03-06 00:30');

    await saveZone(t, 'America/Mexico_City', 0);
    expect(await onThe5th()).toBe(1);
    expect(await exported()).toContain('2026-03-05 17:30');

    await t.database.db.delete(pet).where(eq(pet.id, row!.id));
  });

  it("takes the today of care, a pet's identity and its movements from the saved zone: a done date that is only today far east is refused until that zone is saved", async () => {
    // Kiritimati (UTC+14) is always at least a day ahead of Pago Pago (UTC-11).
    const app = await createTestApp({ ORG_TIME_ZONE: 'Pacific/Pago_Pago', ORG_NAME: 'Refugio Patitas' });
    try {
      await app.createUser(ADMIN);
      await app.createUser(STAFF);
      const [zoe] = await app.database.db
        .insert(pet)
        .values({ nombre: 'Zoe', edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', estado: 'borrador' })
        .returning();
      const eastToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
      const done = () =>
        app.as('staff').inject({
          method: 'POST',
          url: `/api/mascotas/${zoe!.id}/salud`,
          payload: { tipo: 'vacuna', nombre: 'Rabia', fechaRealizada: eastToday },
        });
      const born = () => {
        const body = multipart(petFields({ nombre: 'Nube', fechaNacimiento: eastToday }));
        return app.as('staff').inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: body.payload, headers: body.headers });
      };
      expect((await done()).statusCode).toBe(400);
      expect((await born()).statusCode).toBe(400);
      const moved = () =>
        app.as('staff').inject({
          method: 'POST',
          url: `/api/mascotas/${zoe!.id}/movimientos`,
          payload: { tipo: 'ingreso', fecha: eastToday, version: zoe!.version },
        });
      expect((await moved()).statusCode).toBe(400);
      await saveZone(app, 'Pacific/Kiritimati', 0);
      const accepted = await done();
      expect(accepted.statusCode, accepted.body).toBe(201);
      const created = await born();
      expect(created.statusCode, created.body).toBeLessThan(300);
      const movement = await moved();
      expect(movement.statusCode, movement.body).toBeLessThan(300);
    } finally {
      await app.close();
    }
  });

  it("counts the public catalogue's dewormed days from the saved zone's today", async () => {
    const app = await createTestApp({ ORG_TIME_ZONE: 'Pacific/Pago_Pago', ORG_NAME: 'Refugio Patitas' });
    try {
      await app.createUser(ADMIN);
      const [luna] = await app.database.db
        .insert(pet)
        .values({ nombre: 'Luna', edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', estado: 'publicada', imagenPrincipal: 'a.jpg' })
        .returning();
      // The last day of the window far west: outside it in Kiritimati, where today is at least a day later.
      const westToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Pago_Pago' }).format(new Date());
      await app.database.db.insert(careRecord).values({
        petId: luna!.id,
        tipo: 'desparasitacion_interna',
        nombre: 'Drontal',
        fechaRealizada: addDaysToDay(westToday, -DEWORMED_WITHIN_DAYS),
      });
      await app.app.changes.caughtUp();
      const dewormed = async () =>
        (await app.app.inject({ method: 'GET', url: `/api/public/mascotas/${luna!.id}` })).json<PublicPet>().salud.desparasitado;
      const listed = async () =>
        (await app.app.inject({ method: 'GET', url: '/api/public/mascotas?q=Luna' })).json<{ items: PublicPet[] }>().items[0]!.salud.desparasitado;
      expect(await dewormed()).toBe(true);
      expect(await listed()).toBe(true);
      await saveZone(app, 'Pacific/Kiritimati', 0);
      expect(await dewormed()).toBe(false);
      expect(await listed()).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('gives the dashboard its zone, its monthly figures rebuilt in it by the save itself', async () => {
    const app = await createTestApp({ ORG_TIME_ZONE: 'Europe/Madrid', ORG_NAME: 'Refugio Patitas' });
    try {
      await app.createUser(ADMIN);
      const zoneOf = async () => (await app.as('admin').inject({ method: 'GET', url: '/api/dashboard' })).json<{ zonaHoraria: string }>().zonaHoraria;
      const builtIn = async () => (await app.database.db.select().from(orgSetting).where(eq(orgSetting.clave, 'zona_horaria')))[0]?.valor;
      expect(await zoneOf()).toBe('Europe/Madrid');
      expect(await builtIn()).toBe('Europe/Madrid');
      await saveZone(app, 'America/Mexico_City', 0);
      expect(await zoneOf()).toBe('America/Mexico_City');
      expect(await builtIn()).toBe('America/Mexico_City');
      expect((await app.as('admin').inject({ method: 'GET', url: '/api/pendientes' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('rebuilds the monthly figures in a job when ORG_TIME_ZONE changed, never during start-up (the rebuild reads every pet)', async () => {
    const first = await createTestApp({ ORG_TIME_ZONE: 'Europe/Madrid', ORG_NAME: 'Refugio Patitas' });
    const second: TestApp[] = [];
    try {
      const { db } = first.database;
      const builtIn = async () => (await db.select().from(orgSetting).where(eq(orgSetting.clave, 'zona_horaria')))[0]?.valor;
      const followJobs = async () => (await db.select().from(job).where(eq(job.name, 'dashboard.follow-time-zone'))).map((j) => j.state);
      // A new database: the zone is stored during start-up (nothing to rebuild), no job.
      expect(await builtIn()).toBe('Europe/Madrid');
      expect(await followJobs()).toEqual([]);
      const body = multipart(petFields({ nombre: 'Luna' }));
      const created = await first.as('staff').inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: body.payload, headers: body.headers });
      expect(created.statusCode, created.body).toBe(200);
      // A row no pet explains: a rebuild from the pets removes it, so its presence tells whether one ran.
      await db.insert(petMonth).values({ mes: '1999-01-01', ingresos: 7, adopciones: 0 });
      const stray = async () => (await db.select().from(petMonth).where(eq(petMonth.mes, '1999-01-01'))).length;

      // The same zone at the next start: nothing to do, nothing enqueued.
      second.push(await createTestApp({ ORG_TIME_ZONE: 'Europe/Madrid', ORG_NAME: 'Refugio Patitas' }, { database: first.database }));
      expect(await followJobs()).toEqual([]);

      // Another zone: start-up answers without rebuilding; the job does it.
      const mexico = await createTestApp({ ORG_TIME_ZONE: 'America/Mexico_City', ORG_NAME: 'Refugio Patitas' }, { database: first.database });
      second.push(mexico);
      expect(await builtIn()).toBe('Europe/Madrid');
      expect(await stray()).toBe(1);
      expect(await followJobs()).toEqual(['queued']);
      await mexico.app.jobs.runDue();
      expect(await builtIn()).toBe('America/Mexico_City');
      expect(await stray()).toBe(0);
      expect(await followJobs()).toEqual(['done']);
    } finally {
      for (const app of second) await app.close();
      await first.close();
    }
  });
});
