import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RolesPort, createRolesPort } from './roles.port';
import { createRolesRepository } from './roles.repository';
import { rolesRoutes } from './roles.routes';
import { createRolesService } from './roles.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The organisation's roles as the users module (assigning one) asks them. */
    rolesPort: RolesPort;
  }
}

/**
 * The organisation's own roles (DESIGN section 21): the port (the session resolves a user's role through it), the
 * service and its routes. Registered before the users module, which assigns them.
 */
export const rolesModule = fp(
  async (app: FastifyInstance) => {
    const port = createRolesPort(app.db);
    app.decorate('rolesPort', port);
    app.sessionRoles.use((id) => port.resolve(id));
    await app.register(rolesRoutes(createRolesService({ repo: createRolesRepository(app.db), history: app.historyPort })));
  },
  { name: 'roles', dependencies: ['db', 'session', 'access', 'history'] },
);
