import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { organizationTimeZone } from '../../lib/organization';
import { createCarePort } from '../care/care.port';
import { createCatalogueRepository } from './catalogue.repository';
import { catalogueRoutes } from './catalogue.routes';
import { type CatalogueService, createCatalogueService } from './catalogue.service';

declare module 'fastify' {
  interface FastifyInstance {
    catalogueService: CatalogueService;
  }
}

/** The public catalogue of adoptable pets (DESIGN section 7): the service built once, then the routes. */
export const catalogueModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'catalogueService',
      createCatalogueService({
        repo: createCatalogueRepository(app.db),
        storage: app.storage,
        care: createCarePort(app.db),
        timeZone: organizationTimeZone(app.config, app.db),
      }),
    );
    await app.register(catalogueRoutes);
  },
  { name: 'catalogue', dependencies: ['db', 'changes', 'storage', 'access'] },
);
