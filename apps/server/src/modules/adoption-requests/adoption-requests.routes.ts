import {
  ADOPTION_EXPORT_MAX_ROWS,
  addAdoptionNoteInputSchema,
  adoptionRequestIdParamsSchema,
  adoptionRequestSchema,
  apiErrorBodySchema,
  confirmApplicationContactInputSchema,
  listAdoptionRequestsQuerySchema,
  listAdoptionRequestsResponseSchema,
  moveAdoptionRequestInputSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTableExport } from '../../lib/table-export';

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

  const exportQuery = listAdoptionRequestsQuerySchema.pick({ estado: true, mascotaId: true, personaId: true, q: true });
  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/api/solicitudes-adopcion.${format}`,
      {
        config: staff,
        schema: {
          tags,
          summary: format === 'csv' ? 'Exportar a CSV (mismos filtros que la lista)' : 'Exportar a Excel, .xlsx (mismos filtros que la lista)',
          description:
            (format === 'csv'
              ? "UTF-8 con BOM, una fila de encabezados en español, cada celda entre comillas; una fórmula (= + - @ al principio, o tras una coma, un punto y coma, un tabulador o un salto de línea dentro de la celda) lleva ' delante. "
              : 'Una hoja con encabezados en español y todas las celdas como texto (sin fórmulas ni apóstrofos). ') +
            `Fechas en la zona horaria de la organización (también la del nombre del archivo); como mucho ${ADOPTION_EXPORT_MAX_ROWS} filas.`,
          querystring: exportQuery,
          response: { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
          produces: [format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        },
      },
      async (request, reply) =>
        sendTableExport(reply, await service.exportTable(request.query), { format, base: 'solicitudes-adopcion', sheet: 'Solicitudes' }),
    );
  }

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

  app.post(
    '/api/solicitudes-adopcion/:id/contacto',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Confirmar otro contacto para la solicitud',
        description:
          'Todo lo de la solicitud (contrato, códigos, seguimientos, recordatorios) va al contacto que dio quien la envió; ' +
          'con esta acción el equipo confirma otro (queda en el historial). Correo y teléfono se normalizan; al menos uno.',
        params: adoptionRequestIdParamsSchema,
        body: confirmApplicationContactInputSchema,
        response: { 200: adoptionRequestSchema, ...errors },
      },
    },
    async (request) => service.confirmContact(request.user!, request.params.id, request.body),
  );
};
