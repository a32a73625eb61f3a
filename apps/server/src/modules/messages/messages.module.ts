import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer } from '../../lib/mailer';
import { createOrganizationSettings } from '../../lib/organization';
import { historyPort } from '../history/history.port';
import { contactOf, registerPersonLinks } from '../persons/persons.port';
import { createTemplatesPort } from '../templates/templates.port';
import { createUsersPort } from '../users/users.port';
import type { MessagesPort } from './messages.port';
import { createMessagesRepository } from './messages.repository';
import { messagesRoutes } from './messages.routes';
import { messagePersonLinks } from './person-links';
import { type MessagesService, createMessagesService } from './messages.service';

declare module 'fastify' {
  interface FastifyInstance {
    messagesService: MessagesService;
    /** The messages port other modules send through (inside their transactions). */
    messages: MessagesPort;
  }
}

/** Messages: the service and its e-mail job built once, then the routes. Before the modules that send. */
export const messagesModule = fp(
  async (app: FastifyInstance) => {
    const service = createMessagesService({
      repo: createMessagesRepository(app.db),
      templates: createTemplatesPort(createOrganizationSettings(app.config, app.db)),
      users: createUsersPort(),
      contactOf,
      history: historyPort,
      mailer: createMailer(app.config),
      enqueue: (job, payload, options) => app.jobs.enqueue(job, payload, options),
      log: app.log,
      storage: app.storage,
    });
    app.jobs.define(service.sendEmailJob);
    registerPersonLinks(messagePersonLinks);
    app.decorate('messagesService', service);
    app.decorate('messages', {
      send: (executor, input) => service.send(executor, input),
      notifyStaff: (executor, kind, texto, relacion) => service.notifyStaff(executor, kind, texto, relacion),
      failedCount: () => service.failedCount(),
    });
    await app.register(messagesRoutes);
  },
  { name: 'messages', dependencies: ['db', 'jobs', 'storage', 'access'] },
);
