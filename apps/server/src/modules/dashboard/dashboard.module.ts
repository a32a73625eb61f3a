import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createFosterPortalPort } from '../foster-portal/foster-portal.port';
import { systemClock } from '../../lib/clock';
import { organizationTimeZone } from '../../lib/organization';
import { createCarePort } from '../care/care.port';
import { openDuplicatePairs } from '../persons/persons.port';
import { createPetsPort } from '../pets/pets.port';
import { createDashboardRepository } from './dashboard.repository';
import { dashboardRoutes } from './dashboard.routes';
import { duePublicationsJob } from './due-publications.job';
import { type DashboardService, createDashboardService } from './dashboard.service';

declare module 'fastify' {
  interface FastifyInstance {
    dashboardService: DashboardService;
  }
}

/** The dashboard and the side overlay's "Pendientes": the service built once, then the routes. */
export const dashboardModule = fp(
  async (app: FastifyInstance) => {
    const repo = createDashboardRepository(app.db);
    const care = createCarePort(app.db);
    // The monthly figures follow the organisation's time zone: rebuilt here when ORG_TIME_ZONE changed since the
    // last start (and nothing was saved on "Configuración"), and by the save itself when it changes the zone.
    const timeZone = organizationTimeZone(app.config, app.db);
    const zone = await timeZone();
    if (await repo.useTimeZone(zone)) app.log.info({ timeZone: zone }, 'monthly dashboard figures rebuilt');
    app.jobs.define(duePublicationsJob({ pets: createPetsPort(app.db), clock: systemClock, log: app.log }));
    app.decorate(
      'dashboardService',
      createDashboardService({
        repo,
        clock: systemClock,
        timeZone,
        failedJobs: (limit) => app.jobs.failed(limit),
        retryJob: (id) => app.jobs.retry(id),
        careDue: (today) => care.dueCounts(today),
        failedMessages: () => app.messages.failedCount(),
        duplicatePairs: () => openDuplicatePairs(app.db),
        fosterNews: () => createFosterPortalPort(app.db).pendingCount(),
        followups: () => app.followups.pendingCounts(),
      }),
    );
    await app.register(dashboardRoutes);
  },
  { name: 'dashboard', dependencies: ['db', 'jobs', 'access', 'messages', 'followups'] },
);
