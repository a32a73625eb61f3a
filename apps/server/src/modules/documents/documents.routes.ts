import {
  SIGNATURE_LIMITS,
  adoptionFeeSchema,
  apiErrorBodySchema,
  documentListQuerySchema,
  documentListSchema,
  documentMessages,
  documentSchema,
  documentVerificationSchema,
  prepareContractInputSchema,
  preparePersonDocumentInputSchema,
  contractPreparationSchema,
  preparedContractSchema,
  saveAdoptionFeeInputSchema,
  sendDocumentInputSchema,
  sentDocumentSchema,
  signInPersonInputSchema,
  signRemoteInputSchema,
  signatureCodeSentSchema,
  signatureViewSchema,
  signedSchema,
  oneLineText,
} from '@refugio/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredObject } from '../../lib/send-stored-object';
import type { SigningContext } from './documents.service';

const staff = { access: 'staff' as const };
const tags = ['Documentos'];
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  410: apiErrorBodySchema,
  413: apiErrorBodySchema,
  423: apiErrorBodySchema,
  429: apiErrorBodySchema,
};
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
// A token that cannot be one (hostile text, too long) is an unknown token: the same 404, nothing learnt.
const tokenParams = z.object({ token: oneLineText().max(200).catch('') });
/** A signature at its limit in base64, the name and the framing. */
const SIGN_BODY_LIMIT = Math.ceil((SIGNATURE_LIMITS.signatureBytes * 4) / 3) + 16 * 1024;

