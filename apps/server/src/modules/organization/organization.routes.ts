import { apiErrorBodySchema, organizationSettingsSchema, saveOrganizationInputSchema } from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OrganizationService } from './organization.service';

const tags = ['Organización'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 409: apiErrorBodySchema };

/** The organisation's settings (DESIGN section 10): staff read them, administrators save them on "Configuración". */
export const organizationRoutes =
  (service: OrganizationService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/organizacion',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Datos de la organización: nombre, contacto, web, dirección y zona horaria',
          response: { 200: organizationSettingsSchema, ...errors },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.get();
      },
    );

    app.put(
      '/api/organizacion',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Guardar los datos de la organización (administradores)',
          body: saveOrganizationInputSchema,
          response: { 200: organizationSettingsSchema, ...errors },
        },
      },
      async (request) => service.save(request.user!, request.body),
    );
  };
