import { apiErrorBodySchema, staffNoticesSchema } from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createNoticesRepository } from './notices.repository';

const staff = { access: 'staff' as const };
const tags = ['Usuarios'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };

/** The signed-in member of staff chooses whether they are told by e-mail of new applications and registrations. */
export const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createNoticesRepository(app.db);
  app.get(
    '/api/cuenta/avisos',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Mis avisos por correo de solicitudes y registros nuevos de seguimientos que piden ayuda y de turnos cancelados a última hora',
        response: { 200: staffNoticesSchema, ...errors },
      },
    },
    async (request) => repo.get(request.user!.id),
  );

  app.put(
    '/api/cuenta/avisos',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Elegir mis avisos por correo de solicitudes y registros nuevos de seguimientos que piden ayuda y de turnos cancelados a última hora',
        body: staffNoticesSchema,
        response: { 200: staffNoticesSchema, ...errors },
      },
    },
    async (request) => repo.set(request.user!.id, request.body),
  );
};
