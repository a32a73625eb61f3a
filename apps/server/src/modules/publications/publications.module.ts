import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock } from '../../lib/clock';
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
    const pets = app.petsPort;
    app.decorate(
      'publicationsService',
      createPublicationsService({ repo: createPublicationsRepository(app.db), db: app.db, pets, clock: systemClock }),
    );
    app.decorate('petBatchService', createPetBatchService({ pets, db: app.db, movements: app.movementsPort, clock: systemClock }));
    await app.register(publicationsRoutes);
  },
  { name: 'publications', dependencies: ['db', 'access', 'pets', 'movements'] },
);
