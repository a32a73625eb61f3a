import { apiErrorBodySchema, healthResponseSchema, readyResponseSchema } from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['Sistema'], summary: 'El proceso está vivo', response: { 200: healthResponseSchema } },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Sistema'],
        summary: 'El servidor puede atender: la base de datos responde',
        response: { 200: readyResponseSchema, 503: apiErrorBodySchema },
      },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        throw new AppError('SERVICE_UNAVAILABLE', { message: 'La base de datos no responde.' });
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
