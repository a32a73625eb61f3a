import {
  apiErrorBodySchema,
  listMessagesQuerySchema,
  messageListSchema,
  messageSchema,
  sendMessageInputSchema,
  sentMessageSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userActor } from '../history/history.port';

const staff = { access: 'staff' as const };
const tags = ['Mensajes'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };

/** Messages written to people (DESIGN section 10): the list, and a failed e-mail sent again. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.messagesService;

  app.get(
    '/api/mensajes',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Mensajes, los más recientes primero (por persona o por estado)',
        querystring: listMessagesQuerySchema,
        response: { 200: messageListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(request.query);
    },
  );

  app.post(
    '/api/personas/:id/mensajes',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Escribir a una persona por correo o WhatsApp (con una plantilla o un texto propio)',
        description:
          'Correo: se envía en segundo plano (o se guarda como sin_configurar sin SMTP); se rechaza sin correo o sin consentimiento. ' +
          'WhatsApp: responde `url` (wa.me con el texto) para abrirla en el teléfono de quien escribe; el mensaje queda registrado.',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: sendMessageInputSchema,
        response: { 201: sentMessageSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.sendToPerson(userActor(request.user!), request.params.id, request.body)),
  );

  app.post(
    '/api/mensajes/:id/reintentar',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Volver a enviar un correo fallido',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => service.retry(userActor(request.user!), request.params.id),
  );
};
