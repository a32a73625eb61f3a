import {
  FOLLOWUP_LIMITS,
  apiErrorBodySchema,
  followupAnswerFieldsSchema,
  followupGalleryInputSchema,
  followupListSchema,
  followupMessages,
  followupPublicViewSchema,
  followupSchema,
  followupVersionInputSchema,
  listFollowupsQuerySchema,
  sendFollowupInputSchema,
  sentFollowupSchema,
  oneLineText,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseFields } from '../../lib/multipart-form';
import { sendStoredObject } from '../../lib/send-stored-object';
import { receivePublicPhotoForm } from '../../media/public-photo-form';

const staff = { access: 'staff' as const };
const tags = ['Seguimientos'];
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  410: apiErrorBodySchema,
  413: apiErrorBodySchema,
  429: apiErrorBodySchema,
};
const idParams = z.object({ id: z.coerce.number().int().positive() });
// A token that cannot be one (hostile text, too long) is an unknown token: the same 404, nothing learnt.
const tokenParams = z.object({ token: oneLineText().max(200).catch('') });

/** Follow-up after an adoption (DESIGN section 13): the staff's list and actions, and the adopter's phone page. */
export const followupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.followups;

  app.get(
    '/api/seguimientos',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Seguimientos y obligaciones de las adopciones: primero los que piden ayuda y los vencidos, luego por fecha',
        description:
          'estado: pendiente | enviado | respondido | hecho | anulado (los que terminó una devolución) | vencido (obligaciones pasadas sin hacer) | ayuda («necesito ayuda» sin atender); tipo: seguimiento | esterilizacion | cambio_titularidad_microchip | obligacion.',
        querystring: listFollowupsQuerySchema,
        response: { 200: followupListSchema, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/api/seguimientos/:id/enviar',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Enviar ahora un seguimiento (un enlace nuevo; el anterior deja de valer): por correo o como enlace de WhatsApp',
        params: idParams,
        body: sendFollowupInputSchema.nullish(),
        response: { 200: sentFollowupSchema, ...errors },
      },
    },
    async (request) => service.sendNow(request.user!, request.params.id, request.body?.canal ?? 'email'),
  );

  app.post(
    '/api/seguimientos/:id/hecho',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Marcar hecha una obligación (otra vez: nada cambia; una versión que ya no es la actual: 409)',
        params: idParams,
        body: followupVersionInputSchema.nullish(),
        response: { 200: followupSchema, ...errors },
      },
    },
    async (request) => service.markDone(request.user!, request.params.id, request.body?.version),
  );

  app.post(
    '/api/seguimientos/:id/deshacer',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Deshacer «Marcar hecho»: la obligación vuelve a estar pendiente',
        params: idParams,
        response: { 200: followupSchema, ...errors },
      },
    },
    async (request) => service.undoDone(request.user!, request.params.id),
  );

  app.post(
    '/api/seguimientos/:id/atendido',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Marcar atendida una respuesta «Necesito ayuda» (sale de Pendientes)',
        params: idParams,
        response: { 200: followupSchema, ...errors },
      },
    },
    async (request) => service.markHandled(request.user!, request.params.id),
  );

  app.post(
    '/api/seguimientos/:id/galeria',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Añadir fotos de una respuesta a la galería de la mascota (con la etiqueta «Final feliz»)',
        params: idParams,
        body: followupGalleryInputSchema,
        response: { 200: followupSchema, ...errors },
      },
    },
    async (request) => service.addToGallery(request.user!, request.params.id, request.body.fotos),
  );

  app.get(
    '/api/seguimientos/:id/fotos/:indice',
    {
      config: staff,
      schema: {
        params: idParams.extend({ indice: z.coerce.number().int().min(0).max(100) }),
        querystring: z.object({ miniatura: oneLineText().optional() }),
      },
    },
    async (request, reply) => {
      const { key, contentType } = await service.photo(request.params.id, request.params.indice, request.query.miniatura !== undefined);
      return sendStoredObject(request, reply, app.storage, key, contentType, followupMessages.notFound, 'private');
    },
  );

  app.get(
    '/api/seguimiento/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Lo que ve la familia adoptante: la organización, su nombre, la mascota, la pregunta y si ya respondió',
        params: tokenParams,
        response: { 200: followupPublicViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.view(request.params.token);
    },
  );

  app.get('/api/seguimiento/:token/foto', { config: { access: 'public' }, schema: { params: tokenParams } }, async (request, reply) => {
    const key = await service.petPhotoKey(request.params.token);
    return sendStoredObject(request, reply, app.storage, key, 'image/webp', followupMessages.linkNotFound, 'private');
  });

  app.post(
    '/api/seguimiento/:token',
    {
      config: { access: 'public', budget: 'publicSubmission', crossSite: true },
      schema: {
        tags,
        summary: 'Responder al seguimiento (multipart: comoVa, comentario y después fotos, hasta 5 de 2 MB); una sola vez',
        consumes: ['multipart/form-data'],
        params: tokenParams,
        response: { 201: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      await receivePublicPhotoForm(app, request, {
        limits: { photos: FOLLOWUP_LIMITS.photos, photoBytes: FOLLOWUP_LIMITS.photoBytes, fields: 10, fieldBytes: 16 * 1024, frameBytes: 64 * 1024 },
        messages: followupMessages,
        admit: async (raw) => {
          const fields = parseFields(followupAnswerFieldsSchema, raw);
          return { row: await service.admitAnswer(request.params.token), fields };
        },
        store: service.storePhoto,
        remove: service.removeFiles,
        save: ({ row, fields }, fotos) => service.saveAnswer(row, fields, fotos),
      });
      return reply.status(201).send({ ok: true as const });
    },
  );
};
