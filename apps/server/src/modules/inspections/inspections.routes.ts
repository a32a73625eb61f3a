import {
  apiErrorBodySchema,
  createInspectionInputSchema,
  inspectionCreatedSchema,
  inspectionListSchema,
  inspectionPetSchema,
  inspectionViewSchema,
  oneLineText,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const admin = { access: 'admin' as const };
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  429: apiErrorBodySchema,
};
/** A positive integer written canonically ('12', never '12.0', '012' or '+12'): anything else is no id. */
const canonicalId = oneLineText()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((n) => n <= 2_147_483_647);
const idParams = z.object({ id: canonicalId });
// A token that cannot be one (hostile text, too long) is an unknown token: the same 404, nothing learnt.
const tokenParams = z.object({ token: oneLineText().max(200).catch('') });
// An animal id that cannot be one reads as no animal of the book: the same 404 as an animal outside it.
const petParams = tokenParams.extend({ id: canonicalId.catch(0) });

/**
 * Inspection links (DESIGN section 16): administrators open, list and revoke them; the inspector reads through
 * `/api/inspeccion/{token}` and nothing else. Only GET is registered on the public paths: any other method there
 * answers 404 and changes nothing.
 */
export const inspectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.inspections;

  app.post(
    '/api/inspecciones',
    {
      config: admin,
      schema: {
        tags: ['Inspecciones'],
        summary: 'Abrir un enlace de inspección (solo lectura, hasta 30 días): la dirección se muestra solo ahora',
        body: createInspectionInputSchema,
        response: { 201: inspectionCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return reply.status(201).send(await service.create(request.user!, request.body));
    },
  );

  app.get(
    '/api/inspecciones',
    {
      config: admin,
      schema: {
        tags: ['Inspecciones'],
        summary: 'Los enlaces de inspección con su estado (activa, vencida, revocada) y lo que se leyó con cada uno',
        response: { 200: inspectionListSchema, ...errors },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { items: await service.list() };
    },
  );

  app.delete(
    '/api/inspecciones/:id',
    {
      config: admin,
      schema: { tags: ['Inspecciones'], summary: 'Revocar un enlace de inspección', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.revoke(request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/inspeccion/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Inspecciones'],
        summary: 'Lo que ve la inspección: su nombre, organismo, hasta cuándo vale, la organización y el libro de registro de todos los años',
        params: tokenParams,
        response: { 200: inspectionViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.view(request.params.token);
    },
  );

  app.get(
    '/api/inspeccion/:token/mascotas/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Inspecciones'],
        summary: 'Un animal del libro: identificación, registro sanitario y movimientos',
        params: petParams,
        response: { 200: inspectionPetSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.pet(request.params.token, request.params.id);
    },
  );
};
