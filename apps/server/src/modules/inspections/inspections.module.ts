import { INSPECTION_LIMITS } from '@refugio/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createInspectionsRepository } from './inspections.repository';
import { inspectionsRoutes } from './inspections.routes';
import { type InspectionsService, createInspectionsService } from './inspections.service';

declare module 'fastify' {
  interface FastifyInstance {
    inspections: InspectionsService;
  }
}

/** Inspection links (DESIGN section 16): the administrators' links and the inspector's read-only view of the book. */
export const inspectionsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'inspections',
      createInspectionsService({
        repo: createInspectionsRepository(app.db),
        registerBook: app.registerBookPort,
        history: app.historyPort,
        organization: app.organizationPort,
        publicUrl: app.config.publicUrl,
        linkRequests: (id) => app.budgets.linkRequest('inspeccion', id, INSPECTION_LIMITS.requestsPerHour).allowed,
      }),
    );
    await app.register(inspectionsRoutes);
  },
  { name: 'inspections', dependencies: ['db', 'access', 'budgets', 'history', 'organization', 'register-book'] },
);
