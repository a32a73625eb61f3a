import { apiErrorBodySchema, healthResponseSchema, readyResponseSchema } from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';

/** How long `/api/ready` waits for the database's answer before it says the server cannot serve (503). */
export const READY_TIMEOUT_MS = 2_000;

/** Resolves when `work` does, rejects when it fails or takes longer than `ms`. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // One question to the database at a time: probes that come while one hangs wait for the same answer, so a
  // database that does not answer is not sent a growing queue of pings.
  let inFlight: Promise<void> | undefined;
  const ping = () => {
    inFlight ??= app.database.ping().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
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
        await within(ping(), READY_TIMEOUT_MS);
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        throw new AppError('SERVICE_UNAVAILABLE', { message: 'La base de datos no responde.' });
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
