import {
  apiErrorBodySchema,
  fosterHomesResponseSchema,
  fosterPersonParamsSchema,
  fosterProfileInputSchema,
  fosterProfileSchema,
  fosterSuggestionsResponseSchema,
  listFosterHomesQuerySchema,
  movementInputSchema,
  movementsResponseSchema,
  petIdParamsSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const staff = { access: 'staff' as const };
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };

/** Movements of a pet and foster homes (DESIGN section 12), for staff. */
export const movementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.movementsService;

  app.get(
    '/api/mascotas/:id/movimientos',
    {
      config: staff,
      schema: {
        tags: ['Movimientos'],
        summary: 'Dónde está la mascota y sus movimientos, del más reciente al más antiguo',
        params: petIdParamsSchema,
        response: { 200: movementsResponseSchema, ...errors },
      },
    },
    async (request) => service.list(request.params.id),
  );

  app.post(
    '/api/mascotas/:id/movimientos',
    {
      config: staff,
      schema: {
        tags: ['Movimientos'],
        summary: 'Registrar un movimiento',
        description:
          'ingreso | acogida | adopcion | devolucion | traslado | fallecimiento. Como mucho una acogida o adopción abierta (otra responde 409); ' +
          'acogida y adopción necesitan una persona existente y no anonimizada; la devolución cierra la abierta y necesita motivo; ' +
          'tras un traslado o un fallecimiento la mascota queda sin publicar para siempre. La fecha no puede ser futura ni anterior al último movimiento. ' +
          '`version` es la de la mascota: si ya no es la actual responde 409 y no cambia nada.',
        params: petIdParamsSchema,
        body: movementInputSchema,
        response: { 201: movementsResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.record(request.user!, request.params.id, request.body)),
  );

  app.get(
    '/api/mascotas/:id/acogidas-sugeridas',
    {
      config: staff,
      schema: {
        tags: ['Acogidas'],
        summary: 'Casas de acogida con plaza hoy que aceptan a la mascota, la mejor primero',
        description:
          'Con plaza libre y fuera de sus periodos sin disponibilidad; aceptan la especie y el tamaño (una lista vacía acepta todos); ' +
          'si una etiqueta de la mascota empieza por «sin» o «no» y nombra niños, perros o gatos, se descartan las casas que conviven con ellos. ' +
          'Orden: más plazas libres, luego la que acogió hace más tiempo (o nunca).',
        params: petIdParamsSchema,
        response: { 200: fosterSuggestionsResponseSchema, ...errors },
      },
    },
    async (request) => service.suggestions(request.params.id),
  );

  app.get(
    '/api/personas/:id/acogida',
    {
      config: staff,
      schema: {
        tags: ['Acogidas'],
        summary: 'Ficha de acogida de la persona',
        params: fosterPersonParamsSchema,
        response: { 200: fosterProfileSchema, ...errors },
      },
    },
    async (request) => service.getProfile(request.params.id),
  );

  app.put(
    '/api/personas/:id/acogida',
    {
      config: staff,
      schema: {
        tags: ['Acogidas'],
        summary: 'Crear o cambiar la ficha de acogida (la persona pasa a tener el rol acogida)',
        params: fosterPersonParamsSchema,
        body: fosterProfileInputSchema,
        response: { 200: fosterProfileSchema, ...errors },
      },
    },
    async (request) => service.putProfile(request.user!, request.params.id, request.body),
  );

  app.get(
    '/api/acogidas',
    {
      config: staff,
      schema: {
        tags: ['Acogidas'],
        summary: 'Casas de acogida: plazas, mascotas que tienen y su última novedad',
        querystring: listFosterHomesQuerySchema,
        response: { 200: fosterHomesResponseSchema, ...errors },
      },
    },
    async (request) => service.listHomes(request.query),
  );
};
