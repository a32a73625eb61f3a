import {
  SURRENDER_LIMITS,
  apiErrorBodySchema,
  listSurrendersQuerySchema,
  listSurrendersResponseSchema,
  numericIdParamsSchema,
  preparedContractSchema,
  oneLineText,
  surrenderCreatedSchema,
  sentMessageSchema,
  surrenderFieldsSchema,
  surrenderMessageDraftQuerySchema,
  surrenderMessageDraftSchema,
  surrenderMessageInputSchema,
  surrenderMessages,
  surrenderMessagesSchema,
  surrenderNotesInputSchema,
  surrenderPhotoParamsSchema,
  surrenderSchema,
  surrenderStateInputSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseFields } from '../../lib/multipart-form';
import { sendStoredObject } from '../../lib/send-stored-object';
import { receivePublicPhotoForm } from '../../media/public-photo-form';
import { HoneypotFilled } from './surrenders.service';

const staff = { access: 'staff' as const };
const tags = ['Cesiones'];
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  413: apiErrorBodySchema,
  415: apiErrorBodySchema,
  429: apiErrorBodySchema,
};

/** Surrenders (DESIGN section 19): the public request from `/cesion`, and the staff's list, detail, steps and notes. */
export const surrendersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.surrenders;

  app.post(
    '/api/public/cesiones',
    {
      // Strangers submit from phones: PUBLIC_SUBMISSIONS_PER_HOUR per address on top of the general budget.
      config: { access: 'public', budget: 'publicSubmission', crossSite: true },
      schema: {
        tags,
        summary: 'Pedir una cesión (multipart; crea una solicitud «nueva»)',
        description:
          'Campos de texto primero: nombre, email, telefono (uno de los dos), documento (DNI o NIE del propietario, obligatorio; se guarda en mayúsculas y sin separadores), nombreAnimal, especie, sexo, edad, microchip (opcional), motivo, urgencia (baja, media, alta) y aceptaPrivacidad. Después hasta 5 fotos en `fotos` (2 MB cada una, comprobadas por su contenido). El campo `sitioWeb` es una trampa para robots: si llega con texto, responde 201 con `id` 0 y no guarda nada.',
        consumes: ['multipart/form-data'],
        response: { 201: surrenderCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const created = await receivePublicPhotoForm(app, request, {
          limits: {
            photos: SURRENDER_LIMITS.photos,
            photoBytes: SURRENDER_LIMITS.photoBytes,
            fields: 20,
            fieldBytes: 16 * 1024,
            frameBytes: 64 * 1024,
          },
          messages: surrenderMessages,
          admit: async (raw) => service.admit(parseFields(surrenderFieldsSchema, raw)),
          store: service.storePhoto,
          remove: service.removeFiles,
          save: (fields, fotos) => service.submit(fields, fotos),
        });
        return reply.status(201).send(created);
      } catch (error) {
        // A bot filled the field people never see: told what a success says, nothing kept.
        if (!(error instanceof HoneypotFilled)) throw error;
        request.log.info('surrender honeypot filled: nothing stored');
        return reply.status(201).send({ id: 0 });
      }
    },
  );

  app.get(
    '/api/cesiones',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Solicitudes de cesión por urgencia y fecha, con las mascotas en el refugio por especie',
        querystring: listSurrendersQuerySchema,
        response: { 200: listSurrendersResponseSchema, ...errors },
      },
    },
    async (request) => service.list(request.query.estado),
  );

  app.get(
    '/api/cesiones/:id',
    {
      config: staff,
      schema: { tags, summary: 'Una solicitud de cesión', params: numericIdParamsSchema, response: { 200: surrenderSchema, ...errors } },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/api/cesiones/:id/estado',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Cambiar el estado de una solicitud de cesión',
        description:
          'nueva → lista_espera → aceptada → ingresada, o rechazada / retirada (con motivo). Otro paso o una versión antigua responden 409. Al pasar a ingresada se crea la mascota (una sola vez) con su ingreso de procedencia cesión y sus fotos, y la persona cedente.',
        params: numericIdParamsSchema,
        body: surrenderStateInputSchema,
        response: { 200: surrenderSchema, ...errors },
      },
    },
    async (request) => service.changeState(request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/cesiones/:id/contrato',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Preparar (de nuevo) el contrato de cesión de una solicitud aceptada',
        description:
          'Aceptar la solicitud ya lo prepara. Anula uno anterior sin firmar; se envía y se firma como los demás documentos (/api/documentos/{id}/enviar, /firmar). Firmado, el animal ingresa.',
        params: numericIdParamsSchema,
        response: { 201: preparedContractSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.prepareContract(request.user!, request.params.id)),
  );

  app.post(
    '/api/cesiones/:id/notas',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Guardar las notas internas de una solicitud de cesión',
        params: numericIdParamsSchema,
        body: surrenderNotesInputSchema,
        response: { 200: surrenderSchema, ...errors },
      },
    },
    async (request) => service.saveNotes(request.user!, request.params.id, request.body),
  );

  app.get(
    '/api/cesiones/:id/mensaje',
    {
      config: staff,
      schema: {
        tags,
        summary: 'El mensaje al propietario antes de enviarlo: una plantilla rellenada con los datos de la solicitud',
        description:
          'Por defecto, la plantilla del estado de la solicitud (lista de espera, aceptada, rechazada, retirada); sin plantilla para «nueva» e «ingresada». El equipo lo revisa y lo edita antes de enviarlo.',
        params: numericIdParamsSchema,
        querystring: surrenderMessageDraftQuerySchema,
        response: { 200: surrenderMessageDraftSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.draftMessage(request.params.id, request.query.plantilla);
    },
  );

  app.get(
    '/api/cesiones/:id/mensajes',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Los mensajes escritos al propietario sobre la solicitud, los más recientes primero',
        params: numericIdParamsSchema,
        response: { 200: surrenderMessagesSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.messages(request.params.id);
    },
  );

  app.post(
    '/api/cesiones/:id/mensajes',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Escribir al propietario por correo o WhatsApp (el texto revisado, partiendo de una plantilla)',
        description:
          'Correo: se envía en segundo plano (o se guarda sin enviar si el correo no está configurado); el asunto es obligatorio. WhatsApp: responde `url` (wa.me con el texto) y el mensaje queda registrado. Queda en el historial de la solicitud.',
        params: numericIdParamsSchema,
        body: surrenderMessageInputSchema,
        response: { 201: sentMessageSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.sendMessage(request.user!, request.params.id, request.body)),
  );

  app.get(
    '/api/cesiones/:id/fotos/:indice',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Una foto de la solicitud (o su miniatura con ?miniatura)',
        params: surrenderPhotoParamsSchema,
        querystring: z.object({ miniatura: oneLineText().optional() }),
      },
    },
    async (request, reply) => {
      const { key, contentType } = await service.photo(request.params.id, request.params.indice, request.query.miniatura !== undefined);
      return sendStoredObject(request, reply, app.storage, key, contentType, surrenderMessages.photoNotFound, 'private');
    },
  );
};
