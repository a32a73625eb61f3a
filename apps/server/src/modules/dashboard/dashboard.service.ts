import {
  DASHBOARD_MONTHS,
  type Dashboard,
  PET_SIZES,
  PET_TYPES,
  type PendingWork,
  UPCOMING_PUBLICATION_DAYS,
  dayBoundsInZone,
  lastMonthsInZone,
} from '@refugio/contracts';
import type { Clock } from '../../lib/clock';
import type { PetsPort } from '../pets/pets.port';
import type { DashboardRepository } from './dashboard.repository';

export interface DashboardServiceDeps {
  repo: DashboardRepository;
  /** The materialisation of due publications is a write to pets: through the pets port. */
  pets: Pick<PetsPort, 'materialiseDuePublications'>;
  clock: Clock;
  /** ORG_TIME_ZONE: "this month" and "today" are the organisation's. */
  timeZone: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 1000;

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
export function createDashboardService({ repo, pets, clock, timeZone }: DashboardServiceDeps) {
  return {
    async dashboard(): Promise<Dashboard> {
      const now = clock.now();
      const months = lastMonthsInZone(now, timeZone, DASHBOARD_MONTHS);
      while ((await pets.materialiseDuePublications(now, SWEEP_BATCH)) === SWEEP_BATCH);
      const snap = await repo.snapshot(now, new Date(now.getTime() + UPCOMING_PUBLICATION_DAYS * DAY_MS), `${months[0]}-01`);
      const byMonth = new Map(snap.months.map((m) => [m.mes.slice(0, 7), m]));
      const inShelter = snap.petCounts.filter((c) => !c.adoptado);
      const sum = (rows: typeof inShelter) => rows.reduce((total, c) => total + c.n, 0);
      return {
        zonaHoraria: timeZone,
        generadoEn: now.toISOString(),
        contadores: {
          enAdopcion: sum(inShelter.filter((c) => c.estado === 'publicada')),
          adoptadasEsteMes: byMonth.get(months.at(-1)!)?.adopciones ?? 0,
          solicitudesNuevas: snap.newRequests,
          solicitudesPublicacionPendientes: snap.pendingPublications,
          publicacionesProximas: snap.upcoming,
        },
        ingresosAdopciones: months.map((mes) => ({ mes, ingresos: byMonth.get(mes)?.ingresos ?? 0, adopciones: byMonth.get(mes)?.adopciones ?? 0 })),
        porTipo: PET_TYPES.map((tipo) => ({ tipo, total: sum(inShelter.filter((c) => c.tipo === tipo)) })),
        porTamano: PET_SIZES.map((tamano) => ({ tamano, total: sum(inShelter.filter((c) => c.tamano === tamano)) })),
        diasHastaAdopcion: { mediana: histogramMedian(snap.days), adopciones: snap.days.reduce((total, [, n]) => total + n, 0) },
      };
    },

    async pending(): Promise<PendingWork> {
      const now = clock.now();
      const { newRequests, pendingPublications, dueToday } = await repo.pending(now, dayBoundsInZone(now, timeZone).end);
      return {
        solicitudesNuevas: newRequests,
        solicitudesPublicacionPendientes: pendingPublications,
        publicacionesHoy: dueToday,
        total: newRequests + pendingPublications + dueToday,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
