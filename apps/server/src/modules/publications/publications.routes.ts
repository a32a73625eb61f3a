import {
  apiErrorBodySchema,
  listPublicationsQuerySchema,
  listPublicationsResponseSchema,
  petBatchInputSchema,
  petBatchResultSchema,
  petIdParamsSchema,
  publicationBatchInputSchema,
  publicationBatchResultSchema,
  publicationItemSchema,
  setPublicationInputSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const staff = { access: 'staff' as const };
const tags = ['Publicaciones'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };

/** Publicaciones Programadas: drafts and scheduled pets, and the calls that publish them; the pet list's bulk actions. */
export const publicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.publicationsService;
  const petBatch = app.petBatchService;

  app.get(
    '/api/publicaciones',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Mascotas en borrador o programadas (aún no públicas)',
        description: 'Primero las programadas, de la más próxima a la más lejana; después los borradores, del cambio más reciente al más antiguo.',
        querystring: listPublicationsQuerySchema,
        response: { 200: listPublicationsResponseSchema, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/phpApi/mascota/:id/publicacion',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Publicar, programar o retirar a borrador una mascota',
        description:
          'Con estado programada, publicarEn (ISO 8601) es obligatoria y no puede estar en el pasado (se admite un minuto de desfase de reloj). Con una version que ya no es la actual responde 409 y no cambia nada.',
        params: petIdParamsSchema,
        body: setPublicationInputSchema,
        response: { 200: publicationItemSchema, ...errors },
      },
    },
    async (request) => service.setPublication(request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/publicaciones/lote',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Publicar, programar o retirar varias mascotas',
        description:
          'Cada mascota se cambia por separado con su version: el resultado dice, por mascota, si se aplicó o por qué no (CONFLICT, NOT_FOUND). Una fecha ausente o pasada rechaza la solicitud entera (400).',
        body: publicationBatchInputSchema,
        response: { 200: publicationBatchResultSchema, ...errors },
      },
    },
    async (request) => service.applyBatch(request.user!, request.body),
  );

  app.post(
    '/api/mascotas/lote',
    {
      config: staff,
      schema: {
        tags: ['Mascotas'],
        summary: 'Acciones en lote de la lista de mascotas: publicar, programar, marcar adoptadas, eliminar o restaurar',
        description:
          'Para las mascotas elegidas (items, cada una con la versión mostrada) o para todas las que coinciden con el filtro de la lista (filtro, como máximo 1000; si hay más responde 400). Cada mascota se cambia en su propia transacción con las reglas de la acción individual; el resultado dice, por mascota, si se cambió, si ya estaba así (sinCambios) o por qué no (CONFLICT, NOT_FOUND, FORBIDDEN). Programar sin fecha o con una fecha pasada rechaza la solicitud entera (400).',
        body: petBatchInputSchema,
        response: { 200: petBatchResultSchema, ...errors },
      },
    },
    async (request) => petBatch.apply(request.user!, request.body),
  );
};
