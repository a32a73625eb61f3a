import { apiErrorBodySchema, getUserRoleQuerySchema, getUserRoleResponseSchema } from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getUserRole } from '../users/users.service';

/** The serverless functions the specification calls, mounted under /api/functions/ (DESIGN section 4). */
export const functionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/functions/getUserRoleByUid',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['Usuarios'],
        summary: 'Rol de un usuario',
        description: 'Devuelve el rol (`Administrador` o `Equipo`). Cada persona puede consultar su propio rol; un administrador, el de cualquiera.',
        querystring: getUserRoleQuerySchema,
        response: { 200: getUserRoleResponseSchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => {
      const result = await getUserRole(app.db, request.user!, request.query.uid);
      return getUserRoleResponseSchema.parse(result);
    },
  );
};
