import { type OrganizationSettings, apiErrorBodySchema, organizationSettingsSchema } from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The organisation's settings (DESIGN section 10): today its time zone (ORG_TIME_ZONE). */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings: OrganizationSettings = { zonaHoraria: app.config.orgTimeZone };

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
    () => settings,
  );
};
