import type { FastifyInstance } from 'fastify';
import { FOSTER_NEWS_LIMITS } from '@refugio/contracts';
import fp from 'fastify-plugin';
import { createNewsPhotoSweep } from './foster-portal-sweep';
import { type FosterPortalPort, createFosterPortalPort } from './foster-portal.port';
import { createFosterPortalRepository } from './foster-portal.repository';
import { fosterPortalRoutes } from './foster-portal.routes';
import { type FosterPortalService, createFosterPortalService } from './foster-portal.service';

declare module 'fastify' {
  interface FastifyInstance {
    fosterPortal: FosterPortalService;
    newsPhotoSweep: ReturnType<typeof createNewsPhotoSweep>;
    /** The count of news waiting ("Pendientes"). */
    fosterPortalPort: FosterPortalPort;
  }
}

/** The foster portal (DESIGN section 12): links, the public portal, the news review, and the sweep of orphaned photos. */
export const fosterPortalModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('fosterPortalPort', createFosterPortalPort());
    const repo = createFosterPortalRepository(app.db);
    const organization = app.organizationPort;
    app.decorate(
      'fosterPortal',
      createFosterPortalService({
        db: app.db,
        repo,
        pets: app.petsPort,
        care: app.carePort,
        movements: app.movementsPort,
        persons: app.personsPort,
        history: app.historyPort,
        storage: app.storage,
        messages: app.messagesPort,
        log: app.log,
        publicUrl: app.config.publicUrl,
        timeZone: organization.timeZone,
        organizationName: async () => (await organization.stored()).nombre,
        linkRequests: (linkId) => app.budgets.linkRequest('portal', linkId, FOSTER_NEWS_LIMITS.requestsPerHour).allowed,
      }),
    );
    const sweep = createNewsPhotoSweep({ repo, storage: app.storage, log: app.log });
    app.decorate('newsPhotoSweep', sweep);
    app.jobs.define(sweep.job);
    await app.register(fosterPortalRoutes);
  },
  {
    name: 'foster-portal',
    dependencies: ['db', 'jobs', 'storage', 'access', 'budgets', 'history', 'organization', 'persons', 'pets', 'care', 'movements', 'messages'],
  },
);
