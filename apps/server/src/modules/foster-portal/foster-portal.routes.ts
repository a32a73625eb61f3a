import { randomBytes } from 'node:crypto';
import {
  FOSTER_NEWS_LIMITS,
  acceptFosterNewsInputSchema,
  apiErrorBodySchema,
  createPortalLinkInputSchema,
  fosterNewsSchema,
  fosterPortalMessages,
  listFosterNewsQuerySchema,
  portalLinkSchema,
  portalNewsFieldsSchema,
  portalViewSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FosterNewsPhoto } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parseFields } from '../../lib/multipart-form';
import { sendStoredObject } from '../../lib/send-stored-object';
import type { PortalLinkRow } from './foster-portal.repository';

const staff = { access: 'staff' as const };
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  413: apiErrorBodySchema,
  429: apiErrorBodySchema,
};
const personParams = z.object({ id: z.coerce.number().int().positive() });
const tokenParams = z.object({ token: z.string().max(200) });
const newsParams = z.object({ id: z.coerce.number().int().positive() });
/** Every photo at its limit, plus room for the text fields and the multipart framing. */
const MAX_BODY_BYTES = FOSTER_NEWS_LIMITS.photos * FOSTER_NEWS_LIMITS.photoBytes + 256 * 1024;

/** The foster portal (DESIGN section 12): links for staff, the public portal, the news review. */
export const fosterPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.fosterPortal;

  app.post(
    '/api/personas/:id/portal',
    {
      config: staff,
      schema: {
        tags: ['Portal de acogida'],
        summary: 'Crear el enlace del portal de una casa de acogida (el anterior deja de valer) y enviarlo',
        params: personParams,
        body: createPortalLinkInputSchema.optional(),
        response: { 200: portalLinkSchema, ...errors },
      },
    },
    async (request) => service.createLink(request.user!, request.params.id, request.body?.canal),
  );

  app.delete(
    '/api/personas/:id/portal',
    {
      config: staff,
      schema: { tags: ['Portal de acogida'], summary: 'Revocar el enlace del portal', params: personParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.revoke(request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/portal/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Portal de acogida'],
        summary: 'Lo que ve la casa de acogida: su nombre, las mascotas que tiene ahora y sus cuidados pendientes',
        params: tokenParams,
        response: { 200: portalViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.view(request.params.token);
    },
  );

  app.get(
    '/api/portal/:token/mascotas/:mascotaId/foto',
    { config: { access: 'public' }, schema: { params: tokenParams.extend({ mascotaId: z.coerce.number().int().positive() }) } },
    async (request, reply) => {
      const key = await service.petPhotoKey(request.params.token, request.params.mascotaId);
      return sendStoredObject(request, reply, app.storage, key, 'image/webp', fosterPortalMessages.notFound, 'private');
    },
  );

  app.post(
    '/api/portal/:token/novedades',
    {
      config: { access: 'public', budget: 'publicSubmission', crossSite: true },
      schema: {
        tags: ['Portal de acogida'],
        summary: 'Enviar una novedad (multipart: mascotaId, texto, pesoKg?, cuidadoId? y después fotos, hasta 10 de 2 MB)',
        consumes: ['multipart/form-data'],
        params: tokenParams,
        response: { 201: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Envía el formulario como multipart/form-data.' });
      if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', { message: fosterPortalMessages.photoTooBig });
      const upload = await app.budgets.admitPublicUpload(request);
      const folder = `${Date.now()}_${randomBytes(8).toString('hex')}`;
      const fotos: FosterNewsPhoto[] = [];
      const raw: Record<string, string> = {};
      let admitted: { link: PortalLinkRow; fields: ReturnType<typeof portalNewsFieldsSchema.parse> } | undefined;
      const admit = async () => {
        const fields = parseFields(portalNewsFieldsSchema, raw);
        return { link: await service.admitNews(request.params.token, fields), fields };
      };
      try {
        const parts = request.parts({
          limits: { fileSize: FOSTER_NEWS_LIMITS.photoBytes, files: FOSTER_NEWS_LIMITS.photos + 1, fields: 20, fieldSize: 16 * 1024 },
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
          if (fotos.length >= FOSTER_NEWS_LIMITS.photos) {
            part.file.resume();
            throw new AppError('PAYLOAD_TOO_LARGE', {
              message: fosterPortalMessages.tooManyPhotos,
              fieldErrors: { fotos: fosterPortalMessages.tooManyPhotos },
            });
          }
          const data = await part.toBuffer().catch((error: unknown) => {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
              throw new AppError('PAYLOAD_TOO_LARGE', {
                message: fosterPortalMessages.photoTooBig,
                fieldErrors: { fotos: fosterPortalMessages.photoTooBig },
              });
            throw error;
          });
          fotos.push(await service.storePhoto(folder, fotos.length, data));
        }
        admitted ??= await admit();
        if (admitted.fields.texto === '' && fotos.length === 0 && admitted.fields.pesoKg === undefined && admitted.fields.cuidadoId === undefined)
          throw new AppError('VALIDATION_ERROR', {
            message: fosterPortalMessages.textRequired,
            fieldErrors: { texto: fosterPortalMessages.textRequired },
          });
        const created = await service.saveNews(admitted.link, admitted.fields, fotos);
        await upload.settle(fotos.reduce((sum, f) => sum + f.bytes, 0));
        return reply.status(201).send(created);
      } catch (error) {
        await upload.settle(0);
        await service.removeFiles(fotos.flatMap((f) => [f.key, f.thumbKey]));
        throw error;
      }
    },
  );

  app.get(
    '/api/novedades',
    {
      config: staff,
      schema: {
        tags: ['Portal de acogida'],
        summary: 'Novedades enviadas por las casas de acogida (pendientes por defecto, las más antiguas primero)',
        querystring: listFosterNewsQuerySchema,
        response: { 200: z.object({ items: z.array(fosterNewsSchema) }), ...errors },
      },
    },
    async (request) => ({ items: await service.list(request.query.estado) }),
  );

  app.get(
    '/api/novedades/:id/fotos/:indice',
    {
      config: staff,
      schema: { params: newsParams.extend({ indice: z.coerce.number().int().min(0) }), querystring: z.object({ miniatura: z.string().optional() }) },
    },
    async (request, reply) => {
      const { key, contentType } = await service.photo(request.params.id, request.params.indice, request.query.miniatura !== undefined);
      return sendStoredObject(request, reply, app.storage, key, contentType, fosterPortalMessages.newsNotFound, 'private');
    },
  );

  app.post(
    '/api/novedades/:id/aceptar',
    {
      config: staff,
      schema: {
        tags: ['Portal de acogida'],
        summary: 'Aceptar una novedad: registra el peso, marca el cuidado hecho y añade las fotos elegidas a la galería',
        params: newsParams,
        body: acceptFosterNewsInputSchema,
        response: { 200: fosterNewsSchema, ...errors },
      },
    },
    async (request) => service.accept(request.user!, request.params.id, request.body.fotos),
  );

  app.post(
    '/api/novedades/:id/rechazar',
    {
      config: staff,
      schema: {
        tags: ['Portal de acogida'],
        summary: 'Rechazar una novedad (nada cambia en la mascota)',
        params: newsParams,
        response: { 200: fosterNewsSchema, ...errors },
      },
    },
    async (request) => service.reject(request.user!, request.params.id),
  );
};
