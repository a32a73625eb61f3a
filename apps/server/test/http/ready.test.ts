import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_TIMEOUT_MS } from '../../src/modules/health/health.routes';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/*
 * `/api/ready` asks the database a real question (a bound parameter, its answer checked) and waits at most
 * READY_TIMEOUT_MS: a database that hangs is a 503 in Spanish, soon, while `/api/health` (the process) stays 200.
 */
describe('readiness when the database hangs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t.close());

  it('answers 503 within its timeout while every connection is held, and 200 again once they are free', async () => {
    expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // PGlite serves one statement at a time; the test pool of PostgreSQL has 4 connections: hold them all.
    const held = Array.from({ length: 4 }, () => t.database.db.transaction(() => gate));
    try {
      const started = Date.now();
      const res = await t.app.inject('/api/ready');
      const took = Date.now() - started;
      expectErrorShape(res, 503, 'SERVICE_UNAVAILABLE');
      expect(res.json<{ message: string }>().message).toBe('La base de datos no responde.');
      expect(took).toBeGreaterThanOrEqual(READY_TIMEOUT_MS - 50);
      expect(took).toBeLessThan(READY_TIMEOUT_MS + 1_500);
      // Probes that come meanwhile wait for the same question, and answer 503 as well.
      const again = await Promise.all([t.app.inject('/api/ready'), t.app.inject('/api/ready')]);
      expect(again.map((r) => r.statusCode)).toEqual([503, 503]);
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      release();
      await Promise.all(held);
    }
    expect((await t.app.inject('/api/ready')).json()).toEqual({ status: 'ok', database: 'ok' });
  }, 30_000);
});
