import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { historyPort, personEvents } from '../history/history.port';
import { linkExistingJob } from './link-existing.job';
import { createPersonsPort } from './persons.port';
import { createPersonsRepository } from './persons.repository';
import { personsRoutes } from './persons.routes';
import { type PersonsService, createPersonsService } from './persons.service';

declare module 'fastify' {
  interface FastifyInstance {
    personsService: PersonsService;
  }
}

/** Persons (DESIGN section 10): the service, the routes and the one-off linking of what existed before persons. */
export const personsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'personsService',
      createPersonsService({
        repo: createPersonsRepository(app.db),
        history: historyPort,
        country: app.config.orgCountry,
        events: (personaId, page, pageSize) => personEvents(app.db, personaId, page, pageSize),
      }),
    );
    app.jobs.define(linkExistingJob({ db: app.db, persons: createPersonsPort(app.config.orgCountry), log: app.log }));
    await app.register(personsRoutes);
  },
  { name: 'persons', dependencies: ['db', 'jobs', 'access'] },
);
