import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { aiRoutes } from './ai.routes';
import { type AiService, createAiService } from './ai.service';

declare module 'fastify' {
  interface FastifyInstance {
    aiService: AiService;
  }
}

/** Generative text: the service built once over the provider plugin (`app.ai`), then the routes that use it. */
export const aiModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('aiService', createAiService({ provider: app.ai, log: app.log }));
    await app.register(aiRoutes);
  },
  { name: 'ai-module', dependencies: ['ai', 'access'] },
);
