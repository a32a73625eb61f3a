import { UNCOVERED_SHIFT_HOURS } from '@refugio/contracts';
import type { Database } from '../../db/client';
import type { TimeZoneSource } from '../organization/organization.port';
import { wallTimeToInstant } from '@refugio/contracts';
import { minutesToHours } from './volunteers.service';
import { createVolunteersRepository } from './volunteers.repository';

/*
 * What other modules may ask of the volunteers module: the shifts uncovered soon ("Pendientes") and a year's
 * volunteers with their hours (the annual report). Built once (volunteers.module.ts); each read runs on the handle given.
 */

export interface YearVolunteer {
  personaId: number;
  nombre: string;
  /** Hours of attended shifts that started in the year (organisation's zone). */
  horas: number;
  turnos: number;
}

export function createVolunteersPort(timeZone: TimeZoneSource) {
  return {
    /** Shifts starting within 48 hours of `now` with free places. */
    uncoveredCount: (executor: Database, now: Date): Promise<number> =>
      createVolunteersRepository(executor).uncoveredCount(now, new Date(now.getTime() + UNCOVERED_SHIFT_HOURS * 60 * 60 * 1000)),

    /** The people who attended at least one shift in `anio`, with their hours, by name. */
    async yearVolunteers(executor: Database, anio: number): Promise<YearVolunteer[]> {
      const zone = await timeZone(executor);
      const from = wallTimeToInstant(`${anio}-01-01 00:00`, zone)!;
      const to = wallTimeToInstant(`${anio + 1}-01-01 00:00`, zone)!;
      const rows = await createVolunteersRepository(executor).attendanceTotals(from, to);
      return rows.map((r) => ({
        personaId: r.personaId,
        nombre: `${r.nombre} ${r.apellidos}`.trim(),
        horas: minutesToHours(r.minutos),
        turnos: r.turnos,
      }));
    },
  };
}

export type VolunteersPort = ReturnType<typeof createVolunteersPort>;
