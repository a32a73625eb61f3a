import {
  REPORT_LIMITS,
  apiErrorBodySchema,
  lostFoundMessages,
  numericIdParamsSchema,
  publicReportsQuerySchema,
  publicReportsResponseSchema,
  reportCandidatesResponseSchema,
  reportCreatedSchema,
  reportFieldsSchema,
  lostFoundReportSchema,
  reportTokenParamsSchema,
  reportUpdateSchema,
  staffReportsQuerySchema,
  staffReportsResponseSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
        response: { 200: lostFoundReportSchema, ...errors },
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
        response: { 200: lostFoundReportSchema, ...errors },
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
    async (request) => service.listStaff(request.query.estado),
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
};
