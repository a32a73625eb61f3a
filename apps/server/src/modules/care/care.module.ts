import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCareAttachmentSweep } from './care-attachment-sweep';
import { careExportRoutes } from './care-export';
import { type CarePort, createCarePort } from './care.port';
import { createCareRepository } from './care.repository';
import { careRoutes } from './care.routes';
import { type CareService, createCareService } from './care.service';

declare module 'fastify' {
  interface FastifyInstance {
    careService: CareService;
    /** What other modules may ask of the care records (counts, badges, a weight or a dose from a foster home). */
    carePort: CarePort;
  }
}

/** Care records (DESIGN section 11): the port and the service built once, the attachment sweep, then the routes. */
export const careModule = fp(
  async (app: FastifyInstance) => {
    const { historyPort: history, petsPort: pets } = app;
    app.decorate('carePort', createCarePort({ history, pets }));
    const repo = createCareRepository(app.db);
    app.decorate(
      'careService',
      createCareService({
        repo,
        pets,
        storage: app.storage,
        history,
        log: app.log,
        timeZone: app.organizationPort.timeZone,
        organization: app.organizationPort,
      }),
    );
    app.jobs.define(createCareAttachmentSweep({ repo, storage: app.storage, log: app.log }).job);
    await app.register(careRoutes);
    await app.register(careExportRoutes({ db: app.db, timeZone: app.organizationPort.timeZone }));
  },
  { name: 'care', dependencies: ['db', 'jobs', 'storage', 'access', 'history', 'organization', 'pets'] },
);
