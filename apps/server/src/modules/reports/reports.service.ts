import {
  ADMIN_REPORT_KEYS,
  can,
  type Memoria,
  type Report,
  type ReportKey,
  type ReportList,
  type ReportSubscription,
  type ReportSubscriptions,
  type SessionUser,
  dayInZone,
  formatCents,
  formatDay,
  monthRange,
  previousMonth,
  reportMessages,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type JobDefinition, defineJob } from '../../jobs/define-job';
import type { EnqueueOptions } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { type HistoryPort, systemActor, userActor } from '../history/history.port';
import type { MessagesPort } from '../messages/messages.port';
import type { OrganizationPort } from '../organization/organization.port';
import { buildReport, isReportKey, reportInfos } from './informes';
import { createMemoriaService } from './memoria.service';
import type { DayRange, ReportsRepository } from './reports.repository';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository';

/*
 * The annual report, the ready reports and their monthly e-mail (DESIGN section 16). Reads never write; a
 * subscription is the reports module's own row. The monthly job looks, every hour, for subscriptions whose last
 * month sent is behind the month before the current one (in the organisation's zone) and queues one send per
 * subscription and month; the send writes the message and moves the row on under its lock, so a month is sent once
 * however many workers or runs there are.
 */

const HOUR_MS = 60 * 60 * 1000;

