import type { FastifyInstance } from 'fastify';
import { FOSTER_OFFER_LIMITS, VOLUNTEER_LIMITS } from '@refugio/contracts';
import fp from 'fastify-plugin';
import { fosterOffersRoutes } from './foster-offers.routes';
import { createFosterOffersRepository } from './foster-offers.repository';
import { type FosterOffersService, createFosterOffersService } from './foster-offers.service';
import { extendTemplatesJob, shiftRemindersJob } from './volunteers.jobs';
import { type VolunteerLinksService, createVolunteerLinksService } from './volunteer-links.service';
import { type VolunteersPort, createVolunteersPort } from './volunteers.port';
import { createVolunteersRepository } from './volunteers.repository';
import { volunteersRoutes } from './volunteers.routes';
import { type VolunteersService, createVolunteersService } from './volunteers.service';

declare module 'fastify' {
  interface FastifyInstance {
    volunteers: VolunteersService;
    volunteerLinks: VolunteerLinksService;
    fosterOffers: FosterOffersService;
    /** Uncovered shifts ("Pendientes") and a year's volunteers with their hours (the annual report). */
    volunteersPort: VolunteersPort;
  }
}

/** Volunteers and shifts (DESIGN section 17): profiles, shifts and templates, attendance, the volunteer's link, the jobs. */
export const volunteersModule = fp(
  async (app: FastifyInstance) => {
    const organization = app.organizationPort;
    app.decorate('volunteersPort', createVolunteersPort(organization.timeZone));
    const repo = createVolunteersRepository(app.db);
    const service = createVolunteersService({
      db: app.db,
      repo,
      persons: app.personsPort,
      history: app.historyPort,
      documents: app.documentsPort,
      timeZone: organization.timeZone,
      messages: app.messagesPort,
      organization: async () => {
        const stored = await organization.stored();
        return { nombre: stored.nombre, nif: stored.nif, direccion: stored.direccion };
      },
    });
    app.decorate('volunteers', service);
    // A signed volunteer agreement: the profile points to it.
    app.documentsPort.onSigned(async (doc, actor) => {
      if (doc.tipo === 'acuerdo_voluntariado' && doc.personaId !== null) await service.agreementSigned(doc.personaId, doc.id, actor);
    });
    app.decorate(
      'volunteerLinks',
      createVolunteerLinksService({
        db: app.db,
        repo,
        persons: app.personsPort,
        history: app.historyPort,
        publicUrl: app.config.publicUrl,
        organizationName: async () => (await organization.stored()).nombre,
        linkRequests: (linkId) => app.budgets.linkRequest('voluntariado', linkId, VOLUNTEER_LIMITS.requestsPerHour).allowed,
        messages: app.messagesPort,
        timeZone: organization.timeZone,
      }),
    );
    app.decorate(
      'fosterOffers',
      createFosterOffersService({
        repo: createFosterOffersRepository(app.db),
        persons: app.personsPort,
        pets: app.petsPort,
        movements: app.movementsPort,
        messages: app.messagesPort,
        history: app.historyPort,
        timeZone: organization.timeZone,
        publicUrl: app.config.publicUrl,
        organizationName: async () => (await organization.stored()).nombre,
        linkRequests: (offerId) => app.budgets.linkRequest('acogida-oferta', offerId, FOSTER_OFFER_LIMITS.requestsPerHour).allowed,
      }),
    );
    app.jobs.define(extendTemplatesJob(service, app.log));
    app.jobs.define(shiftRemindersJob({ repo, persons: app.personsPort, messages: app.messagesPort, timeZone: organization.timeZone, log: app.log }));
    await app.register(volunteersRoutes);
    await app.register(fosterOffersRoutes);
  },
  {
    name: 'volunteers',
    dependencies: ['db', 'jobs', 'access', 'budgets', 'history', 'organization', 'persons', 'messages', 'pets', 'movements', 'documents'],
  },
);
