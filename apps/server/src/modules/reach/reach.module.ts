import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLiveCache } from '../../lib/live-cache';
import type { Preview } from './preview-tags';
import { createReachRepository } from './reach.repository';
import type { ReachPort } from './reach.port';
import { reachRoutes } from './reach.routes';
import { type ReachService, createReachService } from './reach.service';

declare module 'fastify' {
  interface FastifyInstance {
    reachService: ReachService;
    /** The public pages' HTML with their link previews (the SPA plugin serves it, app.ts). */
    reachPort: ReachPort;
  }
}

/** Reach (DESIGN section 14): link previews, the social image, the poster and the suggested post. */
export const reachModule = fp(
  async (app: FastifyInstance) => {
    // The environment's contact (ORG_CONTACT_*): the cards and posters are cached until their pet changes.
    const { nombre, email, telefono } = app.config.orgContact;
    app.decorate(
      'reachService',
      createReachService({
        repo: createReachRepository(app.db),
        storage: app.storage,
        publicUrl: app.config.publicUrl,
        contact: async () => ({ nombre, email, telefono }),
        ai: app.ai,
        log: app.log,
        // A rendered JPEG is at most 300 KB: a few dozen are the pets being shared today.
        cards: createLiveCache<string, Buffer>(app.changes, { maxEntries: 32, ttlMs: 60 * 60_000, dependsOn: 'pet' }),
        previews: createLiveCache<number, Preview>(app.changes, { maxEntries: 2_000, ttlMs: 5 * 60_000, dependsOn: 'pet' }),
        catalogueFirstPage: () => app.cataloguePort.firstPageJson(),
      }),
    );
    app.decorate('reachPort', {
      pageHtml: (html: string, pathname: string) => app.reachService.pageHtml(html, pathname),
      renderCard: (content) => app.reachService.renderCard(content),
      renderPoster: (content) => app.reachService.renderPoster(content),
    });
    await app.register(reachRoutes);
  },
  { name: 'reach', dependencies: ['db', 'changes', 'storage', 'access', 'catalogue'] },
);
