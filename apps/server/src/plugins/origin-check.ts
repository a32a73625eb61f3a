import { messages } from '@refugio/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_BASE_PATH } from '../auth/auth';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is meant to be called from other sites (a public form embedded in the organisation's website):
     * its writes skip the origin check. Such a route must not act on the caller's session.
     */
    crossSite?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin of a URL-ish header value, or undefined when it is not a URL. */
function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

function refuse(): never {
  throw new AppError('FORBIDDEN', { message: messages.security.originRefused });
}

/**
 * Forged writes (CSRF, including from another port of the same host, which SameSite=Lax lets through): every
 * state-changing request must name a trusted origin in `Origin` (or, failing that, `Referer`). `Origin: null`
 * is refused. A request with neither is refused when it carries cookies; without cookies it carries no
 * ambient session (a script with `Authorization: Bearer`, or an anonymous client) and a page cannot forge it.
 * Routes with `config.crossSite` are the documented exception. Runs before the session is resolved.
 */
export const originCheckPlugin = fp(
  (app: FastifyInstance, opts: { trustedOrigins: readonly string[] }) => {
    const trusted = new Set(opts.trustedOrigins.map((o) => originOf(o)).filter((o): o is string => o !== undefined));

    function assertTrustedOrigin(request: FastifyRequest) {
      const { origin, referer, cookie } = request.headers;
      if (origin !== undefined) {
        if (!trusted.has(originOf(origin) ?? '')) refuse();
        return;
      }
      if (referer !== undefined) {
        if (!trusted.has(originOf(referer) ?? '')) refuse();
        return;
      }
      if (cookie !== undefined) refuse();
    }

    /** A write whose route takes no body (no body schema, no multipart) accepts no body type a form could send. */
    function assertNoFormBody(request: FastifyRequest) {
      const type = request.headers['content-type'];
      if (type === undefined || /^application\/json\s*(;|$)/i.test(type)) return;
      // better-auth's routes parse their own bodies (JSON, or empty); see plugins/auth.ts.
      if (request.url.startsWith(`${AUTH_BASE_PATH}/`)) return;
      const schema = request.routeOptions.schema as { body?: unknown; consumes?: unknown } | undefined;
      if (schema?.body !== undefined || schema?.consumes !== undefined) return;
      throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    }

    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (request.routeOptions.config.crossSite === true) return;
      assertTrustedOrigin(request);
      assertNoFormBody(request);
    });
  },
  { name: 'origin-check' },
);
