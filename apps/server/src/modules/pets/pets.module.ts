import { organizationTimeZone } from '../../lib/organization';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type OrphanMediaSweep, createOrphanMediaSweep } from './orphan-media';
import { historyPort } from '../history/history.port';
import { namesOf } from '../persons/persons.port';
import { createPetExport } from './pet-export';
import { petExportRoutes } from './pet-export.routes';
import { createPetVisibility } from './pet-visibility';
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
  }
}

/** Pets, their images and videos: the repository and services built once, then the routes that use them. */
export const petsModule = fp(
  async (app: FastifyInstance) => {
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
        history: historyPort,
        timeZone: organizationTimeZone(app.config, app.db),
        personName: async (id) => (await namesOf(app.db, [id])).get(id) ?? null,
      }),
    );
    app.decorate('videosService', createVideosService({ repo, storage: app.storage, changes: app.changes, history: historyPort }));
    const sweep = createOrphanMediaSweep({ repo, storage: app.storage, log: app.log });
    app.jobs.define(sweep.job);
    app.jobs.define(sweep.idempotencyJob);
    app.decorate('orphanMediaSweep', sweep);
    await app.register(petsRoutes);
    await app.register(petExportRoutes(createPetExport({ repo, timeZone: organizationTimeZone(app.config, app.db) })));
  },
  { name: 'pets', dependencies: ['db', 'changes', 'jobs', 'storage', 'access'] },
);
