import {
  DASHBOARD_MONTHS,
  type Dashboard,
  PET_SIZES,
  PET_TYPES,
  type PendingWork,
  UPCOMING_PUBLICATION_DAYS,
  dayBoundsInZone,
  dayInZone,
  jobMessages,
  lastMonthsInZone,
} from '@refugio/contracts';
import type { FailedJob } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { TimeZoneSource } from '../organization/organization.port';
import type { DashboardRepository } from './dashboard.repository';

export interface DashboardServiceDeps {
  repo: DashboardRepository;
  clock: Clock;
  /** The organisation's time zone (the saved one, else ORG_TIME_ZONE): "this month" and "today" are its. */
  timeZone: TimeZoneSource;
  /** The job queue's failed jobs (administrators see them in "Pendientes"). */
  failedJobs: (limit: number) => Promise<{ total: number; items: FailedJob[] }>;
  /** Queues a failed job again; false when there is no failed job with that id. */
  retryJob: (id: number) => Promise<boolean>;
  /** Overdue and today's care (the care module's port), by the organisation's day. */
  careDue: (today: string) => Promise<{ vencidos: number; hoy: number }>;
  /** Messages whose e-mail ran out of attempts (`fallido`). */
  failedMessages?: () => Promise<number>;
  /** Pairs of possible duplicate persons not dismissed (the persons port). */
  duplicatePairs: () => Promise<number>;
  /** Foster news waiting for review (foster-portal port). */
  fosterNews?: () => Promise<number>;
  /** Follow-up answers asking for help and obligations past due (followups service). */
  followups?: () => Promise<{ seguimientosAyuda: number; obligacionesVencidas: number }>;
}

/** Failed jobs listed in "Pendientes". */
const FAILED_JOBS_SHOWN = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The median of a histogram of [value, count] sorted by value (the mean of the two middle values when even). */
export function histogramMedian(histogram: readonly [number, number][]): number | null {
  const total = histogram.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const valueAt = (rank: number) => {
    let seen = 0;
    for (const [value, n] of histogram) {
      seen += n;
      if (seen > rank) return value;
    }
    return histogram.at(-1)![0];
  };
  return total % 2 === 1 ? valueAt((total - 1) / 2) : (valueAt(total / 2 - 1) + valueAt(total / 2)) / 2;
}

/** The dashboard's counts and series, and the work waiting for the team (DESIGN sections 5 and 7). */
export function createDashboardService({
  repo,
  clock,
  timeZone: orgTimeZone,
  failedJobs,
  retryJob,
  careDue,
  failedMessages,
  duplicatePairs,
  fosterNews,
  followups,
}: DashboardServiceDeps) {
  return {
    async dashboard(): Promise<Dashboard> {
      const now = clock.now();
      const timeZone = await orgTimeZone();
      const months = lastMonthsInZone(now, timeZone, DASHBOARD_MONTHS);
      const [snap, care] = await Promise.all([
        repo.snapshot(now, new Date(now.getTime() + UPCOMING_PUBLICATION_DAYS * DAY_MS), `${months[0]}-01`),
        careDue(dayInZone(now, timeZone)),
      ]);
      const byMonth = new Map(snap.months.map((m) => [m.mes.slice(0, 7), m]));
      const inShelter = snap.petCounts.filter((c) => !c.adoptado);
      const sum = (rows: typeof inShelter) => rows.reduce((total, c) => total + c.n, 0);
      return {
        zonaHoraria: timeZone,
        generadoEn: now.toISOString(),
        contadores: {
          enAdopcion: sum(inShelter.filter((c) => c.estado === 'publicada')) + snap.dueNow,
          adoptadasEsteMes: byMonth.get(months.at(-1)!)?.adopciones ?? 0,
          solicitudesNuevas: snap.newRequests,
          solicitudesPublicacionPendientes: snap.pendingPublications,
          publicacionesProximas: snap.upcoming,
          cuidadosVencidos: care.vencidos,
          cuidadosHoy: care.hoy,
        },
        ingresosAdopciones: months.map((mes) => ({ mes, ingresos: byMonth.get(mes)?.ingresos ?? 0, adopciones: byMonth.get(mes)?.adopciones ?? 0 })),
        porTipo: PET_TYPES.map((tipo) => ({ tipo, total: sum(inShelter.filter((c) => c.tipo === tipo)) })),
        porTamano: PET_SIZES.map((tamano) => ({ tamano, total: sum(inShelter.filter((c) => c.tamano === tamano)) })),
        diasHastaAdopcion: { mediana: histogramMedian(snap.days), adopciones: snap.days.reduce((total, [, n]) => total + n, 0) },
      };
    },

    /** The work waiting; administrators also get the jobs that ran out of attempts (counted in the total). */
    async pending({ admin }: { admin: boolean }): Promise<PendingWork> {
      const now = clock.now();
      const timeZone = await orgTimeZone();
      const [{ newRequests, pendingPublications, dueToday }, care, failed, failedMessageCount, duplicates, news] = await Promise.all([
        repo.pending(now, dayBoundsInZone(now, timeZone).end),
        careDue(dayInZone(now, timeZone)),
        admin ? failedJobs(FAILED_JOBS_SHOWN) : undefined,
        failedMessages ? failedMessages() : 0,
        duplicatePairs(),
        fosterNews ? fosterNews() : 0,
      ]);
      const { seguimientosAyuda, obligacionesVencidas } = followups ? await followups() : { seguimientosAyuda: 0, obligacionesVencidas: 0 };
      return {
        solicitudesNuevas: newRequests,
        solicitudesPublicacionPendientes: pendingPublications,
        publicacionesHoy: dueToday,
        cuidadosVencidos: care.vencidos,
        cuidadosHoy: care.hoy,
        mensajesFallidos: failedMessageCount,
        posiblesDuplicados: duplicates,
        novedadesAcogida: news,
        seguimientosAyuda,
        obligacionesVencidas,
        total:
          newRequests +
          pendingPublications +
          dueToday +
          care.vencidos +
          care.hoy +
          failedMessageCount +
          duplicates +
          news +
          seguimientosAyuda +
          obligacionesVencidas +
          (failed?.total ?? 0),
        ...(failed && {
          trabajosFallidos: {
            total: failed.total,
            items: failed.items.map((j) => ({
              id: j.id,
              titulo: j.title,
              intentos: j.attempts,
              error: j.error,
              fallidoEn: j.failedAt.toISOString(),
            })),
          },
        }),
      };
    },

    /** An administrator's "retry" on a failed job. */
    async retryJob(id: number): Promise<{ id: number }> {
      if (!(await retryJob(id))) throw new AppError('NOT_FOUND', { message: jobMessages.notFailed });
      return { id };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
