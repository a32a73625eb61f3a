import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RegisterBookPort, createRegisterBookPort } from './register-book.port';
import { registerBookRoutes } from './register-book.routes';
import { createRegisterBookService } from './register-book.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The register book (DESIGN section 16), as other modules read it. */
    registerBookPort: RegisterBookPort;
  }
}

/**
 * The register book of the "núcleo zoológico" (DESIGN section 16): its lines follow the movements and the pets'
 * saves in their transactions (nothing is written by a GET); the data written before it are filled in once at start.
 */
export const registerBookModule = fp(
  async (app: FastifyInstance) => {
    const port = createRegisterBookPort();
    app.decorate('registerBookPort', port);
    app.movementsPort.onMovement((tx, applied) => port.sync(tx, [applied.petId]));
    app.petsPort.onSaved((tx, petId) => port.sync(tx, [petId]));
    await port.backfill(app.db);
    await app.register(registerBookRoutes(createRegisterBookService({ db: app.db, port, organization: app.organizationPort })));
  },
  { name: 'register-book', dependencies: ['db', 'access', 'organization', 'pets', 'movements'] },
);
