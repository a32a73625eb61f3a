import type { FastifyInstance } from 'fastify';
import { FOLLOWUP_LIMITS } from '@refugio/contracts';
import fp from 'fastify-plugin';
import { followupPhotoSweepJob, sendDueFollowupsJob } from './followups.jobs';
import { type FollowupsPort, createFollowupsPort } from './followups.port';
import { createFollowupsRepository } from './followups.repository';
import { followupsRoutes } from './followups.routes';
import { type FollowupsService, createFollowupsService } from './followups.service';

declare module 'fastify' {
  interface FastifyInstance {
    followups: FollowupsService;
    /** An adoption's check-ins and obligations, planned and ended with the adoption (in its transaction). */
    followupsPort: FollowupsPort;
  }
}

/**
 * Follow-up after an adoption (DESIGN section 13): the port (it plans an adoption's check-ins and obligations when
 * the movements module opens one, and ends what still waits when it closes), the service, its jobs and its routes.
 * Follow-ups point at persons: a merge moves them, an anonymisation clears the words of the answers, the export
 * lists them. Their history shows in the pet's and the person's.
 */
export const followupsModule = fp(
  async (app: FastifyInstance) => {
    const { historyPort: history, personsPort: persons, petsPort: pets } = app;
    const port = createFollowupsPort({ history, pets, checkInDays: app.config.adoptionFollowupDays });
    app.decorate('followupsPort', port);
    app.movementsPort.onAdoption({
      opened: (tx, adoption, actor) => port.planAdoption(tx, adoption, actor),
      closed: (tx, adopcionId, actor) => port.endAdoption(tx, adopcionId, actor),
    });
    persons.registerLinks({
      clave: 'seguimientos',
      move: (tx, fromId, toId) => createFollowupsRepository(tx).movePerson(fromId, toId),
      anonymise: (tx, personaId) => createFollowupsRepository(tx).clearComments(personaId),
      async exportOf(executor, personaId) {
        const rows = await createFollowupsRepository(executor).ofPerson(personaId);
        return rows.map((r) => ({
          seguimiento: {
            mascotaId: r.petId,
            tipo: r.tipo,
            vence: r.vence,
            estado: r.estado,
            comoVa: r.comoVa,
            comentario: r.comentario,
            respondidoEn: r.respondidoEn,
          },
        }));
      },
    });
    history.registerRelated({
      entidad: 'seguimiento',
      ofPet: (handle, petId) => createFollowupsRepository(handle).idsOfPet(petId),
      ofPersons: (handle, personaIds) => createFollowupsRepository(handle).idsOfPersons(personaIds),
    });

    const repo = createFollowupsRepository(app.db);
    const organization = app.organizationPort;
    const service = createFollowupsService({
      db: app.db,
      repo,
      pets,
      persons,
      applications: app.adoptionRequestsPort,
      history,
      storage: app.storage,
      messages: app.messagesPort,
      log: app.log,
      publicUrl: app.config.publicUrl,
      timeZone: organization.timeZone,
      organization: async (handle) => {
        const org = await organization.stored(handle);
        return { nombre: org.nombre, telefono: org.telefono };
      },
      linkRequests: (id) => app.budgets.linkRequest('seguimiento', id, FOLLOWUP_LIMITS.requestsPerHour).allowed,
    });
    app.decorate('followups', service);
    app.jobs.define(sendDueFollowupsJob(service, app.log));
    app.jobs.define(followupPhotoSweepJob({ repo, storage: app.storage, log: app.log }));
    await app.register(followupsRoutes);
  },
  {
    name: 'followups',
    dependencies: [
      'db',
      'jobs',
      'storage',
      'access',
      'budgets',
      'history',
      'organization',
      'persons',
      'pets',
      'movements',
      'adoption-requests',
      'messages',
    ],
  },
);
