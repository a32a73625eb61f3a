import { organizationTimeZone } from '../../lib/organization';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { historyPort } from '../history/history.port';
import { createMovementsPort } from '../movements/movements.port';
import { createPersonsPort, registerPersonLinks } from '../persons/persons.port';
import { createPetsPort } from '../pets/pets.port';
import { createAdoptionRequestsRepository } from './adoption-requests.repository';
import { adoptionRequestsRoutes } from './adoption-requests.routes';
import { type AdoptionRequestsService, createAdoptionRequestsService } from './adoption-requests.service';
import { adoptionRequestPersonLinks } from './person-links';
import { publicAdoptionRoutes } from './public.routes';

declare module 'fastify' {
  interface FastifyInstance {
    adoptionRequestsService: AdoptionRequestsService;
  }
}

/** Adoption requests: the public application and the staff's review; the service built once, then both route sets. */
export const adoptionRequestsModule = fp(
  async (app: FastifyInstance) => {
    const pets = createPetsPort(app.db);
    app.decorate(
      'adoptionRequestsService',
      createAdoptionRequestsService({
        repo: createAdoptionRequestsRepository(app.db),
        pets,
        movements: createMovementsPort(organizationTimeZone(app.config, app.db)),
        history: historyPort,
        persons: createPersonsPort(app.config.orgCountry),
        isPublicPet: (id) => pets.isPublicNow(id),
        timeZone: organizationTimeZone(app.config, app.db),
        messages: app.messages,
      }),
    );
    registerPersonLinks(adoptionRequestPersonLinks);
    await app.register(publicAdoptionRoutes);
    await app.register(adoptionRequestsRoutes);
  },
  { name: 'adoption-requests', dependencies: ['db', 'access', 'messages'] },
);
