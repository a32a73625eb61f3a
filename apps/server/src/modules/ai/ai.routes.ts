import {
  aiMessages,
  aiStatusSchema,
  apiErrorBodySchema,
  improveTextInputSchema,
  improveTextResponseSchema,
  suggestTagsInputSchema,
  suggestTagsResponseSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';

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
  // Per signed-in user (the access hook has set request.user before the limiter runs).
  const rateLimit = {
    max: app.config.aiLimits.perUserPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: { user: { id: string } | null; ip: string }) => `ai:${request.user?.id ?? request.ip}`,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', { message: aiMessages.rateLimited }),
  };

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
      config: { access: 'staff', rateLimit },
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
      config: { access: 'staff', rateLimit },
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
