import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLostFoundRepository } from './lost-found.repository';
import { lostFoundRoutes } from './lost-found.routes';
import { type LostFoundService, createLostFoundService } from './lost-found.service';

declare module 'fastify' {
  interface FastifyInstance {
    lostFound: LostFoundService;
  }
}

/** Lost and found (DESIGN section 19): the service and its routes. */
export const lostFoundModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'lostFound',
      createLostFoundService({
        repo: createLostFoundRepository(app.db),
        history: app.historyPort,
        storage: app.storage,
        log: app.log,
        publicUrl: app.config.publicUrl,
        reach: app.reachPort,
        messages: app.messagesPort,
      }),
    );
    await app.register(lostFoundRoutes);
  },
  { name: 'lost-found', dependencies: ['db', 'storage', 'access', 'budgets', 'history', 'reach', 'messages'] },
);
