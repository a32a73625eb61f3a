import { organizationTimeZone } from '../../lib/organization';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerPersonLinks } from '../persons/persons.port';
import { createPetsPort } from '../pets/pets.port';
import { createMovementsRepository } from './movements.repository';
import { movementsRoutes } from './movements.routes';
import { type MovementsService, createMovementsService } from './movements.service';

declare module 'fastify' {
  interface FastifyInstance {
    movementsService: MovementsService;
  }
}

/**
 * Movements and foster homes. Movements and foster profiles point at persons: a merge moves them (and the pets
 * placed with the person), an anonymisation clears the profile's notes and dates, the export lists them.
 */
registerPersonLinks({
  clave: 'movimientos',
  async move(executor, fromId, toId) {
    await createMovementsRepository(executor).movePerson(fromId, toId);
    await createPetsPort(executor).movePersonReferences(fromId, toId);
  },
  async anonymise(executor, personaId) {
    await createMovementsRepository(executor).clearProfileNotes(personaId);
  },
  async exportOf(executor, personaId) {
    const repo = createMovementsRepository(executor);
    const profile = await repo.profile(personaId);
    const movements = await repo.movementsOfPerson(personaId);
    return [
      ...(profile ? [{ fichaAcogida: profile }] : []),
      ...movements.map((m) => ({ movimiento: { mascotaId: m.petId, tipo: m.tipo, fecha: m.fecha, motivo: m.motivo, notas: m.notas } })),
    ];
  },
});

export const movementsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'movementsService',
      createMovementsService({
        repo: createMovementsRepository(app.db),
        pets: createPetsPort(app.db),
        db: app.db,
        timeZone: organizationTimeZone(app.config, app.db),
      }),
    );
    await app.register(movementsRoutes);
  },
  { name: 'movements', dependencies: ['db', 'access'] },
);
