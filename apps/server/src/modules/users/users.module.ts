import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
    app.decorate('usersService', createUsersService({ repo: createUsersRepository(app.db), publicUrl: app.config.publicUrl }));
    await app.register(usersRoutes);
  },
  { name: 'users', dependencies: ['db', 'access'] },
);
