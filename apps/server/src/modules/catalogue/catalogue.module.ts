import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CatalogueAnswers, createCatalogueAnswers } from './catalogue.answers';
import { createCatalogueRepository } from './catalogue.repository';
import { catalogueRoutes } from './catalogue.routes';
import { type CatalogueService, createCatalogueService } from './catalogue.service';

declare module 'fastify' {
  interface FastifyInstance {
    catalogueService: CatalogueService;
    /** The public catalogue's answers as sent, cached (the routes, and the first page in /adopta's HTML). */
    catalogueAnswers: CatalogueAnswers;
    /** The first page of the catalogue as sent (the /adopta page embeds it). */
    cataloguePort: Pick<CatalogueAnswers, 'firstPageJson'>;
  }
}

/** The public catalogue of adoptable pets (DESIGN section 7): the service and its cached answers built once, then the routes. */
export const catalogueModule = fp(
  async (app: FastifyInstance) => {
    const service = createCatalogueService({
      repo: createCatalogueRepository(app.db),
      db: app.db,
      storage: app.storage,
      care: app.carePort,
      timeZone: app.organizationPort.timeZone,
      customFields: app.customFieldsPort,
    });
    app.decorate('catalogueService', service);
    const answers = createCatalogueAnswers(app.changes, service);
    app.decorate('catalogueAnswers', answers);
    app.decorate('cataloguePort', { firstPageJson: () => answers.firstPageJson() });
    await app.register(catalogueRoutes);
  },
  { name: 'catalogue', dependencies: ['db', 'changes', 'storage', 'access', 'organization', 'care', 'custom-fields'] },
);
