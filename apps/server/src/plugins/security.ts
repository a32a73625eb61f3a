import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Security headers (helmet) with a CSP the SPA works under, on every answer (request budgets: plugins/budgets.ts).
 * helmet's middleware is built once here: building it per request (as @fastify/helmet does) re-parses the CSP
 * directives on every request.
 */
export const securityPlugin = fp(
  (app: FastifyInstance, opts: { config: Config }) => {
    const https = opts.config.publicUrl.startsWith('https://');
    const applyHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine sets inline style attributes and injects CSS variables at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Only behind HTTPS: on a plain-HTTP LAN install it would break every asset.
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      hsts: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'security' },
);
