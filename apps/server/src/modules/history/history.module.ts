import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { organizationTimeZone } from '../../lib/organization';
import { createHistoryRepository } from './history.repository';
import { historyRoutes } from './history.routes';
import { type HistoryService, createHistoryService } from './history.service';

declare module 'fastify' {
  interface FastifyInstance {
    historyService: HistoryService;
  }
}

/** Reading the history (writing it is the other modules' work, through history.port.ts). */
export const historyModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'historyService',
      createHistoryService({
        repo: createHistoryRepository(app.db),
        timeZone: organizationTimeZone(app.config, app.db),
        db: app.db,
      }),
    );
    await app.register(historyRoutes);
  },
  { name: 'history', dependencies: ['db', 'access'] },
);
