import { dayInZone } from '@refugio/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock } from '../../lib/clock';
import { createDashboardRepository, followTimeZone } from './dashboard.repository';
import { dashboardRoutes } from './dashboard.routes';
import { duePublicationsJob } from './due-publications.job';
import { followTimeZoneJob } from './follow-time-zone.job';
import { type DashboardService, createDashboardService } from './dashboard.service';

declare module 'fastify' {
  interface FastifyInstance {
    dashboardService: DashboardService;
  }
}

/**
 * The dashboard and the side overlay's "Pendientes" (a read model, DESIGN section 9): the service built once over
 * the counts other modules' ports give, then the routes. Registered after every module it counts.
 */
export const dashboardModule = fp(
  async (app: FastifyInstance) => {
    const { organizationPort: organization, carePort: care, personsPort: persons, fosterPortalPort: fosterPortal, followupsPort: followups } = app;
    const repo = createDashboardRepository(app.db);
    // The monthly figures follow the organisation's time zone: rebuilt by a job when ORG_TIME_ZONE changed since they
    // were built (start-up reads one setting; the rebuild reads every pet), and in the save's transaction when
    // "Configuración" changes the zone.
    const timeZone = organization.timeZone;
    const followZone = app.jobs.define(followTimeZoneJob({ repo, settings: organization, timeZone, log: app.log }));
    const zone = await timeZone();
    if (!(await repo.followsTimeZone(organization, zone))) {
      // With no pet yet (a new database) there is nothing to rebuild: the zone is stored at once, in constant time.
      if (await repo.hasNoPets()) await repo.useTimeZone(organization, zone);
      else await app.jobs.enqueue(followZone, {});
    }
    organization.onTimeZoneChange(async (tx, next) => {
      await followTimeZone(tx, organization, next);
    });
    app.jobs.define(duePublicationsJob({ pets: app.petsPort, db: app.db, clock: systemClock, log: app.log }));
    app.decorate(
      'dashboardService',
      createDashboardService({
        repo,
        clock: systemClock,
        timeZone,
        failedJobs: (limit) => app.jobs.failed(limit),
        retryJob: (id) => app.jobs.retry(id),
        careDue: (today) => care.dueCounts(app.db, today),
        failedMessages: () => app.messagesPort.failedCount(),
        duplicatePairs: () => persons.openDuplicatePairs(app.db),
        fosterNews: () => fosterPortal.pendingCount(app.db),
        followups: async () => followups.pendingCounts(app.db, dayInZone(systemClock.now(), await timeZone())),
        uncoveredShifts: (now) => app.volunteersPort.uncoveredCount(app.db, now),
      }),
    );
    await app.register(dashboardRoutes);
  },
  {
    name: 'dashboard',
    dependencies: ['db', 'jobs', 'access', 'organization', 'persons', 'pets', 'care', 'messages', 'foster-portal', 'followups', 'volunteers'],
  },
);