export interface ReportsDeps {
  repo: ReportsRepository;
  subscriptions: SubscriptionsRepository;
  organization: Pick<OrganizationPort, 'get' | 'timeZone'>;
  messages: Pick<MessagesPort, 'send'>;
  history: Pick<HistoryPort, 'record'>;
  enqueue: (job: JobDefinition<SendPayload>, payload: SendPayload, options: EnqueueOptions) => Promise<unknown>;
  publicUrl: string;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

interface SendPayload {
  id: number;
  mes: string;
}

/** Money reports: the roles that handle money. */
const isAdmin = (user: Pick<SessionUser, 'role' | 'capacidades'>) => can(user, 'dinero');

function toSubscription(row: SubscriptionRow): ReportSubscription {
  return {
    id: row.id,
    clave: row.clave as ReportKey,
    periodicidad: 'mensual',
    enviadoHasta: row.enviadoHasta,
    creadaEn: row.createdAt.toISOString(),
  };
}

/** The report key a user may read, or the 404 (unknown) or 403 (money, not an administrator). */
function allowedKey(user: Pick<SessionUser, 'role'>, clave: string): ReportKey {
  if (!isReportKey(clave)) throw new AppError('NOT_FOUND', { message: reportMessages.unknownReport });
  if (ADMIN_REPORT_KEYS.includes(clave) && !isAdmin(user)) throw new AppError('FORBIDDEN', { message: reportMessages.adminOnly });
  return clave;
}

/** The e-mail of a report: its totals as text and the link to see it whole (the recipient signs in). */
export function reportEmail(report: Report, link: string): { asunto: string; cuerpo: string } {
  const figures = report.totales.map((t) => {
    const value = t.valor === null ? '—' : t.tipo === 'dinero' ? formatCents(t.valor) : String(t.valor).replace('.', ',');
    return `- ${t.titulo}: ${value}`;
  });
  return {
    asunto: `Informe «${report.titulo}»: del ${formatDay(report.desde)} al ${formatDay(report.hasta)}`,
    cuerpo: [
      `Este es el informe «${report.titulo}» del ${formatDay(report.desde)} al ${formatDay(report.hasta)}.`,
      '',
      ...figures,
      ...(report.nota ? ['', report.nota] : []),
      '',
      `Puedes verlo completo y descargarlo en Excel en ${link}`,
      '',
      'Recibes este correo porque te suscribiste a este informe mensual. Puedes darte de baja en la misma pantalla.',
    ].join('\n'),
  };
}

export function createReportsService(deps: ReportsDeps) {
  const { repo, subscriptions, organization, messages, history, enqueue, publicUrl, log, clock = () => new Date() } = deps;
  const memorias = createMemoriaService({ repo, organization, clock });
  const currentMonth = async (now: Date) => dayInZone(now, await organization.timeZone()).slice(0, 7);

  const sendJob = defineJob({
    name: 'reports.send-subscription',
    title: 'Envío mensual de un informe',
    payload: z.object({ id: z.number().int().positive(), mes: z.string().regex(/^\d{4}-\d{2}$/) }),
    maxAttempts: 5,
    backoffMs: 5 * 60_000,
    handler: async ({ id, mes }) => {
      await sendOne(id, mes);
    },
  });

  const monthlyJob = defineJob({
    name: 'reports.monthly-subscriptions',
    title: 'Programación de los informes mensuales',
    payload: z.object({}),
    every: HOUR_MS,
    maxAttempts: 3,
    backoffMs: 5 * 60_000,
    handler: async (_payload, { now }) => {
      await scheduleMonth(now);
    },
  });

  /** Queues the previous month's report of every subscription still behind it (one job per subscription and month). */
  async function scheduleMonth(now: Date = clock()): Promise<number> {
    const mes = previousMonth(await currentMonth(now));
    const due = await subscriptions.behind(mes);
    for (const row of due) await enqueue(sendJob, { id: row.id, mes }, { uniqueKey: `reports.send-subscription:${row.id}:${mes}` });
    return due.length;
  }

  /** Sends month `mes` of one subscription, unless it was sent already, the user left or may no longer read it. */
  async function sendOne(id: number, mes: string): Promise<boolean> {
    const row = await subscriptions.find(id);
    if (!row || (row.enviadoHasta !== null && row.enviadoHasta >= mes)) return false;
    const subscriber = await subscriptions.subscriber(row.userId);
    const clave = row.clave as ReportKey;
    const allowed = subscriber?.activo && isReportKey(clave) && (!ADMIN_REPORT_KEYS.includes(clave) || can(subscriber, 'dinero'));
    const report = allowed ? await buildReport(repo, clave, monthRange(mes), clock(), dayInZone(clock(), await organization.timeZone())) : null;
    return subscriptions.transaction(async (tx) => {
      const locked = await tx.find(id, { forUpdate: true });
      if (!locked || (locked.enviadoHasta !== null && locked.enviadoHasta >= mes)) return false;
      let mensajeId: number | null = null;
      if (report && subscriber) {
        const link = `${publicUrl}/informes?clave=${encodeURIComponent(clave)}&desde=${report.desde}&hasta=${report.hasta}`;
        const result = await messages.send(tx.handle, {
          para: { nombre: subscriber.nombre, email: subscriber.email },
          canal: 'email',
          texto: reportEmail(report, link),
          relacion: { entidad: 'suscripcion_informe', id },
        });
        mensajeId = result?.mensaje.id ?? null;
      } else {
        log.info({ subscription: id }, 'monthly report not sent: the user is disabled or may no longer read it');
      }
      await tx.markSent(id, mes);
      await history.record(tx.handle, {
        actor: systemActor,
        entidad: 'suscripcion_informe',
        entidadId: id,
        accion: 'enviar',
        cambios: { enviadoHasta: [locked.enviadoHasta, mes], mensajeId: [null, mensajeId] },
      });
      return mensajeId !== null;
    });
  }

  return {
    sendJob,
    monthlyJob,
    scheduleMonth,
    sendOne,

    /** `GET /api/memoria`: the income only for administrators. */
    memoria(user: Pick<SessionUser, 'role'>, anio: number): Promise<Memoria> {
      return memorias.memoria(anio, isAdmin(user));
    },

    listReports(user: Pick<SessionUser, 'role'>): ReportList {
      return { items: reportInfos(isAdmin(user)) };
    },

    async report(user: Pick<SessionUser, 'role'>, clave: string, range: DayRange): Promise<Report> {
      const key = allowedKey(user, clave);
      return buildReport(repo, key, range, clock(), dayInZone(clock(), await organization.timeZone()));
    },

    async mySubscriptions(user: Pick<SessionUser, 'id'>): Promise<ReportSubscriptions> {
      return { items: (await subscriptions.ofUser(user.id)).map(toSubscription) };
    },

    /** Subscribes the user (201), or answers the subscription they have already (200, nothing written). */
    async subscribe(user: SessionUser, clave: string): Promise<{ created: boolean; subscription: ReportSubscription }> {
      const key = allowedKey(user, clave);
      const since = previousMonth(await currentMonth(clock()));
      return subscriptions.transaction(async (tx) => {
        const row = await tx.insert(user.id, key, since);
        if (!row) return { created: false, subscription: toSubscription((await tx.byUserAndKey(user.id, key))!) };
        await history.record(tx.handle, {
          actor: userActor(user),
          entidad: 'suscripcion_informe',
          entidadId: row.id,
          accion: 'crear',
          cambios: { clave: [null, key], periodicidad: [null, 'mensual'], usuarioId: [null, user.id] },
        });
        return { created: true, subscription: toSubscription(row) };
      });
    },

    async unsubscribe(user: SessionUser, clave: string): Promise<void> {
      if (!isReportKey(clave)) throw new AppError('NOT_FOUND', { message: reportMessages.unknownReport });
      await subscriptions.transaction(async (tx) => {
        const row = await tx.byUserAndKey(user.id, clave);
        if (!row || !(await tx.remove(row.id))) throw new AppError('NOT_FOUND', { message: reportMessages.notSubscribed });
        await history.record(tx.handle, {
          actor: userActor(user),
          entidad: 'suscripcion_informe',
          entidadId: row.id,
          accion: 'eliminar',
          cambios: { clave: [clave, null], periodicidad: ['mensual', null], usuarioId: [user.id, null] },
        });
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
