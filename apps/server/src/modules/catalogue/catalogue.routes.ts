import { Negotiator } from '@fastify/accept-negotiator';
import { apiErrorBodySchema, listPublicPetsQuerySchema, listPublicPetsResponseSchema, petIdParamsSchema, publicPetSchema } from '@refugio/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogueAnswer } from './catalogue.answers';

const open = { access: 'public' as const };
const tags = ['Público'];
const errors = { 400: apiErrorBodySchema, 404: apiErrorBodySchema };
/** Short enough that an adopted or withdrawn pet leaves the organisation's website within a minute. */
const CATALOGUE_CACHE_CONTROL = 'public, max-age=60';

const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/**
 * Sends a catalogue answer with a weak ETag, `Cache-Control` with a short public max-age, and 304 for a matching
 * `If-None-Match`. Readable from any website (no credentials are involved).
 */
function sendCatalogueAnswer(request: FastifyRequest, reply: FastifyReply, answer: CatalogueAnswer) {
  void reply.header('etag', answer.etag);
  void reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
  void reply.header('access-control-allow-origin', '*');
  void reply.header('cross-origin-resource-policy', 'cross-origin');
  const tags = (request.headers['if-none-match'] ?? '').split(',').map((t) => t.trim());
  if (tags.includes(answer.etag) || tags.includes(answer.etag.slice(2)) || tags.includes('*')) return reply.code(304).send();
  void reply.header('vary', 'Accept-Encoding');
  // Already JSON (checked against the response schema when it was made): sent as it is, compressed if accepted.
  const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(encoding ? answer[encoding] : answer.identity);
}

/** The public catalogue of DESIGN section 7: the adoptable pets, for the organisation's website and /adopta. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // Kept until a pet changes (catalogue.answers.ts): strangers read the catalogue far more than staff change it.
  const answers = app.catalogueAnswers;

  app.get(
    '/api/public/mascotas',
    {
      config: open,
      schema: {
        tags,
        summary: 'Mascotas en adopción (públicas)',
        description:
          'Publicadas (o programadas cuya fecha pasó), no adoptadas ni eliminadas. Con `ETag` y `Cache-Control`; `If-None-Match` responde 304.',
        querystring: listPublicPetsQuerySchema,
        response: { 200: listPublicPetsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      return sendCatalogueAnswer(request, reply, await answers.page(request.query));
    },
  );

  app.get(
    '/api/public/mascotas/:id',
    {
      config: open,
      schema: {
        tags,
        summary: 'Una mascota en adopción',
        description: 'Cualquier mascota que no sea pública responde 404, exista o no.',
        params: petIdParamsSchema,
        response: { 200: publicPetSchema, ...errors },
      },
    },
    async (request, reply) => {
      return sendCatalogueAnswer(request, reply, await answers.pet(request.params.id));
    },
  );
};
