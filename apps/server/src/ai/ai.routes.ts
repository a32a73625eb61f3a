import {
  aiStatusSchema,
  apiErrorBodySchema,
  improveTextInputSchema,
  improveTextResponseSchema,
  suggestTagsInputSchema,
  suggestTagsResponseSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { improveText, suggestTags } from './ai.service';
import type { AiProvider } from './providers';

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
export const aiRoutes: FastifyPluginAsyncZod<{ provider: AiProvider }> = async (app, opts) => {
  const { provider } = opts;
  app.get(
    '/api/ai/estado',
    {
      config: { access: 'staff' },
      schema: { tags, summary: '¿Está disponible el asistente de IA?', response: { 200: aiStatusSchema, 401: apiErrorBodySchema } },
    },
    () => ({ available: provider.available, provider: provider.name }),
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
    async (request) => ({ tags: await suggestTags(provider, request.log, request.body) }),
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
    async (request) => ({ texto: await improveText(provider, request.log, request.body) }),
  );
};
