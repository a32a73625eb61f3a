import type { FastifyInstance } from 'fastify';
import { SIGNATURE_LIMITS } from '@refugio/contracts';
import fp from 'fastify-plugin';
import { createDocumentSweep } from './document-sweep';
import { createDocumentsRepository } from './documents.repository';
import { type DocumentsPort, createDocumentsPort } from './documents.port';
import { documentsRoutes } from './documents.routes';
import { type DocumentsService, createDocumentsService } from './documents.service';
import { documentPersonLinks } from './person-links';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentsService;
    documentsPort: DocumentsPort;
    documentSweep: ReturnType<typeof createDocumentSweep>;
  }
}

/** Adoption contracts, the fee and signatures (DESIGN section 13), and the sweep of files no row points at. */
export const documentsModule = fp(
  async (app: FastifyInstance) => {
    const repo = createDocumentsRepository(app.db);
    app.decorate(
      'documents',
      createDocumentsService({
        db: app.db,
        repo,
        pets: app.petsPort,
        persons: app.personsPort,
        applications: app.adoptionRequestsPort,
        movements: app.movementsPort,
        history: app.historyPort,
        storage: app.storage,
        messages: app.messagesPort,
        templates: app.templatesPort,
        organization: app.organizationPort,
        mailConfigured: Boolean(app.config.smtpUrl && app.config.mailFrom),
        publicUrl: app.config.publicUrl,
        log: app.log,
        linkRequests: (linkId) => app.budgets.linkRequest('firma', linkId, SIGNATURE_LIMITS.requestsPerHour).allowed,
        codeSecret: app.serverSecret,
      }),
    );
    app.decorate('documentsPort', createDocumentsPort(app.documents, app.historyPort));
    const sweep = createDocumentSweep({ repo, storage: app.storage, log: app.log });
    app.decorate('documentSweep', sweep);
    app.jobs.define(sweep.job);
    app.personsPort.registerLinks(documentPersonLinks());
    await app.register(documentsRoutes);
  },
  {
    name: 'documents',
    dependencies: [
      'db',
      'jobs',
      'storage',
      'access',
      'budgets',
      'auth',
      'history',
      'organization',
      'persons',
      'pets',
      'movements',
      'adoption-requests',
      'templates',
      'messages',
    ],
  },
);
