import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type HistoryPort, createHistoryPort } from './history.port';
import { createRelatedHistory } from './history.related';
import { createHistoryRepository } from './history.repository';
import { historyRoutes } from './history.routes';
import { type HistoryService, createHistoryService } from './history.service';

declare module 'fastify' {
  interface FastifyInstance {
    historyService: HistoryService;
    /** Every module writes its events through this port (in its own transaction); registered first. */
    historyPort: HistoryPort;
  }
}

/**
 * The history's port, built once before every module (they write their events through it, and register which of
 * their records belong in a pet's or a person's history). Reading it is `historyModule`, registered later.
 */
export const historyPortPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('historyPort', createHistoryPort(createRelatedHistory()));
  },
  { name: 'history', dependencies: ['db'] },
);

/** Reading the history (`/api/auditoria`, a pet's and a person's): the service over the port's registry, then the routes. */
export const historyModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'historyService',
      createHistoryService({
        repo: createHistoryRepository(app.db),
        timeZone: app.organizationPort.timeZone,
        db: app.db,
        related: app.historyPort,
      }),
    );
    await app.register(historyRoutes);
  },
  { name: 'history-routes', dependencies: ['db', 'access', 'history', 'organization'] },
);
