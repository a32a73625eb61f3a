import { ANONYMISED_NAME } from '@refugio/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSurrendersRepository } from './surrenders.repository';
import { surrendersRoutes } from './surrenders.routes';
import { type SurrendersService, createSurrendersService } from './surrenders.service';

declare module 'fastify' {
  interface FastifyInstance {
    surrenders: SurrendersService;
  }
}

/**
 * Surrenders (DESIGN section 19): the service and its routes. Requests point at the owner's person once the animal
 * enters: a merge moves them, an anonymisation blanks the owner's contact, the export lists them.
 */
export const surrendersModule = fp(
  async (app: FastifyInstance) => {
    const { historyPort: history, personsPort: persons } = app;
    persons.registerLinks({
      clave: 'cesiones',
      move: (tx, fromId, toId) => createSurrendersRepository(tx).movePerson(fromId, toId),
      async anonymise(tx, personaId) {
        const ids = await createSurrendersRepository(tx).anonymisePerson(personaId, ANONYMISED_NAME);
        await history.redact(tx, 'cesion', ids, ['nombre', 'email', 'telefono', 'documento']);
      },
      async exportOf(executor, personaId) {
        const rows = await createSurrendersRepository(executor).ofPerson(personaId);
        return rows.map((r) => ({ ...r, fotos: r.fotos.length, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
      },
    });
    app.decorate(
      'surrenders',
      createSurrendersService({
        repo: createSurrendersRepository(app.db),
        history,
        persons,
        pets: app.petsPort,
        movements: app.movementsPort,
        documents: app.documentsPort,
        storage: app.storage,
        log: app.log,
        capacity: async () => (await app.organizationPort.stored()).capacidad,
        organizationNif: async () => (await app.organizationPort.stored()).nif,
        templates: app.templatesPort,
        messages: app.messagesPort,
      }),
    );
    // A signed surrender contract: the animal enters (once; a step taken by hand meanwhile wins).
    app.documentsPort.onSigned(async (doc, actor) => {
      if (doc.tipo === 'contrato_cesion' && doc.cesionId !== null && actor) await app.surrenders.admitSigned(actor, doc.cesionId);
    });
    await app.register(surrendersRoutes);
  },
  {
    name: 'surrenders',
    dependencies: [
      'db',
      'storage',
      'access',
      'budgets',
      'history',
      'organization',
      'templates',
      'messages',
      'persons',
      'pets',
      'movements',
      'documents',
    ],
  },
);
