import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type OrphanMediaSweep, createOrphanMediaSweep } from './orphan-media';
import { createPetExport } from './pet-export';
import { petExportRoutes } from './pet-export.routes';
import { createPetVisibility } from './pet-visibility';
import { type PetsPort, createPetsPort } from './pets.port';
import { createPetsRepository } from './pets.repository';
import { listWriterFor } from './pet-list.repository';
import { petsRoutes } from './pets.routes';
import { type PetsService, createPetsService } from './pets.service';
import { type VideosService, createVideosService } from './videos.service';

declare module 'fastify' {
  interface FastifyInstance {
    petsService: PetsService;
    videosService: VideosService;
    orphanMediaSweep: OrphanMediaSweep;
    /** What other modules may do to a pet (in their transactions); the movements module listens to it. */
    petsPort: PetsPort;
  }
}

/** Pets, their images and videos: the port, the repository and services built once, then the routes that use them. */
export const petsModule = fp(
  async (app: FastifyInstance) => {
    const history = app.historyPort;
    const persons = app.personsPort;
    const timeZone = app.organizationPort.timeZone;
    const port = createPetsPort({ history, storage: app.storage, log: app.log, customFields: app.customFieldsPort });
    app.decorate('petsPort', port);
    const repo = createPetsRepository(app.db, listWriterFor(app.database.driver));
    const visibility = createPetVisibility({ changes: app.changes, load: (id) => repo.findVisibility(id) });
    app.decorate(
      'petsService',
      createPetsService({
        repo,
        storage: app.storage,
        log: app.log,
        visibility,
        changes: app.changes,
        history,
        timeZone,
        personName: async (id) => (await persons.namesOf(app.db, [id])).get(id) ?? null,
        adoption: port,
        customFields: app.customFieldsPort,
      }),
    );
    app.decorate('videosService', createVideosService({ repo, storage: app.storage, changes: app.changes, history }));
    const sweep = createOrphanMediaSweep({ repo, storage: app.storage, log: app.log });
    app.jobs.define(sweep.job);
    app.jobs.define(sweep.idempotencyJob);
    app.decorate('orphanMediaSweep', sweep);
    await app.register(petsRoutes);
    await app.register(petExportRoutes(createPetExport({ repo, timeZone, customFields: app.customFieldsPort })));
  },
  { name: 'pets', dependencies: ['db', 'changes', 'jobs', 'storage', 'access', 'history', 'persons', 'organization', 'custom-fields'] },
);
