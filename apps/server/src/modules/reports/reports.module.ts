import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReportsRepository } from './reports.repository';
import { reportsRoutes } from './reports.routes';
import { type ReportsService, createReportsService } from './reports.service';
import { createSubscriptionsRepository } from './subscriptions.repository';

declare module 'fastify' {
  interface FastifyInstance {
    reportsService: ReportsService;
  }
}

/**
 * The annual report ("memoria") and the ready reports ("informes") with their monthly e-mail (DESIGN section 16): a
 * read model over the movements', pets', care, donations' and volunteers' shifts' tables, which it never writes; its own table holds who
 * receives which report. Registered after the modules it reads.
 */
export const reportsModule = fp(
  async (app: FastifyInstance) => {
    const service = createReportsService({
      repo: createReportsRepository(app.db, () => app.organizationPort.timeZone()),
      subscriptions: createSubscriptionsRepository(app.db),
      organization: app.organizationPort,
      messages: app.messagesPort,
      history: app.historyPort,
      enqueue: (job, payload, options) => app.jobs.enqueue(job, payload, options),
      publicUrl: app.config.publicUrl,
      log: app.log,
    });
    app.jobs.define(service.sendJob);
    app.jobs.define(service.monthlyJob);
    app.decorate('reportsService', service);
    await app.register(reportsRoutes);
  },
  {
    name: 'reports',
    dependencies: ['db', 'jobs', 'access', 'history', 'organization', 'messages', 'movements', 'care', 'donations', 'volunteers'],
  },
);
