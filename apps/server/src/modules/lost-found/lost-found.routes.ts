import {
  REPORT_LIMITS,
  apiErrorBodySchema,
  lostFoundMessages,
  numericIdParamsSchema,
  publicReportsQuerySchema,
  publicReportsResponseSchema,
  reportCandidatesResponseSchema,
  reportCardPath,
  reportPhotoParamsSchema,
  reportPhotoQuerySchema,
  staffReportStateSchema,
  reportCreatedSchema,
  reportFieldsSchema,
  lostFoundReportSchema,
  ownReportSchema,
  reportTokenParamsSchema,
  reportUpdateSchema,
  staffReportsQuerySchema,
  staffReportsResponseSchema,
} from '@refugio/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStoredObject } from '../../lib/send-stored-object';
import { parseFields } from '../../lib/multipart-form';
import { receivePublicPhotoForm } from '../../media/public-photo-form';
import { ReportHoneypotFilled } from './lost-found.service';

const staff = { access: 'staff' as const };
const tags = ['Perdidos y encontrados'];
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  413: apiErrorBodySchema,
  415: apiErrorBodySchema,
  429: apiErrorBodySchema,
};

/** A file name for a download: the report's title without what a file system or a header would choke on. */
function fileName(title: string, suffix: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${base || 'aviso'}-${suffix}`;
}

function sendPdf(reply: FastifyReply, pdf: Buffer, title: string) {
  return reply
    .header('cache-control', 'private, no-store')
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${fileName(title, 'cartel.pdf')}"`)
    .send(pdf);
}

