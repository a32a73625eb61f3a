import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { functionsRoutes } from './functions.routes';
import { noticesRoutes } from './notices.routes';
import { createUsersRepository } from './users.repository';
import { type UsersPort, createUsersPort } from './users.port';
import { usersRoutes } from './users.routes';
import { type UsersService, createUsersService } from './users.service';

declare module 'fastify' {
  interface FastifyInstance {
    usersService: UsersService;
    /** Who among the staff wants to be told of new work (the messages module asks); the first administrator (server.ts). */
    usersPort: UsersPort & Pick<UsersService, 'ensureFirstAdmin'>;
  }
}

/** Staff accounts: the repository and service built once, then the routes that use them. */
export const usersModule = fp(
  async (app: FastifyInstance) => {
    const service = createUsersService({
      repo: createUsersRepository(app.db),
      history: app.historyPort,
      publicUrl: app.config.publicUrl,
      roles: app.rolesPort,
    });
    app.decorate('usersService', service);
    app.decorate('usersPort', { ...createUsersPort(), ensureFirstAdmin: (admin) => service.ensureFirstAdmin(admin) });
    // After a person changed their own password it is theirs: the temporary-password block is lifted.
    app.authEvents.passwordChanged.push((userId) => service.passwordChanged(userId));
    app.authEvents.twoFactorChanged.push((userId, wasEnabled) => service.twoFactorChanged(userId, wasEnabled));
    app.authEvents.backupCodesRenewed.push((userId) => service.backupCodesRenewed(userId));
    await app.register(usersRoutes);
    await app.register(noticesRoutes);
    // The old admin's helper functions, served by the users service.
    await app.register(functionsRoutes);
  },
  { name: 'users', dependencies: ['db', 'auth', 'access', 'history', 'roles'] },
);
