import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOrganizationSettings } from '../../lib/organization';
import { historyPort } from '../history/history.port';
import { createTemplatesRepository } from './templates.repository';
import { templatesRoutes } from './templates.routes';
import { type TemplatesService, createTemplatesService } from './templates.service';

declare module 'fastify' {
  interface FastifyInstance {
    templatesService: TemplatesService;
  }
}

/** Message templates: the service built once, then its routes. */
export const templatesModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'templatesService',
      createTemplatesService({
        repo: createTemplatesRepository(app.db),
        history: historyPort,
        organization: createOrganizationSettings(app.config, app.db),
      }),
    );
    await app.register(templatesRoutes);
  },
  { name: 'templates', dependencies: ['db', 'access'] },
);
