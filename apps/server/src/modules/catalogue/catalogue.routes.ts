import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { apiErrorBodySchema, listPublicPetsQuerySchema, listPublicPetsResponseSchema, petIdParamsSchema, publicPetSchema } from '@refugio/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLiveCache } from '../../lib/live-cache';

const open = { access: 'public' as const };
const tags = ['Público'];
const errors = { 400: apiErrorBodySchema, 404: apiErrorBodySchema };
/** Short enough that an adopted or withdrawn pet leaves the organisation's website within a minute. */
const CATALOGUE_CACHE_CONTROL = 'public, max-age=60';

/**
 * A catalogue answer as sent, made once and kept while it holds: the JSON text, compressed with brotli and gzip
 * (phones on a slow network get a quarter of the bytes, and nobody compresses it again per request), and its
 * weak ETag (the same for every encoding of it).
 */
interface CatalogueAnswer {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function catalogueAnswer(json: string): Promise<CatalogueAnswer> {
  const identity = Buffer.from(json);
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipped(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz, etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"` };
}

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
  const catalogue = app.catalogueService;
  // Strangers read the catalogue far more than staff change it: its answers are kept until a pet changes (on any
  // instance, through the change feed) or, for the pages, until the next scheduled pet becomes public.
  const pages = createLiveCache<string, CatalogueAnswer>(app.changes, { maxEntries: 500, ttlMs: 5 * 60_000, dependsOn: 'any' });
  const pets = createLiveCache<number, CatalogueAnswer>(app.changes, { maxEntries: 2_000, ttlMs: 5 * 60_000, dependsOn: 'pet' });

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
      const answer = await pages.get(JSON.stringify(request.query), async () => {
        const [page, nextPublication] = await Promise.all([catalogue.list(request.query), catalogue.nextPublicationAt()]);
        return { value: await catalogueAnswer(JSON.stringify(listPublicPetsResponseSchema.parse(page))), expiresAt: nextPublication?.getTime() };
      });
      return sendCatalogueAnswer(request, reply, answer);
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
      const answer = await pets.get(request.params.id, async () => ({
        value: await catalogueAnswer(JSON.stringify(publicPetSchema.parse(await catalogue.get(request.params.id)))),
      }));
      return sendCatalogueAnswer(request, reply, answer);
    },
  );
};
