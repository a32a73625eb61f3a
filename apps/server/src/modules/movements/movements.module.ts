import { WORKING_WITH_PET_DAYS } from '@refugio/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type MovementsPort, createMovementsPort } from './movements.port';
import { createMovementsRepository } from './movements.repository';
import { movementsRoutes } from './movements.routes';
import { type MovementsService, createMovementsService } from './movements.service';

declare module 'fastify' {
  interface FastifyInstance {
    movementsService: MovementsService;
    /** Where a pet is and its lifecycle, as other modules ask for it (in their transactions). */
    movementsPort: MovementsPort;
  }
}

/**
 * Movements and foster homes: the pet's lifecycle (DESIGN section 12). A form saved with another `adoptado` opens or
 * returns the adoption here, in the save's transaction. Movements and foster profiles point at persons: a merge
 * moves them (and the pets placed with the person), an anonymisation clears the profile's notes and dates, the
 * export lists them.
 */
export const movementsModule = fp(
  async (app: FastifyInstance) => {
    const { historyPort: history, personsPort: persons, petsPort: pets } = app;
    const timeZone = app.organizationPort.timeZone;
    const port = createMovementsPort({ pets, persons, history, timeZone });
    app.decorate('movementsPort', port);
    pets.onAdoptedChange(async (tx, change, actor) => {
      await port.setAdopted(tx, change.petId, change.adoptado, change.personaId, actor);
    });
    // Subscribed before the register book's: the entry is corrected first, then the book reads it.
    pets.onSaved((tx, petId) => port.followPetOrigin(tx, petId));
    persons.registerLinks({
      clave: 'movimientos',
      async move(tx, fromId, toId) {
        await createMovementsRepository(tx).movePerson(fromId, toId);
        await pets.movePersonReferences(tx, fromId, toId);
      },
      async anonymise(tx, personaId) {
        await createMovementsRepository(tx).clearProfileNotes(personaId);
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
    // DESIGN section 20's exception to Voluntariado's masking, when the organisation allows it: the foster homes
    // holding now a pet whose care this user recorded or changed within WORKING_WITH_PET_DAYS days.
    app.masking.addContactException(async (user) => {
      if (!(await app.organizationPort.stored()).contactoAcogidaVoluntariado) return new Set();
      const petIds = await app.carePort.petsCaredForBy(app.db, user.id, WORKING_WITH_PET_DAYS);
      const facts = await pets.placementFacts(app.db, petIds);
      return new Set(
        facts.filter((f) => !f.deletedAt && f.ubicacion === 'acogida' && f.ubicacionPersonaId !== null).map((f) => f.ubicacionPersonaId!),
      );
    });
    app.decorate(
      'movementsService',
      createMovementsService({ repo: createMovementsRepository(app.db), port, pets, persons, history, db: app.db, timeZone }),
    );
    await app.register(movementsRoutes);
  },
  { name: 'movements', dependencies: ['db', 'access', 'masking', 'history', 'organization', 'persons', 'pets', 'care'] },
);
