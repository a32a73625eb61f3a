import {
  can,
  apiErrorBodySchema,
  listHistoryQuerySchema,
  listHistoryResponseSchema,
  petHistoryQuerySchema,
  petIdParamsSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };

/** The history of changes: the audit for administrators, and a pet's history for the team (DESIGN section 9). */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.historyService;

  app.get(
    '/api/auditoria',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Historial'],
        summary: 'Auditoría: cada cambio de los registros del refugio, del más reciente al más antiguo',
        description:
          'Filtros: entidad (tipo de registro) y entidadId, actorId (quién lo hizo), desde y hasta (días AAAA-MM-DD en la zona horaria de la organización, hasta incluido). Solo administradores.',
        querystring: listHistoryQuerySchema,
        response: { 200: listHistoryResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(request.query);
    },
  );

  app.get(
    '/api/mascotas/:id/historial',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['Historial'],
        summary: 'Historial de una mascota (sus datos, imágenes, videos, publicación y adopción)',
        description: 'Los cambios de sus apadrinamientos y donativos solo aparecen para administradores.',
        params: petIdParamsSchema,
        querystring: petHistoryQuerySchema,
        response: { 200: listHistoryResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.ofPet(request.params.id, request.query.page, request.query.pageSize, { admin: can(request.user, 'dinero') });
    },
  );
};
