import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { importerRoutes } from './importer.routes';
import { type ImporterService, createImporterService } from './importer.service';

declare module 'fastify' {
  interface FastifyInstance {
    importerService: ImporterService;
  }
}

/**
 * Importing what the shelter already has (DESIGN section 18): pets through the pets port, persons through the persons
 * port, the own fields' definitions read through theirs; the importer writes only its own tables (the file as read, each row's result, the mappings chosen).
 */
export const importerModule = fp(
  async (app: FastifyInstance) => {
    const service = createImporterService({
      db: app.db,
      pets: app.petsPort,
      movements: app.movementsPort,
      registerBook: app.registerBookPort,
      persons: app.personsPort,
      care: app.carePort,
      donations: app.donationsPort,
      customFields: app.customFieldsPort,
      timeZone: app.organizationPort.timeZone,
      storage: app.storage,
      log: app.log,
      enqueue: async (tx, importId) => {
        await app.jobs.enqueue(service.importJob, { importId }, { tx, uniqueKey: `importer.import:${importId}` });
      },
    });
    app.jobs.define(service.importJob);
    app.decorate('importerService', service);
    await app.register(importerRoutes(service));
  },
  {
    name: 'importer',
    dependencies: [
      'db',
      'storage',
      'jobs',
      'access',
      'history',
      'organization',
      'persons',
      'pets',
      'movements',
      'register-book',
      'care',
      'donations',
      'custom-fields',
    ],
  },
);
