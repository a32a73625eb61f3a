import {
  DASHBOARD_MONTHS,
  GIFT_CONCEPTS,
  RETURNED_DEBIT_PENDING_DAYS,
  type Dashboard,
  type DashboardMoney,
  PET_SIZES,
  PET_TYPES,
  PENDING_WORK_CAPABILITIES,
  type PendingWork,
  type PendingWorkKind,
  type Asker,
  can,
  UPCOMING_PUBLICATION_DAYS,
  dayBoundsInZone,
  dayInZone,
  centsToEuros,
  jobMessages,
  lastMonthsInZone,
} from '@refugio/contracts';
import type { FailedJob } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { TimeZoneSource } from '../organization/organization.port';
import type { DashboardRepository, MoneySnapshot } from './dashboard.repository';

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
  /** Volunteer shifts starting within 48 hours with free places (volunteers port). */
  uncoveredShifts?: (now: Date) => Promise<number>;
}

/** The kinds of "Pendientes" that are a plain count. */
type CountKind = Exclude<PendingWorkKind, 'donantesSinNif' | 'trabajosFallidos'>;

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

/** The month of `day` ('YYYY-MM-DD') as [its first day, the next month's first day), and 'YYYY-MM'. */
export function monthOf(day: string): { mes: string; from: string; until: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { mes: day.slice(0, 7), from: `${day.slice(0, 7)}-01`, until: `${next}-01` };
}

/**
 * The year whose donors without NIF "Pendientes" lists: the previous one, only in January (`today` is the
 * organisation's day), when the certificates and the modelo 182 are due; null in any other month.
 */
export function donorYearToCheck(today: string): number | null {
  return today.slice(5, 7) === '01' ? Number(today.slice(0, 4)) - 1 : null;
}

function toMoney(mes: string, snap: MoneySnapshot): DashboardMoney {
  const byConcept = new Map(snap.income.map((r) => [r.concepto, r.cents]));
  const ingresosMes = GIFT_CONCEPTS.map((concepto) => {
    const importeCentimos = byConcept.get(concepto) ?? 0;
    return { concepto, importe: centsToEuros(importeCentimos), importeCentimos };
  });
  const total = ingresosMes.reduce((sum, r) => sum + r.importeCentimos, 0);
  return {
    sociosActivos: snap.members,
    padrinosActivos: snap.sponsors,
    mes,
    ingresosMes,
    ingresosMesTotal: centsToEuros(total),
    ingresosMesTotalCentimos: total,
    bajasMes: snap.leaves,
  };
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
  uncoveredShifts,
}: DashboardServiceDeps) {
  return {
    /** The counts and series; the money figures only for an administrator (`admin`): the team sees no money. */
    async dashboard({ admin }: { admin: boolean }): Promise<Dashboard> {
      const now = clock.now();
      const timeZone = await orgTimeZone();
      const months = lastMonthsInZone(now, timeZone, DASHBOARD_MONTHS);
      const thisMonth = monthOf(dayInZone(now, timeZone));
      const [snap, care, money] = await Promise.all([
        repo.snapshot(now, new Date(now.getTime() + UPCOMING_PUBLICATION_DAYS * DAY_MS), `${months[0]}-01`),
        careDue(dayInZone(now, timeZone)),
        admin ? repo.money(thisMonth.from, thisMonth.until, dayInZone(now, timeZone)) : undefined,
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
        ...(money && { dinero: toMoney(thisMonth.mes, money) }),
      };
    },

    /**
     * The work waiting, for `role`: only the kinds whose list the role may open (PENDING_WORK_CAPABILITIES), each
     * left out of the answer and of `total` otherwise, so the header badge equals the rows shown. The roles with
     * money also get the returned direct debits not handled and, in January, the previous year's donors without
     * NIF; administrators the jobs that ran out of attempts.
     */
    async pending({ role }: { role: Asker }): Promise<PendingWork> {
      const may = (kind: PendingWorkKind) => can(role, PENDING_WORK_CAPABILITIES[kind]);
      const now = clock.now();
      const timeZone = await orgTimeZone();
      const today = dayInZone(now, timeZone);
      const donorYear = donorYearToCheck(today);
      const money = may('devolucionesPendientes') || may('donantesSinNif');
      const followupKinds = may('seguimientosAyuda') || may('obligacionesVencidas');
      const [pets, care, failed, failedMessageCount, duplicates, news, owed, follow, shifts] = await Promise.all([
        may('solicitudesNuevas') || may('solicitudesPublicacionPendientes') || may('publicacionesHoy')
          ? repo.pending(now, dayBoundsInZone(now, timeZone).end)
          : undefined,
        may('cuidadosVencidos') || may('cuidadosHoy') ? careDue(today) : undefined,
        may('trabajosFallidos') ? failedJobs(FAILED_JOBS_SHOWN) : undefined,
        may('mensajesFallidos') ? (failedMessages?.() ?? 0) : undefined,
        may('posiblesDuplicados') ? duplicatePairs() : undefined,
        may('novedadesAcogida') ? (fosterNews?.() ?? 0) : undefined,
        money ? repo.pendingMoney(new Date(now.getTime() - RETURNED_DEBIT_PENDING_DAYS * DAY_MS), donorYear) : undefined,
        followupKinds ? (followups?.() ?? { seguimientosAyuda: 0, obligacionesVencidas: 0 }) : undefined,
        may('turnosSinCubrir') ? (uncoveredShifts?.(now) ?? 0) : undefined,
      ]);
      const counts: Partial<Record<CountKind, number>> = {
        solicitudesNuevas: pets?.newRequests,
        solicitudesPublicacionPendientes: pets?.pendingPublications,
        publicacionesHoy: pets?.dueToday,
        cuidadosVencidos: care?.vencidos,
        cuidadosHoy: care?.hoy,
        mensajesFallidos: failedMessageCount,
        posiblesDuplicados: duplicates,
        novedadesAcogida: news,
        seguimientosAyuda: follow?.seguimientosAyuda,
        turnosSinCubrir: shifts,
        obligacionesVencidas: follow?.obligacionesVencidas,
        devolucionesPendientes: owed?.returned,
      };
      const shown: Partial<Record<CountKind, number>> = {};
      for (const [kind, n] of Object.entries(counts) as [CountKind, number | undefined][]) if (n !== undefined && may(kind)) shown[kind] = n;
      const donors = owed && donorYear !== null && may('donantesSinNif') ? { anio: donorYear, total: owed.donorsWithoutNif ?? 0 } : undefined;
      const total = Object.values(shown).reduce((sum, n) => sum + n, 0) + (donors?.total ?? 0) + (failed?.total ?? 0);
      return {
        ...shown,
        total,
        ...(donors && { donantesSinNif: donors }),
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
