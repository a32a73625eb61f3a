import {
  apiErrorBodySchema,
  firestoreErrorSchema,
  firestoreUsersResponseSchema,
  getUserRoleQuerySchema,
  getUserRoleResponseSchema,
  messages,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The serverless functions the specification calls, mounted under /api/functions/ (DESIGN section 4); served by the users service. */
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
    async (request) => app.usersService.getUserRole(request.user!, request.query.uid),
  );

  // The original function answers `{ error }` rather than the API's error shape (errorShape 'firebase').
  app.get(
    '/api/functions/getFirestoreUsers',
    {
      config: { access: 'admin', errorShape: 'firebase', failureMessage: messages.users.listError },
      schema: {
        tags: ['Usuarios'],
        summary: 'Lista de usuarios (compatibilidad)',
        description: 'Acepta la cookie de sesión o `Authorization: Bearer <token de sesión>`. Solo administradores.',
        response: { 200: firestoreUsersResponseSchema, 401: firestoreErrorSchema, 403: firestoreErrorSchema },
      },
    },
    async () => {
      const users = await app.usersService.list({ sort: 'name', order: 'asc' });
      return {
        users: users.map(({ id, name, lastname, mail, permisos, color, createdAt, updatedAt, rol }) => ({
          id,
          name,
          lastname,
          mail,
          permisos,
          color,
          createdAt,
          updatedAt,
          rol,
        })),
      };
    },
  );
};
