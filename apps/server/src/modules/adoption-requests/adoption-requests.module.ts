import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdoptionRequestsRepository } from './adoption-requests.repository';
import { adoptionRequestsRoutes } from './adoption-requests.routes';
import { type AdoptionRequestsService, createAdoptionRequestsService } from './adoption-requests.service';
import { createCatalogueRepository } from './catalogue.repository';
import { type CatalogueService, createCatalogueService } from './catalogue.service';
import { publicAdoptionRoutes } from './public.routes';

declare module 'fastify' {
  interface FastifyInstance {
    catalogueService: CatalogueService;
    adoptionRequestsService: AdoptionRequestsService;
  }
}

/** Adoption: the public catalogue and application, and the staff's review of requests; services built once, then both route sets. */
export const adoptionRequestsModule = fp(
  async (app: FastifyInstance) => {
    const catalogue = createCatalogueService({ repo: createCatalogueRepository(app.db), storage: app.storage });
    app.decorate('catalogueService', catalogue);
    app.decorate(
      'adoptionRequestsService',
      createAdoptionRequestsService({
        repo: createAdoptionRequestsRepository(app.db),
        isPublicPet: (id) => catalogue.isPublic(id),
        timeZone: app.config.orgTimeZone,
      }),
    );
    await app.register(publicAdoptionRoutes);
    await app.register(adoptionRequestsRoutes);
  },
  { name: 'adoption-requests', dependencies: ['db', 'changes', 'storage', 'access'] },
);
