import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { normalisePhone } from '../../lib/contact';
import { announceAllPetsChanged } from '../../plugins/changes';
import { type OrganizationPort, createOrganizationPort } from './organization.port';
import { createOrganizationRepository } from './organization.repository';
import { organizationRoutes } from './organization.routes';
import { createOrganizationService } from './organization.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The organisation's settings and time zone as every module reads them; registered before the modules that read them. */
    organizationPort: OrganizationPort;
  }
}

/** The organisation's settings: the port built once (every module reads them through it), the service, then its routes. */
export const organizationModule = fp(
  async (app: FastifyInstance) => {
    const port = createOrganizationPort(app.config, app.db);
    app.decorate('organizationPort', port);
    const service = createOrganizationService({
      repo: createOrganizationRepository(app.db),
      settings: port,
      history: app.historyPort,
      // Like every phone the server keeps: E.164, read in ORG_COUNTRY when written without its prefix.
      normalisePhone: (raw) => normalisePhone(raw, app.config.orgCountry),
      // The modules that follow the zone (the dashboard's monthly figures) do so in the save's transaction, and the
      // public catalogue's cached answers (their care badges count days from the zone's today) are dropped on every instance.
      onTimeZone: async (tx, timeZone) => {
        await port.announceTimeZone(tx, timeZone);
        await announceAllPetsChanged(tx);
      },
    });
    await app.register(organizationRoutes(service));
  },
  { name: 'organization', dependencies: ['db', 'access', 'history'] },
);
