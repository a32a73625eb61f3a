import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AdoptionRequestsPort, createAdoptionRequestsPort } from './adoption-requests.port';
import { createAdoptionRequestsRepository } from './adoption-requests.repository';
import { adoptionRequestsRoutes } from './adoption-requests.routes';
import { type AdoptionRequestsService, createAdoptionRequestsService } from './adoption-requests.service';
import { adoptionRequestPersonLinks } from './person-links';
import { publicAdoptionRoutes } from './public.routes';

declare module 'fastify' {
  interface FastifyInstance {
    adoptionRequestsService: AdoptionRequestsService;
    /** What a contract or a follow-up asks of an application (its facts and its contact). */
    adoptionRequestsPort: AdoptionRequestsPort;
  }
}

/**
 * Adoption requests: the public application and the staff's review; the service built once, then both route sets.
 * A pet marked adopted from the list with "close its requests" closes them here, in that change's transaction
 * (after the movements module opened the adoption: it subscribed first).
 */
export const adoptionRequestsModule = fp(
  async (app: FastifyInstance) => {
    const { historyPort: history, personsPort: persons, petsPort: pets, movementsPort: movements } = app;
    app.decorate('adoptionRequestsPort', createAdoptionRequestsPort(app.config.orgCountry));
    const service = createAdoptionRequestsService({
      repo: createAdoptionRequestsRepository(app.db),
      pets,
      movements,
      history,
      persons,
      isPublicPet: (id) => pets.isPublicNow(app.db, id),
      timeZone: app.organizationPort.timeZone,
      messages: app.messagesPort,
    });
    app.decorate('adoptionRequestsService', service);
    pets.onAdoptedChange(async (tx, change, actor) => {
      if (change.adoptado && change.cerrarSolicitudes) await service.closeOpenOfAdoptedPet(tx, change.petId, actor);
    });
    persons.registerLinks(adoptionRequestPersonLinks(history));
    await app.register(publicAdoptionRoutes);
    await app.register(adoptionRequestsRoutes);
  },
  { name: 'adoption-requests', dependencies: ['db', 'access', 'history', 'organization', 'persons', 'pets', 'movements', 'messages'] },
);
