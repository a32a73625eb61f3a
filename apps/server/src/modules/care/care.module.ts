import { organizationTimeZone } from '../../lib/organization';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { historyPort } from '../history/history.port';
import { createPetsPort } from '../pets/pets.port';
import { createCareAttachmentSweep } from './care-attachment-sweep';
import { createCareRepository } from './care.repository';
import { careRoutes } from './care.routes';
import { type CareService, createCareService } from './care.service';

declare module 'fastify' {
  interface FastifyInstance {
    careService: CareService;
  }
}

/** Care records (DESIGN section 11): the service built once, the attachment sweep, then the routes. */
export const careModule = fp(
  async (app: FastifyInstance) => {
    const repo = createCareRepository(app.db);
    app.decorate(
      'careService',
      createCareService({
        repo,
        pets: createPetsPort(app.db),
        storage: app.storage,
        history: historyPort,
        log: app.log,
        timeZone: organizationTimeZone(app.config, app.db),
      }),
    );
    app.jobs.define(createCareAttachmentSweep({ repo, storage: app.storage, log: app.log }).job);
    await app.register(careRoutes);
  },
  { name: 'care', dependencies: ['db', 'jobs', 'storage', 'access'] },
);
