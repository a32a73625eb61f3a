import { apiErrorBodySchema, dashboardSchema, pendingWorkSchema } from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../../lib/clock';
import { createDashboardRepository } from './dashboard.repository';
import { createDashboardService } from './dashboard.service';

const staff = { access: 'staff' as const };
const tags = ['Panel'];
const errors = { 401: apiErrorBodySchema, 403: apiErrorBodySchema };

/** The dashboard and the side overlay's "Pendientes". */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createDashboardRepository(app.db);
  // The monthly figures follow ORG_TIME_ZONE: rebuilt here, once, when it changed since the last start.
  if (await repo.useTimeZone(app.config.orgTimeZone)) app.log.info({ timeZone: app.config.orgTimeZone }, 'monthly dashboard figures rebuilt');
  const service = createDashboardService({ repo, clock: systemClock, timeZone: app.config.orgTimeZone });

  app.get(
    '/api/dashboard',
    {
      config: staff,
      schema: { tags, summary: 'Cifras y series del panel de control', response: { 200: dashboardSchema, ...errors } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.dashboard();
    },
  );

  app.get(
    '/api/pendientes',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Trabajo pendiente: solicitudes nuevas, solicitudes de publicación y publicaciones de hoy',
        response: { 200: pendingWorkSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.pending();
    },
  );
};
