import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FILL_JOB, registerBookFillJob } from './register-book-fill.job';
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
 * saves in their transactions (nothing is written by a GET); the data written before it are filled in once by a job
 * (register-book-fill.job.ts), never during start-up: start-up only reads one row and enqueues it when needed.
 */
export const registerBookModule = fp(
  async (app: FastifyInstance) => {
    const port = createRegisterBookPort();
    app.decorate('registerBookPort', port);
    app.movementsPort.onMovement((tx, applied) => port.sync(tx, [applied.petId]));
    app.petsPort.onSaved((tx, petId) => port.sync(tx, [petId]));
    const fill = app.jobs.define(registerBookFillJob({ db: app.db, port, log: app.log }));
    if (await port.needsFill(app.db)) await app.jobs.enqueue(fill, {}, { uniqueKey: FILL_JOB });
    await app.register(registerBookRoutes(createRegisterBookService({ db: app.db, port, organization: app.organizationPort })));
  },
  { name: 'register-book', dependencies: ['db', 'jobs', 'access', 'organization', 'pets', 'movements'] },
);
