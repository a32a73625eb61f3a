import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { historyPort } from '../history/history.port';
import { noticesRoutes } from './notices.routes';
import { createUsersRepository } from './users.repository';
import { usersRoutes } from './users.routes';
import { type UsersService, createUsersService } from './users.service';

declare module 'fastify' {
  interface FastifyInstance {
    usersService: UsersService;
  }
}

/** Staff accounts: the repository and service built once, then the routes that use them. */
export const usersModule = fp(
  async (app: FastifyInstance) => {
    const service = createUsersService({ repo: createUsersRepository(app.db), history: historyPort, publicUrl: app.config.publicUrl });
    app.decorate('usersService', service);
    // After a person changed their own password it is theirs: the temporary-password block is lifted.
    app.authEvents.passwordChanged.push((userId) => service.passwordChanged(userId));
    await app.register(usersRoutes);
    await app.register(noticesRoutes);
  },
  { name: 'users', dependencies: ['db', 'auth', 'access'] },
);
