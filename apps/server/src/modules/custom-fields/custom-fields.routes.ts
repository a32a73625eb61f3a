import {
  apiErrorBodySchema,
  customFieldIdParamsSchema,
  customFieldInputSchema,
  customFieldListQuerySchema,
  customFieldSchema,
  reorderCustomFieldsInputSchema,
  updateCustomFieldInputSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CustomFieldsService } from './custom-fields.service';

const tags = ['Campos propios'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
// Who may call each route is the permission table's (ROUTE_PERMISSIONS): reading for every staff role, the rest `campos`.
const staff = { access: 'staff' as const };
const listSchema = z.object({ items: z.array(customFieldSchema) });

/** The organisation's own fields on pets and persons (DESIGN section 21). */
export const customFieldsRoutes =
  (service: CustomFieldsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/campos',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Los campos propios de animales y personas, en su orden',
          description: 'Sin `archivados=true`, solo los que están en uso en los formularios.',
          querystring: customFieldListQuerySchema,
          response: { 200: listSchema, ...errors },
        },
      },
      async (request) => ({ items: await service.list(request.query.entidad, request.query.archivados === 'true') }),
    );

    app.post(
      '/api/campos',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Crear un campo propio (va el último de su entidad)',
          description: 'La clave no cambia nunca y no se reutiliza, ni la de un campo archivado: 409 si ya existe.',
          body: customFieldInputSchema,
          response: { 201: customFieldSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(request.user!, request.body)),
    );

    // Registered before `/api/campos/:id`, which it would otherwise match.
    app.put(
      '/api/campos/orden',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Cambiar el orden de los campos de una entidad',
          description: 'Los identificadores enviados van primero, en ese orden; los demás (archivados) después.',
          body: reorderCustomFieldsInputSchema,
          response: { 200: listSchema, ...errors },
        },
      },
      async (request) => ({ items: await service.reorder(request.user!, request.body.entidad, request.body.ids) }),
    );

    app.put(
      '/api/campos/:id',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Cambiar el nombre, las opciones, las especies, la ayuda o las marcas de un campo',
          description:
            'Con la versión que se leyó: si otra persona guardó antes, 409. La clave y el tipo no cambian (400); una opción que alguna ficha tiene elegida no se puede quitar (400).',
          params: customFieldIdParamsSchema,
          body: updateCustomFieldInputSchema,
          response: { 200: customFieldSchema, ...errors },
        },
      },
      async (request) => service.update(request.user!, request.params.id, request.body),
    );

    app.post(
      '/api/campos/:id/archivar',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Archivar un campo: sus valores se conservan y deja los formularios',
          params: customFieldIdParamsSchema,
          response: { 200: customFieldSchema, ...errors },
        },
      },
      async (request) => service.setArchived(request.user!, request.params.id, true),
    );

    app.post(
      '/api/campos/:id/recuperar',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Recuperar un campo archivado, con sus valores',
          params: customFieldIdParamsSchema,
          response: { 200: customFieldSchema, ...errors },
        },
      },
      async (request) => service.setArchived(request.user!, request.params.id, false),
    );
  };
