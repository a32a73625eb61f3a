import {
  DASHBOARD_MONTHS,
  type Dashboard,
  PET_SIZES,
  PET_TYPES,
  type PendingWork,
  UPCOMING_PUBLICATION_DAYS,
  dayBoundsInZone,
  lastMonthsInZone,
  monthStartInZone,
  wallTimeToInstant,
} from '@refugio/contracts';
import type { Clock } from '../../lib/clock';
import type { DashboardRepository } from './dashboard.repository';

export interface DashboardServiceDeps {
  repo: DashboardRepository;
  clock: Clock;
  /** ORG_TIME_ZONE: "this month" and "today" are the organisation's. */
  timeZone: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dashboard's counts and series, and the work waiting for the team (DESIGN sections 5 and 7). */
export function createDashboardService({ repo, clock, timeZone }: DashboardServiceDeps) {
  return {
    async dashboard(): Promise<Dashboard> {
      const now = clock.now();
      const months = lastMonthsInZone(now, timeZone, DASHBOARD_MONTHS);
      const firstMonth = `${months[0]}-01 00:00:00`;
      const firstMonthStart = wallTimeToInstant(firstMonth, timeZone) ?? now;
      // One after the other: PGlite has a single connection, and on PostgreSQL each of these is a few ms.
      const petCounts = await repo.petCounts();
      const scheduled = await repo.scheduledCounts(now, new Date(now.getTime() + UPCOMING_PUBLICATION_DAYS * DAY_MS));
      const adoptedThisMonth = await repo.adoptedSince(monthStartInZone(now, timeZone));
      const newRequests = await repo.newAdoptionRequests();
      const pendingPublications = await repo.pendingPublicationRequests();
      const intakes = new Map((await repo.intakesByMonth(firstMonth)).map((m) => [m.mes, m.n]));
      const adoptions = await repo.adoptionsByMonth(firstMonthStart, timeZone);
      const adoptionsByMonth = new Map(adoptions.months.map((m) => [m.mes, m.n]));

      const inShelter = petCounts.filter((c) => !c.adoptado);
      const publishedAvailable = inShelter.filter((c) => c.estado === 'publicada').reduce((sum, c) => sum + c.n, 0);
      return {
        zonaHoraria: timeZone,
        generadoEn: now.toISOString(),
        contadores: {
          enAdopcion: publishedAvailable + scheduled.due,
          adoptadasEsteMes: adoptedThisMonth,
          solicitudesNuevas: newRequests,
          solicitudesPublicacionPendientes: pendingPublications,
          publicacionesProximas: scheduled.upcoming,
        },
        ingresosAdopciones: months.map((mes) => ({ mes, ingresos: intakes.get(mes) ?? 0, adopciones: adoptionsByMonth.get(mes) ?? 0 })),
        porTipo: PET_TYPES.map((tipo) => ({ tipo, total: inShelter.filter((c) => c.tipo === tipo).reduce((sum, c) => sum + c.n, 0) })),
        porTamano: PET_SIZES.map((tamano) => ({
          tamano,
          total: inShelter.filter((c) => c.tamano === tamano).reduce((sum, c) => sum + c.n, 0),
        })),
        diasHastaAdopcion: {
          mediana: adoptions.medianDays === null ? null : Math.round(adoptions.medianDays * 10) / 10,
          adopciones: adoptions.measured,
        },
      };
    },

    async pending(): Promise<PendingWork> {
      const now = clock.now();
      const solicitudesNuevas = await repo.newAdoptionRequests();
      const solicitudesPublicacionPendientes = await repo.pendingPublicationRequests();
      const publicacionesHoy = await repo.scheduledBetween(now, dayBoundsInZone(now, timeZone).end);
      return {
        solicitudesNuevas,
        solicitudesPublicacionPendientes,
        publicacionesHoy,
        total: solicitudesNuevas + solicitudesPublicacionPendientes + publicacionesHoy,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
