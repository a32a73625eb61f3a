import {
  aiStatusSchema,
  apiErrorBodySchema,
  improveTextInputSchema,
  improveTextResponseSchema,
  suggestTagsInputSchema,
  suggestTagsResponseSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const tags = ['IA'];
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  429: apiErrorBodySchema,
  502: apiErrorBodySchema,
  503: apiErrorBodySchema,
};

/** The generative-text proxy: the browser calls us, we call the provider with the server's key. */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const ai = app.aiService;
  app.get(
    '/api/ai/estado',
    {
      config: { access: 'staff' },
      schema: { tags, summary: '¿Está disponible el asistente de IA?', response: { 200: aiStatusSchema, 401: apiErrorBodySchema } },
    },
    () => ai.status(),
  );

  app.post(
    '/api/ai/etiquetas',
    {
      config: { access: 'staff', budget: 'ai' },
      schema: {
        tags,
        summary: 'Sugerir hasta 10 etiquetas a partir de los datos de la mascota',
        body: suggestTagsInputSchema,
        response: { 200: suggestTagsResponseSchema, ...errors },
      },
    },
    async (request) => ({ tags: await ai.suggestTags(request.body) }),
  );

  app.post(
    '/api/ai/mejorar-texto',
    {
      config: { access: 'staff', budget: 'ai' },
      schema: {
        tags,
        summary: 'Proponer una versión mejorada de la historia o la personalidad (no guarda nada)',
        body: improveTextInputSchema,
        response: { 200: improveTextResponseSchema, ...errors },
      },
    },
    async (request) => ({ texto: await ai.improveText(request.body) }),
  );
};
