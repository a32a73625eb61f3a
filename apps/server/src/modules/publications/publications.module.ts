import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOrganizationSettings } from '../../lib/organization';
import { systemClock } from '../../lib/clock';
import { createPetBatchRepository } from './pet-batch.repository';
import { type PetBatchService, createPetBatchService } from './pet-batch.service';
import { createPublicationsRepository } from './publications.repository';
import { publicationsRoutes } from './publications.routes';
import { type PublicationsService, createPublicationsService } from './publications.service';

declare module 'fastify' {
  interface FastifyInstance {
    publicationsService: PublicationsService;
    petBatchService: PetBatchService;
  }
}

/** Publicaciones Programadas and the pet list's bulk actions: services built once, then the routes. */
export const publicationsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'publicationsService',
      createPublicationsService({
        repo: createPublicationsRepository(app.db),
        clock: systemClock,
        organization: createOrganizationSettings(app.config),
      }),
    );
    app.decorate('petBatchService', createPetBatchService({ repo: createPetBatchRepository(app.db), clock: systemClock }));
    await app.register(publicationsRoutes);
  },
  { name: 'publications', dependencies: ['db', 'access'] },
);
