import {
  SOCIAL_IMAGE_TYPE,
  apiErrorBodySchema,
  oneLineText,
  petIdParamsSchema,
  socialImagePath,
  suggestPostResponseSchema,
} from '@refugio/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const errors = { 400: apiErrorBodySchema, 404: apiErrorBodySchema };
const staffErrors = { ...errors, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 409: apiErrorBodySchema };
const socialImageQuery = z.object({ v: oneLineText().max(40).optional().describe('Versión (la pone la vista previa); no cambia la imagen') });

/** A file name for a download: the pet's name without what a file system or a header would choke on. */
export function downloadName(nombre: string, suffix: string): string {
  const base = nombre
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${base || 'mascota'}-${suffix}`;
}

/** Sends bytes made here (a JPEG, a PDF): no response schema describes them. */
function sendBytes(reply: FastifyReply, contentType: string, disposition: string, bytes: Buffer) {
  return reply.type(contentType).header('content-disposition', disposition).send(bytes);
}

/** The social image (public), the poster and the suggested post (staff) of DESIGN section 14. */
export const reachRoutes: FastifyPluginAsyncZod = async (app) => {
  const reach = app.reachService;

  app.get(
    '/api/public/mascotas/:id/tarjeta.jpg',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Público'],
        summary: 'Imagen para redes sociales de una mascota en adopción (JPEG 1080x1080, como mucho 300 KB)',
        description:
          'Foto, nombre, tres datos y el nombre de la organización. Con `ETag`: `If-None-Match` responde 304; cambia cuando cambia la mascota. Cualquier mascota que no sea pública responde 404; con demasiadas imágenes en preparación, 503 con `Retry-After`.',
        params: petIdParamsSchema,
        querystring: socialImageQuery,
        produces: [SOCIAL_IMAGE_TYPE],
        response: { ...errors, 503: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { row, etag } = await reach.socialImageTag(request.params.id);
      void reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin');
      const tags = (request.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
      if (tags.includes(etag)) return (reply as FastifyReply).code(304).send();
      const jpeg = await reach.socialImage(row, etag);
      return sendBytes(reply, SOCIAL_IMAGE_TYPE, `inline; filename="${downloadName(row.nombre, 'adopcion.jpg')}"`, jpeg);
    },
  );

  // The address DESIGN section 14 names (and links shared before): the same image, at its JPEG address.
  app.get(
    '/api/public/mascotas/:id/tarjeta.png',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Público'],
        summary: 'Imagen para redes sociales (dirección anterior): redirige a `tarjeta.jpg`',
        params: petIdParamsSchema,
        querystring: socialImageQuery,
      },
    },
    async (request, reply) => {
      const search = request.query.v === undefined ? '' : `?v=${encodeURIComponent(request.query.v)}`;
      return reply
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .redirect(`${socialImagePath(request.params.id)}${search}`, 301);
    },
  );

  app.get(
    '/api/mascotas/:id/cartel.pdf',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['Mascotas'],
        summary: 'Cartel A4 de una mascota publicada (PDF)',
        description:
          'Foto, nombre, datos, contacto de la organización y un código QR a su página pública. Una mascota que no es pública responde 409.',
        params: petIdParamsSchema,
        produces: ['application/pdf'],
        response: staffErrors,
      },
    },
    async (request, reply) => {
      const { pdf, nombre } = await reach.poster(request.params.id);
      void reply.header('cache-control', 'private, no-store');
      return sendBytes(reply, 'application/pdf', `inline; filename="${downloadName(nombre, 'cartel.pdf')}"`, pdf);
    },
  );

  app.post(
    '/api/mascotas/:id/publicacion-sugerida',
    {
      config: { access: 'staff', budget: 'ai' },
      schema: {
        tags: ['IA'],
        summary: 'Proponer con IA una publicación para redes sociales (no guarda nada)',
        description: 'Texto en español con el enlace a la página pública. Una mascota que no es pública responde 409.',
        params: petIdParamsSchema,
        response: { 200: suggestPostResponseSchema, ...staffErrors, 429: apiErrorBodySchema, 502: apiErrorBodySchema, 503: apiErrorBodySchema },
      },
    },
    async (request) => ({ texto: await reach.suggestPost(request.params.id) }),
  );
};
