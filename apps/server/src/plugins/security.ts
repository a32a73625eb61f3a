import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

/** The public pages in their embeddable form: `/adopta` or `/adopta/{id}` with `embed=1` in the query. */
export function isEmbeddablePage(url: string): boolean {
  const [pathname = '', query = ''] = url.split('?', 2);
  if (pathname !== '/adopta' && !/^\/adopta\/[^/]+$/.test(pathname)) return false;
  return new URLSearchParams(query).get('embed') === '1';
}

/** The embeddable catalogue's script (a file of the web build). */
const isEmbedScript = (url: string) => url.split('?', 1)[0] === '/embed.js';

/**
 * The headers a helmet middleware sets, recorded once: with options of plain values (no function of the request, no
 * nonce) they are the same on every answer, so a request sets them from this list instead of running helmet's eleven
 * middlewares one after another (a few per cent of a small request's CPU: bench README, sixth round).
 */
function recordHeaders(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let failed: Error | undefined;
  middleware({} as never, recorder as never, (error?: unknown) => {
    if (error) failed = error instanceof Error ? error : new Error('helmet refused its options');
  });
  if (failed) throw failed;
  return [...headers];
}

/**
 * Security headers (helmet) with a CSP the SPA works under, on every answer (request budgets: plugins/budgets.ts).
 * helmet's middleware is built once here, and what it sets is recorded once (recordHeaders): building it per request
 * (as @fastify/helmet does) re-parses the CSP directives on every request. The headers go on the raw response, as
 * helmet puts them, so an answer written on the raw response (connections.ts's timeout) carries them too.
 */
export const securityPlugin = fp(
  (app: FastifyInstance, opts: { config: Config }) => {
    const https = opts.config.publicUrl.startsWith('https://');
    const options = (frameAncestors: string[]): Parameters<typeof helmet>[0] => ({
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
          frameAncestors,
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Only behind HTTPS: on a plain-HTTP LAN install it would break every asset.
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      hsts: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      // frame-ancestors decides who may frame a page; X-Frame-Options is its older twin, only where nobody may.
      xFrameOptions: frameAncestors.includes("'none'") ? { action: 'sameorigin' } : false,
    });
    const headers = recordHeaders(helmet(options(["'none'"])));
    // The public catalogue asked for as an embed (/adopta?embed=1) may be framed by any website; nothing else may.
    const embeddableHeaders = recordHeaders(helmet(options(['*'])));
    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of isEmbeddablePage(request.url) ? embeddableHeaders : headers) raw.setHeader(name, value);
      // The embeddable catalogue's script is loaded by other websites (no-cors): it must be readable cross-origin.
      if (isEmbedScript(request.url)) void reply.header('cross-origin-resource-policy', 'cross-origin');
      done();
    });
  },
  { name: 'security' },
);
