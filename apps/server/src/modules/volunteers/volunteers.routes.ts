import {
  apiErrorBodySchema,
  attendanceInputSchema,
  createShiftInputSchema,
  listShiftsQuerySchema,
  oneLineText,
  publicShiftSchema,
  shiftSchema,
  shiftTemplateInputSchema,
  shiftTemplateSchema,
  volunteerHoursSchema,
  volunteerLinkSchema,
  volunteerLinkStateSchema,
  volunteerProfileInputSchema,
  volunteerMessages,
  volunteerProfileSchema,
  volunteerViewQuerySchema,
  volunteerViewSchema,
  yearQuerySchema,
} from '@refugio/contracts';
import type { FastifyReply } from 'fastify';
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
// A token that cannot be one (hostile text, too long) is an unknown token: the same 404, nothing learnt.
const tokenParams = z.object({ token: oneLineText().max(200).catch('') });
const tokenShiftParams = tokenParams.extend({ id: z.coerce.number().int().positive() });
const templateWithCount = shiftTemplateSchema.extend({ turnos: z.number().int().describe('Turnos creados o cambiados') });

/** Sends a PDF made here as a download: no response schema describes it. */
function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** Volunteers and shifts (DESIGN section 17): staff routes and the volunteer's public link. */
export const volunteersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.volunteers;
  const links = app.volunteerLinks;

  app.get(
    '/api/personas/:id/voluntariado',
    {
      config: staff,
      schema: { tags, summary: 'Ficha de voluntariado de una persona', params: idParams, response: { 200: volunteerProfileSchema, ...errors } },
    },
    async (request) => service.profile(request.params.id),
  );

  app.put(
    '/api/personas/:id/voluntariado',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Guardar la ficha de voluntariado (tareas, disponibilidad, formación, acuerdo firmado)',
        params: idParams,
        body: volunteerProfileInputSchema,
        response: { 200: volunteerProfileSchema, ...errors },
      },
    },
    async (request) => service.saveProfile(request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/personas/:id/voluntariado/enlace',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Crear el enlace de voluntariado de la persona (90 días; el anterior deja de valer)',
        params: idParams,
        response: { 200: volunteerLinkSchema, ...errors },
      },
    },
    async (request) => links.createLink(request.user!, request.params.id),
  );

  app.get(
    '/api/personas/:id/voluntariado/enlace',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Si la persona tiene un enlace de voluntariado que funciona',
        params: idParams,
        response: { 200: volunteerLinkStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return links.linkState(request.params.id);
    },
  );

  app.delete(
    '/api/personas/:id/voluntariado/enlace',
    { config: staff, schema: { tags, summary: 'Revocar el enlace de voluntariado', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await links.revoke(request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/personas/:id/voluntariado/horas',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Horas de voluntariado de un año (turnos con asistencia)',
        params: idParams,
        querystring: yearQuerySchema,
        response: { 200: volunteerHoursSchema, ...errors },
      },
    },
    async (request) => service.hours(request.params.id, request.query.anio),
  );

  app.get(
    '/api/personas/:id/voluntariado/certificado',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Certificado de horas de voluntariado de un año (PDF)',
        params: idParams,
        querystring: yearQuerySchema,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await service.certificate(request.params.id, request.query.anio);
      return sendPdf(reply, filename, pdf);
    },
  );

  app.get(
    '/api/turnos',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Turnos que empiezan entre dos días (zona de la organización; por defecto, los 7 días desde hoy)',
        querystring: listShiftsQuerySchema,
        response: { 200: z.object({ items: z.array(shiftSchema) }), ...errors },
      },
    },
    async (request) => ({ items: await service.list(request.query.desde, request.query.hasta) }),
  );

  app.post(
    '/api/turnos',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Crear un turno',
        description: "inicio y fin: fecha y hora local de la organización ('2026-12-01T10:00:00') o con zona ('2026-12-01T10:00:00+01:00').",
        body: createShiftInputSchema,
        response: { 201: shiftSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createShift(request.user!, request.body)),
  );

  app.get(
    '/api/turnos/plantillas',
    {
      config: staff,
      schema: { tags, summary: 'Turnos que se repiten', response: { 200: z.object({ items: z.array(shiftTemplateSchema) }), ...errors } },
    },
    async () => ({ items: await service.listTemplates() }),
  );

  app.post(
    '/api/turnos/plantillas',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Crear turnos que se repiten cada semana (se crean los de las próximas ocho semanas)',
        description: 'diasSemana: 1 = lunes … 7 = domingo; horaInicio y horaFin HH:MM en la zona de la organización.',
        body: shiftTemplateInputSchema,
        response: { 201: templateWithCount, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createTemplate(request.user!, request.body)),
  );

  app.put(
    '/api/turnos/plantillas/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Cambiar turnos que se repiten: cambian solo los turnos que aún no han empezado',
        params: idParams,
        body: shiftTemplateInputSchema,
        response: { 200: templateWithCount, ...errors },
      },
    },
    async (request) => service.updateTemplate(request.user!, request.params.id, request.body),
  );

  app.get(
    '/api/turnos/:id',
    { config: staff, schema: { tags, summary: 'Un turno con quién viene', params: idParams, response: { 200: shiftSchema, ...errors } } },
    async (request) => service.get(request.params.id),
  );

  app.delete(
    '/api/turnos/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Borrar un turno suelto que aún no ha empezado (con sus apuntados: responde a quién avisar)',
        params: idParams,
        response: { 200: z.object({ avisar: shiftSchema.shape.apuntados }), ...errors },
      },
    },
    async (request) => service.deleteShift(request.user!, request.params.id),
  );

  app.post(
    '/api/turnos/:id/recordatorio',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Recordar el turno por WhatsApp a una persona apuntada (responde el enlace para abrir la conversación)',
        params: idParams,
        body: z.object({ personaId: z.number({ error: volunteerMessages.noPerson }).int().positive({ error: volunteerMessages.noPerson }) }),
        response: { 200: z.object({ url: z.string() }), ...errors },
      },
    },
    async (request) => service.whatsappReminder(request.user!, request.params.id, request.body.personaId),
  );

  app.post(
    '/api/turnos/:id/asistencia',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Marcar si una persona vino a un turno y cuántas horas (por defecto, la duración del turno)',
        params: idParams,
        body: attendanceInputSchema,
        response: { 200: shiftSchema, ...errors },
      },
    },
    async (request) => service.attendance(request.user!, request.params.id, request.body),
  );

  app.get(
    '/api/voluntariado/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Lo que ve la persona voluntaria con su enlace: los turnos con plazas de una semana (de las próximas cuatro) y los suyos',
        params: tokenParams,
        querystring: volunteerViewQuerySchema,
        response: { 200: volunteerViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return links.view(request.params.token, request.query.semana);
    },
  );

  app.post(
    '/api/voluntariado/:token/turnos/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Apuntarse a un turno (409 «Este turno ya está completo.» si no quedan plazas)',
        params: tokenShiftParams,
        response: { 200: publicShiftSchema, ...errors },
      },
    },
    async (request) => links.signUp(request.params.token, request.params.id),
  );

  app.delete(
    '/api/voluntariado/:token/turnos/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Cancelar la plaza en un turno (a menos de 24 horas, el turno queda en «Pendientes» como sin cubrir)',
        params: tokenShiftParams,
        response: { 200: z.object({ tarde: z.boolean() }), ...errors },
      },
    },
    async (request) => links.cancel(request.params.token, request.params.id),
  );
};
