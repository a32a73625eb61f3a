import {
  can,
  masksPersons,
  apiErrorBodySchema,
  createPersonSchema,
  listHistoryResponseSchema,
  listPersonsQuerySchema,
  listPersonsResponseSchema,
  mergePersonSchema,
  patchPersonSchema,
  personDuplicatesResponseSchema,
  personExportSchema,
  personHistoryQuerySchema,
  personIdParamsSchema,
  personPairParamsSchema,
  personSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const staff = { access: 'staff' as const };
const tags = ['Personas'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };

/** Persons (DESIGN section 10): the team reads, creates, edits, merges and exports; administrators anonymise. */
export const personsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.personsService;

  app.get(
    '/api/personas',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Lista de personas: búsqueda (sin distinguir acentos ni mayúsculas), rol y posibles duplicados',
        description:
          '`q` busca en nombre, apellidos, correo, teléfono y documento (Voluntariado: solo en nombre, apellidos y correo); `rol` filtra por un rol; `duplicados=true` deja solo a quien tiene posibles duplicados sin descartar.',
        querystring: listPersonsQuerySchema,
        response: { 200: listPersonsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(request.query, { masked: masksPersons(request.user) });
    },
  );

  app.post(
    '/api/personas',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Dar de alta a una persona (correo o teléfono obligatorio)',
        description: 'El correo se guarda en minúsculas y el teléfono en formato E.164 (país por defecto: ORG_COUNTRY); uno inválido responde 400.',
        body: createPersonSchema,
        response: { 201: personSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.user!, request.body)),
  );

  app.get(
    '/api/personas/:id',
    { config: staff, schema: { tags, summary: 'Una persona', params: personIdParamsSchema, response: { 200: personSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.get(request.params.id);
    },
  );

  app.patch(
    '/api/personas/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Editar, bloquear o desbloquear a una persona',
        description: '`version` es la que se leyó: si otra persona guardó antes, responde 409. Bloquear pide `motivoBloqueo`.',
        params: personIdParamsSchema,
        body: patchPersonSchema,
        response: { 200: personSchema, ...errors },
      },
    },
    async (request) => service.patch(request.user!, request.params.id, request.body),
  );

  app.get(
    '/api/personas/:id/duplicados',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Posibles duplicados sin descartar, con sus motivos',
        params: personIdParamsSchema,
        response: { 200: personDuplicatesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.duplicates(request.params.id);
    },
  );

  app.post(
    '/api/personas/:id/duplicados/:otraId/descartar',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Descartar un posible duplicado (no son la misma persona)',
        params: personPairParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.dismiss(request.user!, request.params.id, request.params.otraId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/personas/:id/fusionar',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Fusionar otra ficha (conId) en esta',
        description:
          'Todo lo vinculado a `conId` (solicitudes, registros, enlaces, mensajes...) pasa a esta persona y `conId` desaparece; `valores` son los datos que conserva, elegidos campo a campo. Los historiales se conservan.',
        params: personIdParamsSchema,
        body: mergePersonSchema,
        response: { 200: personSchema, ...errors },
      },
    },
    async (request) => service.merge(request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/personas/:id/anonimizar',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Anonimizar a una persona (irreversible; solo administradores)',
        description: 'Borra su identidad de la ficha y de las copias en solicitudes y registros; se conservan los vínculos y las cifras.',
        params: personIdParamsSchema,
        response: { 200: personSchema, ...errors },
      },
    },
    async (request) => service.anonymise(request.user!, request.params.id),
  );

  app.get(
    '/api/personas/:id/exportar',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Exportar todo lo que se guarda de una persona (derecho de acceso), en JSON',
        params: personIdParamsSchema,
        response: { 200: personExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.exportOf(request.params.id, { admin: can(request.user, 'dinero') });
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="persona-${request.params.id}.json"`);
      return data;
    },
  );

  app.get(
    '/api/personas/:id/historial',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Historial de una persona (también el de las fichas fusionadas en ella)',
        description: 'Los cambios de sus cuotas y donativos solo aparecen para administradores.',
        params: personIdParamsSchema,
        querystring: personHistoryQuerySchema,
        response: { 200: listHistoryResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.history(request.params.id, request.query.page, request.query.pageSize, { admin: can(request.user, 'dinero') });
    },
  );
};
