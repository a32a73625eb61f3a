import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_ROLE, type SessionUser } from '@refugio/contracts';
import { AppError } from '../lib/app-error';

/**
 * Who may call a route. Every route declares one in `config.access`; a route without it stops start-up, so a
 * new endpoint cannot be exposed by forgetting to think about permissions.
 * - public: anybody
 * - staff: any signed-in, active user
 * - admin: a signed-in Administrador
 * - token: a machine caller with the route's own bearer token (e.g. METRICS_TOKEN); a session grants nothing,
 *   the route checks the token itself
 */
export type Access = 'public' | 'staff' | 'admin' | 'token';

export type { SessionUser };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved for `staff` and `admin` routes (and on demand with `getSessionUser`). */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every route with its declared access, for the permission matrix and the OpenAPI document. */
    routeAccess: Map<string, Access>;
  }
}

export const accessPlugin = fp(
  (app: FastifyInstance) => {
    const routeAccess = new Map<string, Access>();
    app.decorate('routeAccess', routeAccess);
    app.decorateRequest('user', null);

    app.addHook('onRoute', (route) => {
      // The only routes we don't write ourselves: the OpenAPI browser's pages and assets.
      const access = route.config?.access ?? (route.url.startsWith('/api/docs') ? 'public' : undefined);
      if (!access) {
        throw new Error(`La ruta ${String(route.method)} ${route.url} no declara config.access (public, staff o admin).`);
      }
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routeAccess.set(`${method} ${route.url}`, access);
      }
    });

    // onRequest, before the body is parsed or validated: an anonymous caller learns nothing about a route's input.
    // Registered after the security headers and the request budgets (app.ts), so a 401/403 carries the headers
    // and counts against the caller's budget.
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      // Unmatched URLs (404, SPA files) and the OpenAPI browser carry no access and are public.
      if (access === 'public' || access === 'token' || access === undefined) return;
      const user = await app.getSessionUser(request);
      if (!user) throw new AppError('UNAUTHENTICATED');
      request.user = user;
      // A temporary password opens nothing but the password change (better-auth's own route, public here).
      if (user.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
      if (access === 'admin' && user.role !== ADMIN_ROLE) throw new AppError('FORBIDDEN');
    });
  },
  { name: 'access', dependencies: ['session', 'security', 'budgets'] },
);
