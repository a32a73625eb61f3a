import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { normalisePhone } from '../../lib/contact';
import { createOrganizationSettings } from '../../lib/organization';
import { announceAllPetsChanged } from '../../plugins/changes';
import { dashboardPort } from '../dashboard/dashboard.port';
import { historyPort } from '../history/history.port';
import { createOrganizationRepository } from './organization.repository';
import { organizationRoutes } from './organization.routes';
import { createOrganizationService } from './organization.service';

/** The organisation's settings: the service built once, then its routes. */
export const organizationModule = fp(
  async (app: FastifyInstance) => {
    const service = createOrganizationService({
      repo: createOrganizationRepository(app.db),
      settings: createOrganizationSettings(app.config, app.db),
      history: historyPort,
      // Like every phone the server keeps: E.164, read in ORG_COUNTRY when written without its prefix.
      normalisePhone: (raw) => normalisePhone(raw, app.config.orgCountry),
      // The dashboard's monthly figures are rebuilt in the new zone with the save, and the public catalogue's
      // cached answers (their care badges count days from the zone's today) are dropped on every instance.
      onTimeZone: async (handle, timeZone) => {
        await dashboardPort.followTimeZone(handle, timeZone);
        await announceAllPetsChanged(handle);
      },
    });
    await app.register(organizationRoutes(service));
  },
  { name: 'organization', dependencies: ['db', 'access'] },
);
