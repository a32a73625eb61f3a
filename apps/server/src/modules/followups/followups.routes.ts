import { randomBytes } from 'node:crypto';
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
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FollowupPhoto } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parseFields } from '../../lib/multipart-form';
import { sendStoredObject } from '../../lib/send-stored-object';
import type { FollowupRow } from './followups.repository';

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
const tokenParams = z.object({ token: z.string().max(200) });
/** Every photo at its limit, plus room for the text fields and the multipart framing. */
const MAX_BODY_BYTES = FOLLOWUP_LIMITS.photos * FOLLOWUP_LIMITS.photoBytes + 64 * 1024;

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
        querystring: z.object({ miniatura: z.string().optional() }),
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
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Envía el formulario como multipart/form-data.' });
      if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', { message: followupMessages.photoTooBig });
      const upload = await app.budgets.admitPublicUpload(request);
      const folder = `${Date.now()}_${randomBytes(8).toString('hex')}`;
      const fotos: FollowupPhoto[] = [];
      const raw: Record<string, string> = {};
      let admitted: { row: FollowupRow; fields: ReturnType<typeof followupAnswerFieldsSchema.parse> } | undefined;
      const admit = async () => {
        const fields = parseFields(followupAnswerFieldsSchema, raw);
        return { row: await service.admitAnswer(request.params.token), fields };
      };
      try {
        const parts = request.parts({
          limits: { fileSize: FOLLOWUP_LIMITS.photoBytes, files: FOLLOWUP_LIMITS.photos + 1, fields: 10, fieldSize: 16 * 1024 },
        });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (admitted) throw new AppError('VALIDATION_ERROR', { message: 'Envía los campos de texto antes que las fotos.' });
            raw[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
            continue;
          }
          if (part.filename === '') {
            part.file.resume();
            continue;
          }
          admitted ??= await admit();
          if (part.fieldname !== 'fotos') {
            part.file.resume();
            throw new AppError('VALIDATION_ERROR', { message: `Campo de archivo no esperado: ${part.fieldname}.` });
          }
          if (fotos.length >= FOLLOWUP_LIMITS.photos) {
            part.file.resume();
            throw new AppError('PAYLOAD_TOO_LARGE', {
              message: followupMessages.tooManyPhotos,
              fieldErrors: { fotos: followupMessages.tooManyPhotos },
            });
          }
          const data = await part.toBuffer().catch((error: unknown) => {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
              throw new AppError('PAYLOAD_TOO_LARGE', {
                message: followupMessages.photoTooBig,
                fieldErrors: { fotos: followupMessages.photoTooBig },
              });
            throw error;
          });
          fotos.push(await service.storePhoto(folder, fotos.length, data));
        }
        admitted ??= await admit();
        await service.saveAnswer(admitted.row, admitted.fields, fotos);
        await upload.settle(fotos.reduce((sum, f) => sum + f.bytes, 0));
        return reply.status(201).send({ ok: true as const });
      } catch (error) {
        await upload.settle(0);
        await service.removeFiles(fotos.flatMap((f) => [f.key, f.thumbKey]));
        throw error;
      }
    },
  );
};
