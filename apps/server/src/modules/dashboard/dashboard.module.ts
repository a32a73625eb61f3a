import { dayInZone } from '@refugio/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock } from '../../lib/clock';
import { createDashboardRepository, followTimeZone } from './dashboard.repository';
import { dashboardRoutes } from './dashboard.routes';
import { duePublicationsJob } from './due-publications.job';
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
    // The monthly figures follow the organisation's time zone: rebuilt here when ORG_TIME_ZONE changed since the
    // last start (and nothing was saved on "Configuración"), and in the save's transaction when it changes the zone.
    const timeZone = organization.timeZone;
    const zone = await timeZone();
    if (await repo.useTimeZone(organization, zone)) app.log.info({ timeZone: zone }, 'monthly dashboard figures rebuilt');
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
