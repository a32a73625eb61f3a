import { Readable } from 'node:stream';
import {
  addAdoptionNoteInputSchema,
  adoptionRequestIdParamsSchema,
  adoptionRequestSchema,
  apiErrorBodySchema,
  listAdoptionRequestsQuerySchema,
  listAdoptionRequestsResponseSchema,
  moveAdoptionRequestInputSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const staff = { access: 'staff' as const };
const tags = ['Solicitudes de adopción'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };

/** The staff's review of adoption requests (DESIGN section 7). */
export const adoptionRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.adoptionRequestsService;

  app.get(
    '/api/solicitudes-adopcion',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Lista de solicitudes: filtros, búsqueda, orden, páginas y cuentas por estado',
        querystring: listAdoptionRequestsQuerySchema,
        response: { 200: listAdoptionRequestsResponseSchema, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/api/solicitudes-adopcion.csv',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Exportar a CSV (mismos filtros que la lista)',
        description: "UTF-8 con BOM, una fila de encabezados; las celdas que empiezan con = + - @ llevan ' delante.",
        querystring: listAdoptionRequestsQuerySchema.pick({ estado: true, mascotaId: true, q: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="solicitudes-adopcion-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(service.csv(request.query)));
    },
  );

  app.get(
    '/api/solicitudes-adopcion/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Una solicitud: todas las respuestas, notas e historial',
        params: adoptionRequestIdParamsSchema,
        response: { 200: adoptionRequestSchema, ...errors },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/api/solicitudes-adopcion/:id/estado',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Cambiar el estado',
        description:
          'nueva -> en_revision -> aprobada | rechazada; retirada desde nueva o en_revision. Un paso no permitido o una `version` que ya no es la actual responde 409. ' +
          'Al aprobar, `marcarAdoptada` marca la mascota como adoptada y `cerrarOtras` rechaza sus otras solicitudes abiertas con una nota automática, todo en una transacción.',
        params: adoptionRequestIdParamsSchema,
        body: moveAdoptionRequestInputSchema,
        response: { 200: adoptionRequestSchema, ...errors },
      },
    },
    async (request) => service.move(request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/solicitudes-adopcion/:id/notas',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Agregar una nota del equipo',
        params: adoptionRequestIdParamsSchema,
        body: addAdoptionNoteInputSchema,
        response: { 201: adoptionRequestSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addNote(request.user!, request.params.id, request.body)),
  );
};
