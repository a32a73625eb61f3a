import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, volunteerMessages } from '@refugio/contracts';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { historyEvent, person, shiftSignup } from '../../src/db/schema';
import { dayIn } from '../../src/modules/movements/movements.service';
import { PUBLIC_URL, STAFF, type TestApp, createTestApp } from '../helpers/helpers';
import { openThrowawayDatabase } from '../helpers/throwaway-database';

/*
 * Two people never get the last place of a shift (DESIGN section 17): ten volunteers ask for it at once, as real
 * parallel HTTP requests alternating between two instances of the server on one database (on PostgreSQL each with
 * its own pool, as two processes would be). One gets it; nine are told "Este turno ya está completo.".
 */
describe('volunteer sign-ups at once, on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle | undefined;
  let drop: () => Promise<void> = () => Promise.resolve();
  const servers: { base: string; cookie: string }[] = [];
  let today: string;

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const opened = await openThrowawayDatabase(serverUrl, { prefix: 'refugio_test', poolSize: 12 });
      drop = opened.drop;
      const url = new URL(serverUrl);
      url.pathname = `/${opened.name}`;
      second = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 12 });
      a = await createTestApp({}, { database: opened.database });
      b = await createTestApp({}, { database: second });
    } else {
      a = await createTestApp();
      b = await createTestApp({}, { database: a.database });
    }
    const cookie = await a.as('staff').cookie();
    servers.push({ base: await a.app.listen({ port: 0, host: '127.0.0.1' }), cookie });
    servers.push({ base: await b.app.listen({ port: 0, host: '127.0.0.1' }), cookie: await b.signIn(STAFF.email, STAFF.password) });
    today = dayIn(a.config.orgTimeZone, new Date());
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await second?.close();
    await drop();
  });

  /** Request `i` goes to instance `i % 2`. */
  async function send(i: number, method: string, url: string, body?: unknown, staff = true) {
    const server = servers[i % 2]!;
    const headers: Record<string, string> = {
      origin: PUBLIC_URL,
      ...(staff && { cookie: server.cookie }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    };
    const res = await fetch(`${server.base}${url}`, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function volunteers(n: number, prefix: string): Promise<{ id: number; token: string }[]> {
    const rows = await a.database.db
      .insert(person)
      .values(Array.from({ length: n }, (_, i) => ({ nombre: `${prefix}${i}`, apellidos: 'Ruiz', roles: ['voluntario' as const] })))
      .returning();
    const out = [];
    for (const [i, row] of rows.entries()) {
      const link = await send(i, 'POST', `/api/personas/${row.id}/voluntariado/enlace`);
      expect(link.status).toBe(200);
      out.push({ id: row.id, token: String(link.body.url).split('/voluntariado/')[1]! });
    }
    return out;
  }

  async function shiftWith(plazas: number) {
    const day = addDaysToDay(today, 5);
    const res = await send(0, 'POST', '/api/turnos', { tarea: 'Paseos', inicio: `${day}T10:00:00`, fin: `${day}T12:00:00`, plazas });
    expect(res.status).toBe(201);
    return Number(res.body.id);
  }

  it('ten volunteers asking at once for the last place: one gets it, nine are told it is full', async () => {
    const turnoId = await shiftWith(2);
    const [first, ...others] = await volunteers(11, 'Ana');
    expect((await send(0, 'POST', `/api/voluntariado/${first!.token}/turnos/${turnoId}`, undefined, false)).status).toBe(200);
    const answers = await Promise.all(others.map((v, i) => send(i, 'POST', `/api/voluntariado/${v.token}/turnos/${turnoId}`, undefined, false)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(9);
    expect(refused.every((r) => r.body.message === volunteerMessages.full)).toBe(true);
    const held = await a.database.db
      .select()
      .from(shiftSignup)
      .where(and(eq(shiftSignup.turnoId, turnoId), ne(shiftSignup.estado, 'cancelado')));
    expect(held).toHaveLength(2);
    const events = await a.database.db.select().from(historyEvent).where(eq(historyEvent.entidad, 'turno_apuntado'));
    expect(events.filter((e) => (e.cambios as { turnoId?: unknown[] } | null)?.turnoId?.[1] === turnoId)).toHaveLength(2);
    const listed = await send(1, 'GET', `/api/turnos/${turnoId}`);
    expect(listed.body.libres).toBe(0);
  });

  it('one person asking ten times at once holds one place', async () => {
    const turnoId = await shiftWith(3);
    const [v] = await volunteers(1, 'Berta');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(i, 'POST', `/api/voluntariado/${v!.token}/turnos/${turnoId}`, undefined, false)),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const held = await a.database.db.select().from(shiftSignup).where(eq(shiftSignup.turnoId, turnoId));
    expect(held).toHaveLength(1);
  });
});
