import type { FastifyInstance } from 'fastify';
import { FOSTER_NEWS_LIMITS } from '@refugio/contracts';
import fp from 'fastify-plugin';
import { createOrganizationSettings, organizationTimeZone } from '../../lib/organization';
import { createNewsPhotoSweep } from './foster-portal-sweep';
import { createFosterPortalRepository } from './foster-portal.repository';
import { fosterPortalRoutes } from './foster-portal.routes';
import { type FosterPortalService, createFosterPortalService } from './foster-portal.service';

declare module 'fastify' {
  interface FastifyInstance {
    fosterPortal: FosterPortalService;
    newsPhotoSweep: ReturnType<typeof createNewsPhotoSweep>;
  }
}

/** The foster portal (DESIGN section 12): links, the public portal, the news review, and the sweep of orphaned photos. */
export const fosterPortalModule = fp(
  async (app: FastifyInstance) => {
    const repo = createFosterPortalRepository(app.db);
    app.decorate(
      'fosterPortal',
      createFosterPortalService({
        db: app.db,
        repo,
        storage: app.storage,
        messages: app.messages,
        log: app.log,
        publicUrl: app.config.publicUrl,
        timeZone: organizationTimeZone(app.config, app.db),
        organizationName: async () => (await createOrganizationSettings(app.config, app.db).stored()).nombre,
        linkRequests: (linkId) => app.budgets.linkRequest('portal', linkId, FOSTER_NEWS_LIMITS.requestsPerHour).allowed,
      }),
    );
    const sweep = createNewsPhotoSweep({ repo, storage: app.storage, log: app.log });
    app.decorate('newsPhotoSweep', sweep);
    app.jobs.define(sweep.job);
    await app.register(fosterPortalRoutes);
  },
  { name: 'foster-portal', dependencies: ['db', 'jobs', 'storage', 'access', 'messages', 'movements', 'budgets'] },
);
