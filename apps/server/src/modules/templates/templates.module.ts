import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type TemplatesPort, createTemplatesPort } from './templates.port';
import { createTemplatesRepository } from './templates.repository';
import { templatesRoutes } from './templates.routes';
import { type TemplatesService, createTemplatesService } from './templates.service';

declare module 'fastify' {
  interface FastifyInstance {
    templatesService: TemplatesService;
    /** Messages and documents fill their texts through it. */
    templatesPort: TemplatesPort;
  }
}

/** Message templates: the service built once, then its routes. */
export const templatesModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('templatesPort', createTemplatesPort(app.organizationPort, app.customFieldsPort));
    app.decorate(
      'templatesService',
      createTemplatesService({
        repo: createTemplatesRepository(app.db),
        history: app.historyPort,
        organization: app.organizationPort,
        ownFields: app.customFieldsPort,
      }),
    );
    await app.register(templatesRoutes);
  },
  { name: 'templates', dependencies: ['db', 'access', 'history', 'organization', 'custom-fields'] },
);
