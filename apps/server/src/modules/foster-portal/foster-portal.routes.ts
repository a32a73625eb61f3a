import {
  FOSTER_NEWS_LIMITS,
  acceptFosterNewsInputSchema,
  apiErrorBodySchema,
  createPortalLinkInputSchema,
  fosterNewsSchema,
  fosterPortalMessages,
  listFosterNewsQuerySchema,
  portalLinkSchema,
  portalLinkStateSchema,
  portalNewsFieldsSchema,
  portalViewSchema,
  oneLineText,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { parseFields } from '../../lib/multipart-form';
import { receivePublicPhotoForm } from '../../media/public-photo-form';
import { sendStoredObject } from '../../lib/send-stored-object';

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
// A token that cannot be one (hostile text, too long) is an unknown token: the same 404, nothing learnt.
const tokenParams = z.object({ token: oneLineText().max(200).catch('') });
const newsParams = z.object({ id: z.coerce.number().int().positive() });

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
        // Bodiless (DESIGN section 12): no body arrives as null.
        body: createPortalLinkInputSchema.nullish(),
        response: { 200: portalLinkSchema, ...errors },
      },
    },
    async (request) => service.createLink(request.user!, request.params.id, request.body?.canal),
  );

  app.get(
    '/api/personas/:id/portal',
    {
      config: staff,
      schema: {
        tags: ['Portal de acogida'],
        summary: 'Si la persona tiene un enlace del portal que funciona, y hasta cuándo',
        params: personParams,
        response: { 200: portalLinkStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.linkState(request.params.id);
    },
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
      const created = await receivePublicPhotoForm(app, request, {
        limits: {
          photos: FOSTER_NEWS_LIMITS.photos,
          photoBytes: FOSTER_NEWS_LIMITS.photoBytes,
          fields: 20,
          fieldBytes: 16 * 1024,
          frameBytes: 256 * 1024,
        },
        messages: fosterPortalMessages,
        admit: async (raw) => {
          const fields = parseFields(portalNewsFieldsSchema, raw);
          return { link: await service.admitNews(request.params.token, fields), fields };
        },
        store: service.storePhoto,
        remove: service.removeFiles,
        save: ({ link, fields }, fotos) => {
          if (fields.texto === '' && fotos.length === 0 && fields.pesoKg === undefined && fields.cuidadoId === undefined)
            throw new AppError('VALIDATION_ERROR', {
              message: fosterPortalMessages.textRequired,
              fieldErrors: { texto: fosterPortalMessages.textRequired },
            });
          return service.saveNews(link, fields, fotos);
        },
      });
      return reply.status(201).send(created);
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
      schema: {
        params: newsParams.extend({ indice: z.coerce.number().int().min(0) }),
        querystring: z.object({ miniatura: oneLineText().optional() }),
      },
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
