import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { linkExistingJob } from './link-existing.job';
import { personExportRoutes } from './person-export';
import { type PersonsPort, createPersonsPort } from './persons.port';
import { createPersonsRepository } from './persons.repository';
import { personsRoutes } from './persons.routes';
import { type PersonsService, createPersonsService } from './persons.service';

declare module 'fastify' {
  interface FastifyInstance {
    personsService: PersonsService;
    /** What other modules may ask of persons; the modules whose tables point at persons register them on it. */
    personsPort: PersonsPort;
  }
}

/** Persons (DESIGN section 10): the port, the service, the routes and the one-off linking of what existed before persons. */
export const personsModule = fp(
  async (app: FastifyInstance) => {
    const history = app.historyPort;
    const port = createPersonsPort({ country: app.config.orgCountry, history });
    app.decorate('personsPort', port);
    app.decorate(
      'personsService',
      createPersonsService({
        repo: createPersonsRepository(app.db),
        history,
        country: app.config.orgCountry,
        events: (personaId, page, pageSize, viewer) => history.personEvents(app.db, personaId, page, pageSize, viewer),
        links: port,
        customFields: app.customFieldsPort,
      }),
    );
    app.jobs.define(linkExistingJob({ db: app.db, persons: port, log: app.log }));
    await app.register(personsRoutes);
    await app.register(personExportRoutes({ db: app.db, timeZone: app.organizationPort.timeZone }));
  },
  { name: 'persons', dependencies: ['db', 'jobs', 'access', 'history', 'organization', 'custom-fields'] },
);
