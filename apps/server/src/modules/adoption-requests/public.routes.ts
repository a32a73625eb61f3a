import { createHash } from 'node:crypto';
import {
  adoptionApplicationInputSchema,
  adoptionApplicationResultSchema,
  apiErrorBodySchema,
  listPublicPetsQuerySchema,
  listPublicPetsResponseSchema,
  petIdParamsSchema,
  publicPetSchema,
} from '@refugio/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAdoptionRequestsRepository } from './adoption-requests.repository';
import { createAdoptionRequestsService } from './adoption-requests.service';
import { createCatalogueRepository } from './catalogue.repository';
import { createCatalogueService } from './catalogue.service';

const open = { access: 'public' as const };
const tags = ['Público'];
const errors = { 400: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema, 413: apiErrorBodySchema, 415: apiErrorBodySchema };
/** Short enough that an adopted or withdrawn pet leaves the organisation's website within a minute. */
const CATALOGUE_CACHE_CONTROL = 'public, max-age=60';

/**
 * Caching of catalogue answers: a weak ETag over the serialised body, `Cache-Control` with a short public
 * max-age, and 304 for a matching `If-None-Match`. Readable from any website (no credentials are involved).
 */
async function cacheable(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
  void reply.header('etag', etag);
  void reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
  void reply.header('access-control-allow-origin', '*');
  void reply.header('cross-origin-resource-policy', 'cross-origin');
  const ifNoneMatch = request.headers['if-none-match'];
  const tags = (ifNoneMatch ?? '').split(',').map((t) => t.trim());
  if (tags.includes(etag) || tags.includes(etag.slice(2)) || tags.includes('*')) {
    void reply.code(304);
    return '';
  }
  return payload;
}

/** The public surface of DESIGN section 7: the catalogue of adoptable pets and the adoption application. */
export const publicAdoptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = createCatalogueService({ repo: createCatalogueRepository(app.db), storage: app.storage });
  const requests = createAdoptionRequestsService({ repo: createAdoptionRequestsRepository(app.db), isPublicPet: (id) => catalogue.isPublic(id) });

  app.get(
    '/api/public/mascotas',
    {
      config: open,
      onSend: cacheable,
      schema: {
        tags,
        summary: 'Mascotas en adopción (públicas)',
        description:
          'Publicadas (o programadas cuya fecha pasó), no adoptadas ni eliminadas. Con `ETag` y `Cache-Control`; `If-None-Match` responde 304.',
        querystring: listPublicPetsQuerySchema,
        response: { 200: listPublicPetsResponseSchema, ...errors },
      },
    },
    async (request) => catalogue.list(request.query),
  );

  app.get(
    '/api/public/mascotas/:id',
    {
      config: open,
      onSend: cacheable,
      schema: {
        tags,
        summary: 'Una mascota en adopción',
        description: 'Cualquier mascota que no sea pública responde 404, exista o no.',
        params: petIdParamsSchema,
        response: { 200: publicPetSchema, ...errors },
      },
    },
    async (request) => catalogue.get(request.params.id),
  );

  app.post(
    '/api/public/solicitudes-adopcion',
    {
      // Strangers submit from phones: PUBLIC_SUBMISSIONS_PER_HOUR per address on top of the general budget.
      config: { ...open, budget: 'publicSubmission', crossSite: true },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        summary: 'Enviar una solicitud de adopción',
        description:
          'JSON. Persona mayor de edad; `aceptaVisita` y `aceptaPrivacidad` deben ser true; `permiteMascotas` es obligatorio (y debe ser true) si la vivienda es alquilada. ' +
          'Datos no válidos: 400 con `fieldErrors`. Mascota no pública: 404. El mismo correo para la misma mascota en menos de 24 horas: 409. ' +
          'El campo `sitioWeb` es una trampa para robots: si llega con texto, responde 201 con `id` 0 y no guarda nada.',
        body: adoptionApplicationInputSchema,
        response: { 201: adoptionApplicationResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await requests.apply(request.body)),
  );
};
