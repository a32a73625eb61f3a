import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AiProvider, createAiProvider } from '../ai/providers';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The generative-text provider chosen by AI_PROVIDER (one that answers "unavailable" when none is set). */
    ai: AiProvider;
  }
}

/** The generative-text provider, built once from the configuration. */
export const aiPlugin = fp(
  (app: FastifyInstance, opts: { config: Config; retryDelayMs: number }) => {
    app.decorate('ai', createAiProvider(opts.config.ai, { timeoutMs: opts.config.aiLimits.timeoutMs, retryDelayMs: opts.retryDelayMs }));
  },
  { name: 'ai' },
);
