import {
  apiErrorBodySchema,
  firestoreErrorSchema,
  firestoreUsersResponseSchema,
  getUserRoleQuerySchema,
  getUserRoleResponseSchema,
  messages,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { getUserRole, listUsers } from '../users/users.service';

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
    async (request) => getUserRole(app.db, request.user!, request.query.uid),
  );

  // The original function answers `{ error }` rather than the API's error shape; its own scope keeps that.
  await app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      if (
        error instanceof AppError &&
        (error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN' || error.code === 'PASSWORD_CHANGE_REQUIRED')
      ) {
        return reply.status(error.statusCode).send({ error: error.message });
      }
      // Other refusals (a request budget's 429…) keep their status, in the function's `{ error }` shape.
      const status = error instanceof AppError ? error.statusCode : ((error as { statusCode?: number }).statusCode ?? 500);
      if (status >= 400 && status < 500)
        return reply.status(status).send({ error: error instanceof Error ? error.message : messages.users.listError });
      request.log.error({ err: error }, 'getFirestoreUsers failed');
      return reply.status(500).send({ error: messages.users.listError });
    });

    scope.withTypeProvider<ZodTypeProvider>().get(
      '/api/functions/getFirestoreUsers',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['Usuarios'],
          summary: 'Lista de usuarios (compatibilidad)',
          description: 'Acepta la cookie de sesión o `Authorization: Bearer <token de sesión>`. Solo administradores.',
          response: { 200: firestoreUsersResponseSchema, 401: firestoreErrorSchema, 403: firestoreErrorSchema },
        },
      },
      async () => {
        const users = await listUsers(app.db, { sort: 'name', order: 'asc' });
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
  });
};
