import {
  apiErrorBodySchema,
  previewTemplateInputSchema,
  saveTemplateInputSchema,
  templateKeyParamsSchema,
  templateListSchema,
  templatePreviewSchema,
  templateSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const admin = { access: 'admin' as const };
const tags = ['Plantillas'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 409: apiErrorBodySchema };

/** Message templates (DESIGN section 10): administrators read, edit and preview them. */
export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.templatesService;

  app.get(
    '/api/plantillas',
    {
      config: admin,
      schema: { tags, summary: 'Plantillas de mensajes, con sus variables', response: { 200: templateListSchema, ...errors } },
    },
    async () => ({ items: await service.list() }),
  );

  app.put(
    '/api/plantillas/:clave',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Guardar una plantilla (administradores): una variable desconocida o una sección responde 400',
        params: templateKeyParamsSchema,
        body: saveTemplateInputSchema,
        response: { 200: templateSchema, ...errors },
      },
    },
    async (request) => service.save(request.user!, request.params.clave, request.body),
  );

  app.post(
    '/api/plantillas/:clave/vista-previa',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Vista previa con valores de ejemplo (no guarda nada)',
        params: templateKeyParamsSchema,
        body: previewTemplateInputSchema,
        response: { 200: templatePreviewSchema, ...errors },
      },
    },
    async (request) => service.preview(request.params.clave, request.body),
  );
};