/** Lost and found (DESIGN section 19): public reports with their private link, the public list, staff's list and candidates. */
export const lostFoundRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.lostFound;

  app.post(
    '/api/public/avisos',
    {
      config: { access: 'public', budget: 'publicSubmission', crossSite: true },
      schema: {
        tags,
        summary: 'Publicar un aviso de animal perdido o encontrado (multipart)',
        description:
          'Campos de texto primero: tipo (perdido, encontrado), especie, sexo?, color, tamano?, microchip?, municipio, codigoPostal, fecha, descripcion, contacto y aceptaPrivacidad; después hasta 3 `fotos`. Responde `{ id, url }`: `url` es el enlace privado para gestionar el aviso. Caduca a los 60 días si no se renueva. El campo `sitioWeb` es una trampa para robots.',
        consumes: ['multipart/form-data'],
        response: { 201: reportCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const created = await receivePublicPhotoForm(app, request, {
          limits: { photos: REPORT_LIMITS.photos, photoBytes: REPORT_LIMITS.photoBytes, fields: 20, fieldBytes: 16 * 1024, frameBytes: 64 * 1024 },
          messages: lostFoundMessages,
          admit: async (raw) => service.admit(parseFields(reportFieldsSchema, raw)),
          store: service.storePhoto,
          remove: service.removeFiles,
          save: (fields, fotos) => service.submit(fields, fotos),
        });
        return reply.status(201).send(created);
      } catch (error) {
        if (!(error instanceof ReportHoneypotFilled)) throw error;
        return reply.status(201).send({ id: 0, url: '' });
      }
    },
  );

  app.get(
    '/api/public/avisos',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Avisos abiertos, sin datos de contacto',
        querystring: publicReportsQuerySchema,
        response: { 200: publicReportsResponseSchema, ...errors },
      },
    },
    async (request) => service.listPublic(request.query),
  );

  app.get(
    '/api/public/avisos/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Un aviso por su enlace privado',
        params: reportTokenParamsSchema,
        response: { 200: ownReportSchema, ...errors },
      },
    },
    async (request) => service.byLink(request.params.token),
  );

  app.patch(
    '/api/public/avisos/:token',
    {
      config: { access: 'public', crossSite: true },
      schema: {
        tags,
        summary: 'Actualizar, cerrar o renovar un aviso por su enlace privado',
        params: reportTokenParamsSchema,
        body: reportUpdateSchema,
        response: { 200: ownReportSchema, ...errors },
      },
    },
    async (request) => service.updateByLink(request.params.token, request.body),
  );

  app.get(
    '/api/avisos',
    {
      config: staff,
      schema: { tags, summary: 'Avisos (equipo)', querystring: staffReportsQuerySchema, response: { 200: staffReportsResponseSchema, ...errors } },
    },
    async (request) => service.listStaff(request.query),
  );

  app.get(
    '/api/avisos/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Un aviso (equipo), con su contacto',
        params: numericIdParamsSchema,
        response: { 200: lostFoundReportSchema, ...errors },
      },
    },
    async (request) => service.one(request.params.id),
  );

  app.get(
    '/api/avisos/:id/coincidencias',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Posibles coincidencias de un aviso, ordenadas',
        description:
          'De los avisos abiertos del otro tipo y de las mascotas que entraron como extraviadas: mismo microchip primero, luego especie, sexo, color, tamaño, distancia por código postal y fechas.',
        params: numericIdParamsSchema,
        response: { 200: reportCandidatesResponseSchema, ...errors },
      },
    },
    async (request) => service.candidates(request.params.id),
  );

  app.post(
    '/api/avisos/:id/estado',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Cerrar un aviso (reunido con su familia, o cerrado)',
        description: 'Con la versión que se vio: otra versión, o un aviso ya cerrado, responden 409.',
        params: numericIdParamsSchema,
        body: staffReportStateSchema,
        response: { 200: lostFoundReportSchema, ...errors },
      },
    },
    async (request) => service.setStateByStaff(request.user!, request.params.id, request.body),
  );

  app.get(
    '/api/avisos/:id/fotos/:indice',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Una foto de un aviso (o su miniatura con ?miniatura)',
        params: reportPhotoParamsSchema,
        querystring: reportPhotoQuerySchema,
      },
    },
    async (request, reply) => {
      const { key, contentType } = await service.photo(request.params.id, request.params.indice, request.query.miniatura !== undefined, 'staff');
      return sendStoredObject(request, reply, app.storage, key, contentType, lostFoundMessages.photoNotFound, 'private');
    },
  );

  app.get(
    '/api/public/avisos/:id/fotos/:indice',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Una foto de un aviso abierto (o su miniatura con ?miniatura)',
        description: 'Un aviso cerrado, caducado o desconocido responde 404.',
        params: reportPhotoParamsSchema,
        querystring: reportPhotoQuerySchema,
      },
    },
    async (request, reply) => {
      const { key, contentType } = await service.photo(request.params.id, request.params.indice, request.query.miniatura !== undefined, 'public');
      return sendStoredObject(request, reply, app.storage, key, contentType, lostFoundMessages.photoNotFound, 'private');
    },
  );

  app.get(
    '/api/public/avisos/:id/tarjeta.jpg',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Imagen para compartir un aviso abierto (JPEG 1080x1080): «SE BUSCA» o «ENCONTRADO»',
        description: 'Su primera foto, tres datos y la organización. Un aviso cerrado, caducado o desconocido responde 404.',
        params: numericIdParamsSchema,
        produces: ['image/jpeg'],
        response: { 404: apiErrorBodySchema, 400: apiErrorBodySchema, 503: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { jpeg, nombre } = await service.card(request.params.id);
      return (reply as FastifyReply)
        .header('cache-control', 'public, max-age=300')
        .header('cross-origin-resource-policy', 'cross-origin')
        .type('image/jpeg')
        .header('content-disposition', `inline; filename="${fileName(nombre, 'tarjeta.jpg')}"`)
        .send(jpeg);
    },
  );

  // The address DESIGN section 19 names: the same image, at its JPEG address (as the pets' cards).
  app.get(
    '/api/public/avisos/:id/tarjeta.png',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Imagen para compartir un aviso (dirección de DESIGN): redirige a `tarjeta.jpg`', params: numericIdParamsSchema },
    },
    async (request, reply) => reply.header('cache-control', 'public, max-age=300').redirect(reportCardPath(request.params.id), 301),
  );

  app.get(
    '/api/public/avisos/:token/cartel.pdf',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Cartel A4 de un aviso por su enlace privado (PDF), con el contacto de quien lo publicó',
        params: reportTokenParamsSchema,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { pdf, nombre } = await service.posterByLink(request.params.token);
      return sendPdf(reply, pdf, nombre);
    },
  );

  app.get(
    '/api/avisos/:id/cartel.pdf',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Cartel A4 de un aviso (PDF), con el contacto de la organización',
        params: numericIdParamsSchema,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { pdf, nombre } = await service.posterForStaff(request.params.id);
      return sendPdf(reply, pdf, nombre);
    },
  );
};
