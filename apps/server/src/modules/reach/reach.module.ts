import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLiveCache } from '../../lib/live-cache';
import { createOrganizationSettings } from '../../lib/organization';
import type { Preview } from './preview-tags';
import { createReachRepository } from './reach.repository';
import { reachRoutes } from './reach.routes';
import { type ReachService, createReachService } from './reach.service';

declare module 'fastify' {
  interface FastifyInstance {
    reachService: ReachService;
  }
}

/** Reach (DESIGN section 14): link previews, the social image, the poster and the suggested post. */
export const reachModule = fp(
  async (app: FastifyInstance) => {
    const settings = createOrganizationSettings(app.config);
    app.decorate(
      'reachService',
      createReachService({
        repo: createReachRepository(app.db),
        storage: app.storage,
        publicUrl: app.config.publicUrl,
        contact: async () => (await settings.get()).contacto,
        ai: app.ai,
        log: app.log,
        // A rendered JPEG is at most 300 KB: a few dozen are the pets being shared today.
        cards: createLiveCache<string, Buffer>(app.changes, { maxEntries: 32, ttlMs: 60 * 60_000, dependsOn: 'pet' }),
        previews: createLiveCache<number, Preview>(app.changes, { maxEntries: 2_000, ttlMs: 5 * 60_000, dependsOn: 'pet' }),
        catalogueFirstPage: () => app.catalogueAnswers.firstPageJson(),
      }),
    );
    await app.register(reachRoutes);
  },
  { name: 'reach', dependencies: ['db', 'changes', 'storage', 'access', 'catalogue'] },
);
