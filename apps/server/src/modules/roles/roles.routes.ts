import {
  apiErrorBodySchema,
  listOrganizationRolesResponseSchema,
  organizationRoleIdParamsSchema,
  organizationRoleInputSchema,
  organizationRoleSchema,
  updateOrganizationRoleInputSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RolesService } from './roles.service';

const tags = ['Roles de la organización'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
const admin = { access: 'admin' as const };

/** The organisation's own roles (DESIGN section 21): administrators only (the `usuarios` capability). */
export const rolesRoutes =
  (service: RolesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/roles',
      {
        config: admin,
        schema: { tags, summary: 'Los roles de la organización', response: { 200: listOrganizationRolesResponseSchema, ...errors } },
      },
      async () => ({ items: await service.list() }),
    );

    app.post(
      '/api/roles',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Crear un rol de la organización a partir de uno de los seis',
          description:
            'Las capacidades son nombres de la tabla de permisos; «cuenta» va siempre. Las que son solo de Administrador (usuarios, ajustes, personas.rgpd) se rechazan con un 400 que las nombra.',
          body: organizationRoleInputSchema,
          response: { 201: organizationRoleSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(request.user!, request.body)),
    );

    app.put(
      '/api/roles/:id',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Cambiar el nombre, las capacidades o si oculta los datos personales',
          description: 'Con la versión que se leyó: si otra persona guardó antes, 409. Llega a las sesiones abiertas en SESSION_CACHE_SECONDS.',
          params: organizationRoleIdParamsSchema,
          body: updateOrganizationRoleInputSchema,
          response: { 200: organizationRoleSchema, ...errors },
        },
      },
      async (request) => service.update(request.user!, request.params.id, request.body),
    );

    app.delete(
      '/api/roles/:id',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Eliminar un rol que ningún usuario tiene',
          params: organizationRoleIdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.remove(request.user!, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
