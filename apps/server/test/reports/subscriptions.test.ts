import type { ReportSubscription, ReportSubscriptions } from '@refugio/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEvent, job, message, reportSubscription } from '../../src/db/schema';
import { STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { startSmtpServer } from '../helpers/smtp-test-server';
import { YEAR, seedYear } from './reports-support';

/*
 * The monthly e-mail of a report (DESIGN section 16): subscribing and leaving with their history, and the month's
 * report sent once through the durable jobs however many instances schedule and run it, and however many times.
 */

describe('monthly report subscriptions', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let a: TestApp;
  let b: TestApp;
  const url = (clave: string) => `/api/informes/${clave}/suscripcion`;
  const subscribe = (clave: string, role: 'admin' | 'staff' = 'staff', payload: Record<string, unknown> = { periodicidad: 'mensual' }) =>
    a.as(role).inject({ method: 'POST', url: url(clave), payload });
  const runBoth = async () => {
    for (let i = 0; i < 5; i++) {
      const ran = await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
      if (ran[0] + ran[1] === 0) return;
    }
  };
  const mails = () => smtp.received.filter((m) => m.to.includes(STAFF.email));
  const events = (id: number) =>
    a.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'suscripcion_informe'), eq(historyEvent.entidadId, String(id))));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Refugio Patitas <no-responder@patitas.example>' };
    a = await createTestApp(env);
    b = await createTestApp(env, { database: a.database, storage: a.app.storage });
    await seedYear(a);
    // Seeding a year through the API takes a while on a loaded machine.
  }, 120_000);
  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.close();
  });

  it('subscribes once (201, then 200), lists mine, and unsubscribes (204, then 404), each change in the history', async () => {
    const first = await subscribe('devoluciones');
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json<ReportSubscription>();
    expect(created).toMatchObject({ clave: 'devoluciones', periodicidad: 'mensual' });
    expect(created.enviadoHasta).toMatch(/^\d{4}-\d{2}$/);
    const again = await subscribe('devoluciones');
    expect(again.statusCode).toBe(200);
    expect(again.json<ReportSubscription>().id).toBe(created.id);
    const mine = (await a.as('staff').inject({ method: 'GET', url: '/api/informes/suscripciones' })).json<ReportSubscriptions>();
    expect(mine.items.map((s) => s.clave)).toEqual(['devoluciones']);
    const theirs = (await a.as('admin').inject({ method: 'GET', url: '/api/informes/suscripciones' })).json<ReportSubscriptions>();
    expect(theirs.items).toEqual([]);
    const gone = await a.as('staff').inject({ method: 'DELETE', url: url('devoluciones') });
    expect(gone.statusCode).toBe(204);
    expectErrorShape(await a.as('staff').inject({ method: 'DELETE', url: url('devoluciones') }), 404, 'NOT_FOUND');
    expect((await events(created.id)).map((e) => e.accion).sort()).toEqual(['crear', 'eliminar']);
  });

  it('refuses an unknown report (404), the money report to the team (403) and another periodicity (400)', async () => {
    expectErrorShape(await subscribe('no-existe'), 404, 'NOT_FOUND');
    expectErrorShape(await subscribe('donativos'), 403, 'FORBIDDEN');
    const weekly = await subscribe('devoluciones', 'staff', { periodicidad: 'semanal' });
    expectErrorShape(weekly, 400, 'VALIDATION_ERROR');
    expect(weekly.json<{ fieldErrors: Record<string, string> }>().fieldErrors.periodicidad).toContain('mensual');
    expect((await subscribe('donativos', 'admin')).statusCode).toBe(201);
    expect(await a.database.db.select().from(reportSubscription).where(eq(reportSubscription.clave, 'devoluciones'))).toEqual([]);
  });

  it('e-mails the previous month once, however many instances schedule and run it, and however many times', async () => {
    expect(a.app.reportsService.monthlyJob.every).toBeGreaterThan(0);
    const created = (await subscribe('entradas-salidas')).json<ReportSubscription>();
    // As if subscribed in January: February's report is due at the beginning of March.
    await a.database.db
      .update(reportSubscription)
      .set({ enviadoHasta: `${YEAR}-01` })
      .where(eq(reportSubscription.id, created.id));
    const march = new Date(`${YEAR}-03-05T10:00:00Z`);
    await Promise.all([a.app.reportsService.scheduleMonth(march), b.app.reportsService.scheduleMonth(march)]);
    await Promise.all([a.app.reportsService.scheduleMonth(march), b.app.reportsService.scheduleMonth(march)]);
    await runBoth();
    expect(mails()).toHaveLength(1);
    const mail = mails()[0]!;
    expect(mail.subject).toContain('Entradas y salidas');
    expect(mail.subject).toContain(`01/02/${YEAR} al 28/02/${YEAR}`);
    expect(mail.text).toContain('- Entradas: 2');
    expect(mail.text).toContain('- Adopciones: 1');
    expect(mail.text).toContain(`/informes?clave=entradas-salidas&desde=${YEAR}-02-01&hasta=${YEAR}-02-28`);
    const [row] = await a.database.db.select().from(reportSubscription).where(eq(reportSubscription.id, created.id));
    expect(row!.enviadoHasta).toBe(`${YEAR}-02`);
    // Scheduled again the same month: nothing is behind. The jobs forgotten and the send asked again: still once.
    expect(await a.app.reportsService.scheduleMonth(march)).toBe(0);
    await a.database.db.delete(job);
    expect(await b.app.reportsService.sendOne(created.id, `${YEAR}-02`)).toBe(false);
    await runBoth();
    expect(mails()).toHaveLength(1);
    expect((await events(created.id)).map((e) => e.accion).sort()).toEqual(['crear', 'enviar']);
    const messages = await a.database.db.select().from(message).where(eq(message.relacionEntidad, 'suscripcion_informe'));
    expect(messages).toHaveLength(1);
    // The next month goes in April.
    await Promise.all([
      a.app.reportsService.scheduleMonth(new Date(`${YEAR}-04-02T10:00:00Z`)),
      b.app.reportsService.scheduleMonth(new Date(`${YEAR}-04-02T10:00:00Z`)),
    ]);
    await runBoth();
    expect(mails()).toHaveLength(2);
    expect(mails()[1]!.text).toContain('- Adopciones: 1');
  });
});
