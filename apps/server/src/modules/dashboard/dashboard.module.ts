import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock } from '../../lib/clock';
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
    // The monthly figures follow ORG_TIME_ZONE: rebuilt here, once, when it changed since the last start.
    if (await repo.useTimeZone(app.config.orgTimeZone)) app.log.info({ timeZone: app.config.orgTimeZone }, 'monthly dashboard figures rebuilt');
    app.jobs.define(duePublicationsJob({ pets: createPetsPort(app.db), clock: systemClock, log: app.log }));
    app.decorate(
      'dashboardService',
      createDashboardService({
        repo,
        clock: systemClock,
        timeZone: app.config.orgTimeZone,
        failedJobs: (limit) => app.jobs.failed(limit),
        retryJob: (id) => app.jobs.retry(id),
      }),
    );
    await app.register(dashboardRoutes);
  },
  { name: 'dashboard', dependencies: ['db', 'jobs', 'access'] },
);
