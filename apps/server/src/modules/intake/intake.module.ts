import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { intakeRoutes } from './intake.routes';
import { publicationRequestPersonLinks, registrationLinkPersonLinks } from './person-links';
import { createLinksRepository } from './links.repository';
import { type LinksService, createLinksService } from './links.service';
import { createPackagesRepository } from './packages.repository';
import { type PackagesService, createPackagesService } from './packages.service';
import { type RequestMediaSweep, createRequestMediaSweep } from './request-media-sweep';
import { createRequestsRepository } from './requests.repository';
import { type PublicationRequestsService, createPublicationRequestsService } from './requests.service';

declare module 'fastify' {
  interface FastifyInstance {
    packagesService: PackagesService;
    linksService: LinksService;
    publicationRequestsService: PublicationRequestsService;
    /** The publication requests' side of the orphan sweep (a scheduled job). */
    requestMediaSweep: RequestMediaSweep;
  }
}

/** Intake from outside rescuers: packages, links, publication requests and their media sweep, built once; then the routes. */
export const intakeModule = fp(
  async (app: FastifyInstance) => {
    const packagesRepo = createPackagesRepository(app.db);
    const requestsRepo = createRequestsRepository(app.db);
    const { historyPort: history, personsPort: persons } = app;
    persons.registerLinks(publicationRequestPersonLinks(history));
    persons.registerLinks(registrationLinkPersonLinks(history));
    app.decorate('packagesService', createPackagesService({ repo: packagesRepo, history }));
    app.decorate(
      'linksService',
      createLinksService({
        repo: createLinksRepository(app.db),
        packages: packagesRepo,
        history,
        persons,
        publicUrl: app.config.publicUrl,
        organization: app.organizationPort,
      }),
    );
    app.decorate(
      'publicationRequestsService',
      createPublicationRequestsService({
        repo: requestsRepo,
        pets: app.petsPort,
        log: app.log,
        history,
        persons,
        messages: app.messagesPort,
      }),
    );
    const sweep = createRequestMediaSweep({ repo: requestsRepo, storage: app.storage, log: app.log });
    app.jobs.define(sweep.job);
    app.decorate('requestMediaSweep', sweep);
    await app.register(intakeRoutes);
  },
  { name: 'intake', dependencies: ['db', 'jobs', 'storage', 'access', 'history', 'organization', 'persons', 'pets', 'messages'] },
);
