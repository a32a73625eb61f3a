import {
  CARE_ATTACHMENT_MAX_BYTES,
  apiErrorBodySchema,
  applyProtocolInputSchema,
  applyProtocolResultSchema,
  careAttachmentParamsSchema,
  careAttachmentSchema,
  careMessages,
  careRecordIdParamsSchema,
  careRecordSchema,
  careSheetSchema,
  createCareRecordInputSchema,
  listCareDueQuerySchema,
  listCareDueResponseSchema,
  listProtocolsResponseSchema,
  markCareDoneInputSchema,
  markCareDoneResultSchema,
  patchCareRecordInputSchema,
  petIdParamsSchema,
  protocolIdParamsSchema,
  protocolInputSchema,
  protocolSchema,
  undoCareDoneInputSchema,
  undoCareDoneResultSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { readMultipartForm } from '../../lib/multipart-form';
import { sendStoredObject } from '../../lib/send-stored-object';
import { renderCarePdf } from './care-pdf';

const staff = { access: 'staff' as const };
const admin = { access: 'admin' as const };
const tags = ['Salud'];
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  413: apiErrorBodySchema,
  415: apiErrorBodySchema,
};

/** Care records, protocols and what is due (DESIGN section 11). Everything here is for staff. */
export const careRoutes: FastifyPluginAsyncZod = async (app) => {
  const care = app.careService;

  app.get(
    '/api/mascotas/:id/salud',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Registros de salud de una mascota: hechos, próximos y pesos',
        params: petIdParamsSchema,
        response: { 200: careSheetSchema, ...errors },
      },
    },
    async (request) => care.sheet(request.params.id),
  );

  app.post(
    '/api/mascotas/:id/salud',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Nuevo registro de salud (programado o hecho)',
        description: 'Hace falta una fecha prevista o la fecha en que se hizo; esta nunca es posterior a hoy (zona horaria de la organización).',
        params: petIdParamsSchema,
        body: createCareRecordInputSchema,
        response: { 201: careRecordSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await care.create(request.user!, request.params.id, request.body)),
  );

  app.post(
    '/api/mascotas/:id/salud/protocolo',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Aplicar un protocolo: programa cada paso desde la fecha de inicio',
        params: petIdParamsSchema,
        body: applyProtocolInputSchema,
        response: { 201: applyProtocolResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ registros: await care.applyProtocol(request.user!, request.params.id, request.body) }),
  );

  app.get(
    '/api/mascotas/:id/salud.pdf',
    {
      config: staff,
      schema: { tags, summary: 'Historia clínica en PDF', params: petIdParamsSchema, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const { pet, sheet } = await care.sheetWithPet(request.params.id);
      const pdf = await renderCarePdf({ pet, sheet, organization: await care.organizationContact(), today: await care.today() });
      const name = `historia-clinica-${pet.id}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.patch(
    '/api/salud/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Editar un registro de salud',
        description: 'Con la versión de la que partió la edición: si ya no es la actual responde 409 y no cambia nada.',
        params: careRecordIdParamsSchema,
        body: patchCareRecordInputSchema,
        response: { 200: careRecordSchema, ...errors },
      },
    },
    async (request) => care.patch(request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/salud/:id/hecho',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Marcar como hecho (con repetirCadaDias, se programa el siguiente)',
        params: careRecordIdParamsSchema,
        body: markCareDoneInputSchema,
        response: { 200: markCareDoneResultSchema, ...errors },
      },
    },
    async (request) => care.markDone(request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/salud/:id/hecho/deshacer',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Deshacer «Hecho»: vuelve a quedar programado y se quita el siguiente que programó si nadie lo ha tocado',
        description: 'Con la versión que respondió «Hecho»: si otra persona cambió el registro desde entonces responde 409 y no cambia nada.',
        params: careRecordIdParamsSchema,
        body: undoCareDoneInputSchema,
        response: { 200: undoCareDoneResultSchema, ...errors },
      },
    },
    async (request) => care.undoDone(request.user!, request.params.id, request.body),
  );

  app.delete(
    '/api/salud/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Eliminar un registro de salud (queda en el historial)',
        params: careRecordIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await care.remove(request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/salud/:id/adjuntos',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Adjuntar un archivo (multipart, campo `file`; PDF, JPEG, PNG o WebP por su contenido; máx. 10MB)',
        consumes: ['multipart/form-data'],
        params: careRecordIdParamsSchema,
        response: { 201: careAttachmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { files } = await readMultipartForm(request, {
        fileFields: ['file'],
        maxFileBytes: CARE_ATTACHMENT_MAX_BYTES,
        maxFiles: 1,
        tooLargeMessage: careMessages.attachmentTooBig,
        tooManyMessage: careMessages.attachmentOneOnly,
      });
      const file = files[0];
      if (!file)
        throw new AppError('VALIDATION_ERROR', { message: careMessages.attachmentMissing, fieldErrors: { file: careMessages.attachmentMissing } });
      if (file.data.length === 0)
        throw new AppError('VALIDATION_ERROR', { message: careMessages.attachmentEmpty, fieldErrors: { file: careMessages.attachmentEmpty } });
      return reply.status(201).send(await care.addAttachment(request.user!, request.params.id, file));
    },
  );

  app.get(
    '/api/salud/:id/adjuntos/:adjuntoId',
    {
      config: staff,
      schema: { tags, summary: 'Descargar un adjunto (solo el equipo; nunca en cachés compartidas)', params: careAttachmentParamsSchema },
    },
    async (request, reply) => {
      const row = await care.findAttachment(request.params.id, request.params.adjuntoId);
      // A download, under the name it was sent with (ASCII fallback plus the UTF-8 name).
      const ascii = row.nombre.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      const disposition = `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.nombre)}`;
      return sendStoredObject(request, reply, app.storage, row.clave, row.tipo, careMessages.attachmentNotFound, 'private', disposition);
    },
  );

  app.delete(
    '/api/salud/:id/adjuntos/:adjuntoId',
    {
      config: staff,
      schema: { tags, summary: 'Quitar un adjunto', params: careAttachmentParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await care.removeAttachment(request.user!, request.params.id, request.params.adjuntoId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/salud/pendientes',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Cuidados pendientes: programados sin hacer hasta una fecha (por defecto hoy), los más vencidos primero',
        querystring: listCareDueQuerySchema,
        response: { 200: listCareDueResponseSchema, ...errors },
      },
    },
    async (request) => care.due(request.query),
  );

  /* ------------------------------------------------------------------ protocols */

  app.get(
    '/api/protocolos',
    { config: staff, schema: { tags, summary: 'Protocolos de salud por especie', response: { 200: listProtocolsResponseSchema, ...errors } } },
    async () => ({ items: await care.listProtocols() }),
  );

  app.post(
    '/api/protocolos',
    {
      config: admin,
      schema: { tags, summary: 'Nuevo protocolo (administradores)', body: protocolInputSchema, response: { 201: protocolSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await care.createProtocol(request.user!, request.body)),
  );

  app.put(
    '/api/protocolos/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Cambiar un protocolo (administradores)',
        params: protocolIdParamsSchema,
        body: protocolInputSchema,
        response: { 200: protocolSchema, ...errors },
      },
    },
    async (request) => care.updateProtocol(request.user!, request.params.id, request.body),
  );
};
