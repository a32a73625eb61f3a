import type { FastifyInstance } from 'fastify';
import { FOLLOWUP_LIMITS } from '@refugio/contracts';
import fp from 'fastify-plugin';
import { createOrganizationSettings, organizationTimeZone } from '../../lib/organization';
import { registerRelatedHistory } from '../history/history.port';
import { registerPersonLinks } from '../persons/persons.port';
import { followupPhotoSweepJob, sendDueFollowupsJob } from './followups.jobs';
import { setFollowupDays } from './followups.port';
import { createFollowupsRepository } from './followups.repository';
import { followupsRoutes } from './followups.routes';
import { type FollowupsService, createFollowupsService } from './followups.service';

declare module 'fastify' {
  interface FastifyInstance {
    followups: FollowupsService;
  }
}

/*
 * Follow-ups point at persons: a merge moves them, an anonymisation clears the words of the answers, the export
 * lists them. Their history shows in the pet's and the person's.
 */
registerPersonLinks({
  clave: 'seguimientos',
  move: (executor, fromId, toId) => createFollowupsRepository(executor).movePerson(fromId, toId),
  anonymise: (executor, personaId) => createFollowupsRepository(executor).clearComments(personaId),
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
registerRelatedHistory({
  entidad: 'seguimiento',
  ofPet: (handle, petId) => createFollowupsRepository(handle).idsOfPet(petId),
  ofPersons: (handle, personaIds) => createFollowupsRepository(handle).idsOfPersons(personaIds),
});

/** Follow-up after an adoption (DESIGN section 13): the service, its jobs and its routes. */
export const followupsModule = fp(
  async (app: FastifyInstance) => {
    setFollowupDays(app.config.adoptionFollowupDays);
    const repo = createFollowupsRepository(app.db);
    const settings = createOrganizationSettings(app.config, app.db);
    const service = createFollowupsService({
      db: app.db,
      repo,
      storage: app.storage,
      messages: app.messages,
      log: app.log,
      publicUrl: app.config.publicUrl,
      country: app.config.orgCountry,
      timeZone: organizationTimeZone(app.config, app.db),
      organization: async (handle) => {
        const org = await settings.stored(handle);
        return { nombre: org.nombre, telefono: org.telefono };
      },
      linkRequests: (id) => app.budgets.linkRequest('seguimiento', id, FOLLOWUP_LIMITS.requestsPerHour).allowed,
    });
    app.decorate('followups', service);
    app.jobs.define(sendDueFollowupsJob(service, app.log));
    app.jobs.define(followupPhotoSweepJob({ repo, storage: app.storage, log: app.log }));
    await app.register(followupsRoutes);
  },
  { name: 'followups', dependencies: ['db', 'jobs', 'storage', 'access', 'messages', 'movements', 'budgets'] },
);
