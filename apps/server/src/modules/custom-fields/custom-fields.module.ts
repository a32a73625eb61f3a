import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CustomFieldsPort, createCustomFieldsPort } from './custom-fields.port';
import { createCustomFieldsRepository } from './custom-fields.repository';
import { customFieldsRoutes } from './custom-fields.routes';
import { createCustomFieldsService } from './custom-fields.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The organisation's own fields as the pets and persons modules ask them (checking, showing, masking values). */
    customFieldsPort: CustomFieldsPort;
  }
}

/**
 * The organisation's own fields (DESIGN section 21): the port the records' modules check their values with, the
 * service and its routes. Registered before the persons and pets modules.
 */
export const customFieldsModule = fp(
  async (app: FastifyInstance) => {
    const port = createCustomFieldsPort(app.db);
    app.decorate('customFieldsPort', port);
    // A person field marked `sensible` reads `***` for the roles that mask persons, as the identity does.
    app.masking.addSensitiveFields(() => port.sensitiveKeys());
    await app.register(customFieldsRoutes(createCustomFieldsService({ repo: createCustomFieldsRepository(app.db), history: app.historyPort })));
  },
  { name: 'custom-fields', dependencies: ['db', 'access', 'masking', 'history'] },
);
