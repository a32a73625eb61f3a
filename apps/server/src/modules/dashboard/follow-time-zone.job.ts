import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { TimeZoneSource } from '../organization/organization.port';
import type { TimeZoneSetting } from './dashboard.repository';

/**
 * Makes the monthly figures follow the organisation's time zone when ORG_TIME_ZONE changed since they were built
 * (and no zone was saved on "Configuración", whose save rebuilds them in its own transaction). The rebuild reads
 * every pet, so start-up only compares one setting and enqueues this job; it follows the zone as it is when it
 * runs, and two instances that enqueued it together rebuild once (the second finds the zone already followed).
 */
export function followTimeZoneJob({
  repo,
  settings,
  timeZone,
  log,
}: {
  repo: { useTimeZone(settings: TimeZoneSetting, timeZone: string): Promise<boolean> };
  settings: TimeZoneSetting;
  timeZone: TimeZoneSource;
  log: FastifyBaseLogger;
}) {
  return defineJob({
    name: 'dashboard.follow-time-zone',
    title: 'Cifras mensuales del panel en la zona horaria de la organización',
    payload: z.object({}),
    maxAttempts: 5,
    backoffMs: 10_000,
    // At 100 000 pets the rebuild takes seconds; the lease is renewed meanwhile.
    leaseMs: 120_000,
    handler: async () => {
      const zone = await timeZone();
      if (await repo.useTimeZone(settings, zone)) log.info({ timeZone: zone }, 'monthly dashboard figures rebuilt');
    },
  });
}
