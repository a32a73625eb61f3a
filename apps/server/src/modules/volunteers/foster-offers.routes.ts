import {
  apiErrorBodySchema,
  fosterAnswerInputSchema,
  fosterOfferViewSchema,
  fosterSearchInputSchema,
  fosterSearchSchema,
  fosterSearchSentSchema,
  oneLineText,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const staff = { access: 'staff' as const };
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  429: apiErrorBodySchema,
};
const tags = ['Voluntariado'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const offerParams = idParams.extend({ ofertaId: z.coerce.number().int().positive() });
// A token that cannot be one (hostile text, too long) is an unknown token: the same 404, nothing learnt.
const tokenParams = z.object({ token: oneLineText().max(200).catch('') });

/** "Busco acogida" (DESIGN section 17): staff send a pet's card to foster homes; each home answers with its link. */
export const fosterOffersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.fosterOffers;

  app.get(
    '/api/mascotas/:id/busco-acogida',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Busco acogida: casas de acogida sugeridas para la mascota y sus respuestas',
        params: idParams,
        response: { 200: fosterSearchSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.search(request.params.id);
    },
  );

  app.post(
    '/api/mascotas/:id/busco-acogida',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Busco acogida: enviar la ficha de la mascota a las casas de acogida, cada una con su enlace para responder',
        description: 'Sin personas, a todas las casas sugeridas disponibles hoy que tienen el canal (correo o WhatsApp con consentimiento).',
        params: idParams,
        body: fosterSearchInputSchema,
        response: { 200: fosterSearchSentSchema, ...errors },
      },
    },
    async (request) => service.send(request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/mascotas/:id/busco-acogida/:ofertaId/colocar',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Colocar la mascota en acogida con una casa que ha respondido que sí (un paso: el movimiento de acogida de hoy)',
        params: offerParams,
        response: { 200: fosterSearchSchema, ...errors },
      },
    },
    async (request) => service.place(request.user!, request.params.id, request.params.ofertaId),
  );

  app.get(
    '/api/acogida-oferta/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Lo que ve la casa de acogida con su enlace: la ficha de la mascota y su respuesta',
        params: tokenParams,
        response: { 200: fosterOfferViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.view(request.params.token);
    },
  );

  app.post(
    '/api/acogida-oferta/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Responder si la casa puede acoger a la mascota (409 si ya tiene acogida)',
        params: tokenParams,
        body: fosterAnswerInputSchema,
        response: { 200: fosterOfferViewSchema, ...errors },
      },
    },
    async (request) => service.answer(request.params.token, request.body.respuesta),
  );
};
