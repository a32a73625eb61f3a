import {
  apiErrorBodySchema,
  createUserInputSchema,
  listUsersQuerySchema,
  listUsersResponseSchema,
  resetPasswordInputSchema,
  updateUserInputSchema,
  userIdParamsSchema,
  userSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
const admin = { access: 'admin' as const };
const tags = ['Usuarios'];

/** Staff accounts: administrators only (DESIGN section 5). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.usersService;

  app.get(
    '/api/users',
    {
      config: admin,
      schema: { tags, summary: 'Lista de usuarios', querystring: listUsersQuerySchema, response: { 200: listUsersResponseSchema, ...errors } },
    },
    async (request) => {
      const items = await users.list(request.query);
      return { items, total: items.length };
    },
  );

  app.post(
    '/api/users',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Crear un usuario',
        description: 'La contraseña es temporal: el usuario debe cambiarla en su primer inicio de sesión.',
        body: createUserInputSchema,
        response: { 201: userSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await users.create(request.user!, request.body)),
  );

  app.patch(
    '/api/users/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Editar nombre, apellido, rol, permisos o color',
        params: userIdParamsSchema,
        body: updateUserInputSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => users.update(request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/users/:id/disable',
    {
      config: admin,
      schema: { tags, summary: 'Desactivar (cierra sus sesiones al instante)', params: userIdParamsSchema, response: { 200: userSchema, ...errors } },
    },
    async (request) => users.disable(request.user!, request.params.id),
  );

  app.post(
    '/api/users/:id/enable',
    { config: admin, schema: { tags, summary: 'Reactivar', params: userIdParamsSchema, response: { 200: userSchema, ...errors } } },
    async (request) => users.enable(request.user!, request.params.id),
  );

  app.post(
    '/api/users/:id/reset-password',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Asignar una contraseña temporal',
        description: 'Cierra las sesiones del usuario, que deberá elegir una contraseña nueva al entrar.',
        params: userIdParamsSchema,
        body: resetPasswordInputSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => users.resetPassword(request.user!, request.params.id, request.body.password),
  );

  app.post(
    '/api/users/:id/reset-two-factor',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Restablecer la verificación en dos pasos (teléfono perdido)',
        description: 'Borra su TOTP y sus códigos de respaldo y cierra sus sesiones; si su rol la exige, la activará al volver a entrar.',
        params: userIdParamsSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => users.resetTwoFactor(request.user!, request.params.id),
  );

  app.delete(
    '/api/users/:id',
    { config: admin, schema: { tags, summary: 'Eliminar un usuario', params: userIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await users.remove(request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
