import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer } from '../../lib/mailer';
import type { MessagesPort } from './messages.port';
import { createMessagesRepository } from './messages.repository';
import { messagesRoutes } from './messages.routes';
import { messagePersonLinks } from './person-links';
import { type MessagesService, createMessagesService } from './messages.service';

declare module 'fastify' {
  interface FastifyInstance {
    messagesService: MessagesService;
    /** The messages port other modules send through (inside their transactions). */
    messagesPort: MessagesPort;
  }
}

/** Messages: the service and its e-mail job built once, then the routes. Before the modules that send. */
export const messagesModule = fp(
  async (app: FastifyInstance) => {
    const { historyPort: history, personsPort: persons } = app;
    const service = createMessagesService({
      repo: createMessagesRepository(app.db),
      templates: app.templatesPort,
      users: app.usersPort,
      contactOf: (executor, personaId) => persons.contactOf(executor, personaId),
      history,
      mailer: createMailer(app.config),
      enqueue: (job, payload, options) => app.jobs.enqueue(job, payload, options),
      log: app.log,
      storage: app.storage,
    });
    app.jobs.define(service.sendEmailJob);
    persons.registerLinks(messagePersonLinks(history));
    app.decorate('messagesService', service);
    app.decorate('messagesPort', {
      send: (executor, input) => service.send(executor, input),
      notifyStaff: (executor, kind, texto, relacion) => service.notifyStaff(executor, kind, texto, relacion),
      failedCount: () => service.failedCount(),
      aboutEntity: (executor, relacion) => service.aboutEntity(executor, relacion),
    });
    await app.register(messagesRoutes);
  },
  { name: 'messages', dependencies: ['db', 'jobs', 'storage', 'access', 'history', 'persons', 'templates', 'users'] },
);