/** `inline` with the file's name, ASCII and UTF-8 (RFC 6266). */
function inlineName(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `inline; filename="${ascii || 'documento.pdf'}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const signingContext = (request: FastifyRequest): SigningContext => ({
  ip: request.ip,
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  userAgent: String(request.headers['user-agent'] ?? '').replace(/[\u0000-\u001f\u007f]/g, ' '),
});

/** Documents, the fee and signatures (DESIGN section 13): staff routes, and the public signing page's. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.documents;
  const sendPdf = (request: FastifyRequest, reply: FastifyReply, file: { key: string; name: string }) =>
    sendStoredObject(request, reply, app.storage, file.key, 'application/pdf', documentMessages.fileMissing, 'private', inlineName(file.name));

  app.post(
    '/api/solicitudes-adopcion/:id/contrato',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Preparar el contrato de adopción de una solicitud aprobada (anula uno anterior sin firmar)',
        params: idParams,
        body: prepareContractInputSchema.optional(),
        response: { 201: preparedContractSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.prepare(request.user!, request.params.id, request.body ?? {})),
  );

  app.get(
    '/api/solicitudes-adopcion/:id/contrato/preparacion',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Antes de preparar el contrato: los datos que nombra y aún faltan, para completarlos primero',
        params: idParams,
        response: { 200: contractPreparationSchema, ...errors },
      },
    },
    async (request) => service.preparation(request.params.id),
  );

  app.post(
    '/api/mascotas/:id/movimientos/:movimientoId/acta',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Preparar el acta de devolución de una devolución con persona (anula una anterior sin firmar)',
        params: idParams.extend({ movimientoId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 201: preparedContractSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.prepareReturn(request.user!, request.params.id, request.params.movimientoId)),
  );

  app.post(
    '/api/personas/:id/voluntariado/acuerdo',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Preparar el acuerdo de voluntariado o el contrato de acogida de una persona (anula uno anterior sin firmar)',
        description: 'Se envía y se firma como los demás documentos (/api/documentos/{id}/enviar, /firmar).',
        params: idParams,
        body: preparePersonDocumentInputSchema,
        response: { 201: preparedContractSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.preparePerson(request.user!, request.params.id, request.body.tipo)),
  );

  app.get(
    '/api/solicitudes-adopcion/:id/cuota',
    {
      config: staff,
      schema: { tags, summary: 'La cuota de adopción (se registra, no se cobra)', params: idParams, response: { 200: adoptionFeeSchema, ...errors } },
    },
    async (request) => service.getFee(request.params.id),
  );

  app.put(
    '/api/solicitudes-adopcion/:id/cuota',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Guardar la cuota de adopción (`version`: la mostrada; si ya no es la actual responde 409)',
        params: idParams,
        body: saveAdoptionFeeInputSchema,
        response: { 200: adoptionFeeSchema, ...errors },
      },
    },
    async (request) => service.saveFee(request.user!, request.params.id, request.body),
  );

  app.get(
    '/api/documentos',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Documentos, por solicitud, persona, mascota o movimiento (devolución)',
        querystring: documentListQuerySchema,
        response: { 200: documentListSchema, ...errors },
      },
    },
    async (request) => ({ items: await service.list(request.query) }),
  );

  app.get(
    '/api/documentos/:id',
    { config: staff, schema: { tags, summary: 'Un documento', params: idParams, response: { 200: documentSchema, ...errors } } },
    async (request) => service.get(request.params.id),
  );

  app.get(
    '/api/documentos/:id/pdf',
    {
      config: staff,
      schema: {
        tags,
        summary: 'El PDF: el firmado cuando lo hay, si no el original (`?original=1`: siempre el original)',
        params: idParams,
        querystring: z.object({ original: oneLineText().max(5).optional() }),
      },
    },
    async (request, reply) => {
      const original = request.query.original !== undefined && request.query.original !== '0';
      return sendPdf(request, reply, await service.pdfKey(request.params.id, original));
    },
  );

  app.post(
    '/api/documentos/:id/anular',
    { config: staff, schema: { tags, summary: 'Anular un documento sin firmar', params: idParams, response: { 200: documentSchema, ...errors } } },
    async (request) => service.annul(request.user!, request.params.id),
  );

  app.get(
    '/api/documentos/:id/verificar',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Recalcula la huella SHA-256 de los archivos guardados (el original y, si existe, el firmado)',
        params: idParams,
        response: { 200: documentVerificationSchema, ...errors },
      },
    },
    async (request) => service.verify(request.params.id),
  );

  app.post(
    '/api/documentos/:id/enviar',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Enviar el enlace para firmar (14 días; el anterior deja de valer) por correo o WhatsApp',
        params: idParams,
        body: sendDocumentInputSchema,
        response: { 200: sentDocumentSchema, ...errors },
      },
    },
    async (request) => service.send(request.user!, request.params.id, request.body.canal),
  );

  app.post(
    '/api/documentos/:id/firmar',
    {
      config: staff,
      bodyLimit: SIGN_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Firmar en persona, en la tableta del equipo (sin código; queda registrado quién estaba presente)',
        params: idParams,
        body: signInPersonInputSchema,
        response: { 200: signedSchema, ...errors },
      },
    },
    async (request) => service.signInPerson(request.user!, request.params.id, request.body, signingContext(request)),
  );

  /* ------------------------------------------------------------------ public, no session */

  app.get(
    '/api/firma/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Lo que ve quien firma: el contrato, su nombre y su correo enmascarado',
        params: tokenParams,
        response: { 200: signatureViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.view(request.params.token);
    },
  );

  app.get(
    '/api/firma/:token/pdf',
    { config: { access: 'public' }, schema: { tags, summary: 'El PDF original del contrato', params: tokenParams } },
    async (request, reply) => sendPdf(request, reply, await service.publicPdfKey(request.params.token)),
  );

  app.post(
    '/api/firma/:token/codigo',
    {
      config: { access: 'public', budget: 'publicSubmission' },
      schema: {
        tags,
        summary: 'Enviar un código de 6 cifras al correo de quien firma (15 minutos; hasta 5 por hora)',
        params: tokenParams,
        response: { 202: signatureCodeSentSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(202).send(await service.sendCode(request.params.token)),
  );

  app.post(
    '/api/firma/:token',
    {
      config: { access: 'public', budget: 'publicSubmission' },
      bodyLimit: SIGN_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Firmar con el código recibido, el nombre completo, la firma dibujada (PNG) y la aceptación',
        params: tokenParams,
        body: signRemoteInputSchema,
        response: { 200: signedSchema, ...errors },
      },
    },
    async (request) => service.signRemote(request.params.token, request.body, signingContext(request)),
  );
};
