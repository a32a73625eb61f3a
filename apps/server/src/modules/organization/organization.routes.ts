import { type OrganizationSettings, apiErrorBodySchema, organizationSettingsSchema } from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOrganizationSettings } from '../../lib/organization';

/** The organisation's settings (DESIGN section 10): its time zone and public contact, from the environment (`lib/organization.ts`). */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = createOrganizationSettings(app.config);

  app.get(
    '/api/organizacion',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['Organización'],
        summary: 'Ajustes de la organización (zona horaria)',
        response: { 200: organizationSettingsSchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
      },
    },
    (): Promise<OrganizationSettings> => settings.get(),
  );
};
