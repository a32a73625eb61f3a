import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { organizationTimeZone } from '../../lib/organization';
import { createCarePort } from '../care/care.port';
import { type CatalogueAnswers, createCatalogueAnswers } from './catalogue.answers';
import { createCatalogueRepository } from './catalogue.repository';
import { catalogueRoutes } from './catalogue.routes';
import { type CatalogueService, createCatalogueService } from './catalogue.service';

declare module 'fastify' {
  interface FastifyInstance {
    catalogueService: CatalogueService;
    /** The public catalogue's answers as sent, cached (the routes, and the first page in /adopta's HTML). */
    catalogueAnswers: CatalogueAnswers;
  }
}

/** The public catalogue of adoptable pets (DESIGN section 7): the service and its cached answers built once, then the routes. */
export const catalogueModule = fp(
  async (app: FastifyInstance) => {
    const service = createCatalogueService({
      repo: createCatalogueRepository(app.db),
      storage: app.storage,
      care: createCarePort(app.db),
      timeZone: organizationTimeZone(app.config, app.db),
    });
    app.decorate('catalogueService', service);
    app.decorate('catalogueAnswers', createCatalogueAnswers(app.changes, service));
    await app.register(catalogueRoutes);
  },
  { name: 'catalogue', dependencies: ['db', 'changes', 'storage', 'access'] },
);
