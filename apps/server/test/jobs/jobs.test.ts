import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { job, pet } from '../../src/db/schema';
import { defineJob } from '../../src/jobs/define-job';
import { type JobQueue, createJobQueue } from '../../src/jobs/job-queue';
import { type TestApp, createTestApp } from '../helpers/helpers';

const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Parameters<typeof createJobQueue>[0]['log'];

/** A clock the test moves by hand. */
function manualClock(start = Date.now()) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('durable jobs (src/jobs)', () => {
  let t: TestApp;
  const db = () => t.app.db;
  const jobRow = async (id: number) => (await db().select().from(job).where(eq(job.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp({}, { jobPollMs: 50 });
  });
  afterAll(() => t.close());

  it('enqueued inside a transaction, a job exists only if the transaction commits', async () => {
    const queue = createJobQueue({ db: db(), log: silentLog });
    const ran: number[] = [];
    const note = queue.define(
      defineJob({ name: 'test.note', title: 'Nota', payload: z.object({ n: z.number() }), handler: async ({ n }) => void ran.push(n) }),
    );
    await expect(
      db().transaction(async (tx) => {
        await queue.enqueue(note, { n: 1 }, { tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db().transaction(async (tx) => {
      await queue.enqueue(note, { n: 2 }, { tx });
    });
    // One definition per name.
    expect(() => queue.define(defineJob({ name: 'test.note', title: 'Otra', payload: z.object({}), handler: async () => undefined }))).toThrow(
      'job test.note is defined twice',
    );
    // A payload its schema refuses is never stored.
    await expect(queue.enqueue(note, { n: 'tres' } as unknown as { n: number })).rejects.toThrow();
    expect(await queue.runDue()).toBe(1);
    expect(ran).toEqual([2]);
  });

  it('a failing job is retried after growing delays up to its limit, then stays failed; administrators see it and can retry it', async () => {
    const clock = manualClock();
    const queue = createJobQueue({ db: db(), log: silentLog, clock });
    let calls = 0;
    const flaky = queue.define(
      defineJob({
        name: 'test.flaky',
        title: 'Trabajo que falla',
        payload: z.object({}),
        maxAttempts: 3,
        backoffMs: 60_000,
        handler: async () => {
          calls++;
          throw new Error(`fallo ${calls}`);
        },
      }),
    );
    const id = (await queue.enqueue(flaky, {}))!;
    const delays: number[] = [];
    expect(await queue.runDue()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'fallo 1' });
    delays.push(row.runAt.getTime() - clock.now().getTime());
    // Not before its time.
    clock.advance(59_000);
    expect(await queue.runDue()).toBe(0);
    clock.advance(1_000);
    expect(await queue.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 2, lastError: 'fallo 2' });
    delays.push(row.runAt.getTime() - clock.now().getTime());
    clock.advance(120_000);
    expect(await queue.runDue()).toBe(1);
    expect(delays).toEqual([60_000, 120_000]);
    row = await jobRow(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, lastError: 'fallo 3' });
    // Failed for good: never run again.
    clock.advance(24 * 60 * 60 * 1000);
    expect(await queue.runDue()).toBe(0);
    expect(calls).toBe(3);

    const admin = await t.as('admin').inject({ method: 'GET', url: '/api/pendientes' });
    expect(admin.statusCode).toBe(200);
    const failed = admin.json<{ total: number; trabajosFallidos: { total: number; items: { id: number; error: string; intentos: number }[] } }>();
    expect(failed.trabajosFallidos.total).toBe(1);
    expect(failed.trabajosFallidos.items[0]).toMatchObject({ id, error: 'fallo 3', intentos: 3 });
    expect(failed.total).toBe(1);
    const staff = await t.as('staff').inject({ method: 'GET', url: '/api/pendientes' });
    expect(staff.json()).not.toHaveProperty('trabajosFallidos');
    expect(staff.json<{ total: number }>().total).toBe(0);

    expect((await t.as('staff').inject({ method: 'POST', url: `/api/trabajos/${id}/reintentar` })).statusCode).toBe(403);
    const retried = await t.as('admin').inject({ method: 'POST', url: `/api/trabajos/${id}/reintentar` });
    expect(retried.statusCode).toBe(200);
    expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 0 });
    const again = await t.as('admin').inject({ method: 'POST', url: `/api/trabajos/${id}/reintentar` });
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toBe('Ese trabajo no existe o no está fallido.');
    await db().delete(job).where(eq(job.id, id));
  });

  it('a job whose worker stopped renewing its lease is taken again by another worker once the lease ran out', async () => {
    const clock = manualClock();
    const stuck = createJobQueue({ db: db(), log: silentLog, clock });
    const healthy = createJobQueue({ db: db(), log: silentLog, clock });
    const runs: string[] = [];
    let started!: () => void;
    const startedOnce = new Promise<void>((resolve) => (started = resolve));
    const definition = (who: string, hang: boolean) =>
      defineJob({
        name: 'test.leased',
        title: 'Con plazo',
        payload: z.object({}),
        leaseMs: 30_000,
        handler: async () => {
          runs.push(who);
          if (!hang) return;
          started();
          await new Promise(() => undefined);
        },
      });
    const stuckJob = stuck.define(definition('a', true));
    healthy.define(definition('b', false));
    const id = (await stuck.enqueue(stuckJob, {}))!;
    void stuck.runDue();
    await startedOnce;
    // The lease holds while it has time left.
    expect(await healthy.runDue()).toBe(0);
    clock.advance(31_000);
    expect(await healthy.runDue()).toBe(1);
    expect(runs).toEqual(['a', 'b']);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('a scheduled job runs once per period however many instances tick', async () => {
    const clock = manualClock(Date.UTC(2030, 0, 1, 10, 0, 5));
    const ticks: string[] = [];
    const instances: JobQueue[] = [1, 2, 3].map((n) => {
      const queue = createJobQueue({ db: db(), log: silentLog, clock });
      queue.define(
        defineJob({
          name: 'test.every-minute',
          title: 'Cada minuto',
          payload: z.object({}),
          every: 60_000,
          handler: async () => void ticks.push(`${n}@${clock.now().toISOString()}`),
        }),
      );
      return queue;
    });
    for (const queue of instances) await queue.tick();
    for (const queue of instances) await queue.tick();
    expect(ticks).toHaveLength(1);
    clock.advance(60_000);
    await Promise.all(instances.map((q) => q.tick()));
    expect(ticks).toHaveLength(2);
    const keys = await db().execute(sql`SELECT unique_key FROM job WHERE name = 'test.every-minute' ORDER BY unique_key`);
    expect((keys as { rows: { unique_key: string }[] }).rows.map((r) => r.unique_key)).toEqual([
      'test.every-minute@2030-01-01T10:00:00.000Z',
      'test.every-minute@2030-01-01T10:01:00.000Z',
    ]);
  });

  it('a scheduled pet becomes `publicada` by the started worker, with no request made', async () => {
    const [row] = await db()
      .insert(pet)
      .values({
        nombre: 'Programada',
        edad: '2 años',
        tipo: 'Perro',
        genero: 'macho',
        tamano: 'mediano',
        estado: 'programada',
        publicarEn: new Date(Date.now() - 1000),
      })
      .returning();
    t.app.jobs.start();
    try {
      for (let i = 0; i < 200; i++) {
        const [now] = await db().select({ estado: pet.estado }).from(pet).where(eq(pet.id, row!.id));
        if (now?.estado === 'publicada') break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await t.app.jobs.stop();
    }
    expect((await db().select({ estado: pet.estado, version: pet.version }).from(pet).where(eq(pet.id, row!.id)))[0]).toEqual({
      estado: 'publicada',
      version: row!.version,
    });
  });
});
