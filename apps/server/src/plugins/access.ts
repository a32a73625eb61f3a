import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { ADMIN_ROLE, type SessionUser } from '@refugio/contracts';
import { AppError } from '../lib/app-error';

/**
 * Who may call a route. Every route declares one in `config.access`; a route without it stops start-up, so a
 * new endpoint cannot be exposed by forgetting to think about permissions.
 * - public: anybody
 * - staff: any signed-in, active user
 * - admin: a signed-in Administrador
 */
export type Access = 'public' | 'staff' | 'admin';

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
    /**
     * The signed-in, active user able to act as staff, or null. A session that must still change its temporary
     * password counts as none: it opens nothing but the password change, sign-out and get-session.
     */
    getSessionUser(request: FastifyRequest): Promise<SessionUser | null>;
  }
}

export const accessPlugin = fp(
  (app: FastifyInstance) => {
    const routeAccess = new Map<string, Access>();
    app.decorate('routeAccess', routeAccess);
    app.decorateRequest('user', null);

    async function resolveSession(request: FastifyRequest): Promise<SessionUser | null> {
      const result = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers), query: { disableCookieCache: true } });
      if (!result) return null;
      const u = result.user as typeof result.user & Partial<SessionUser> & { banned?: boolean | null };
      if (u.banned) return null;
      return {
        id: u.id,
        email: u.email,
        name: u.name,
        lastname: u.lastname ?? '',
        role: u.role ?? '',
        permisos: u.permisos ?? '',
        color: u.color ?? '',
        mustChangePassword: u.mustChangePassword ?? false,
      };
    }

    app.decorate('getSessionUser', async (request: FastifyRequest): Promise<SessionUser | null> => {
      const user = await resolveSession(request);
      return user && !user.mustChangePassword ? user : null;
    });

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
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      // Unmatched URLs (404, SPA files) and the OpenAPI browser carry no access and are public.
      if (access === 'public' || access === undefined) return;
      const user = await resolveSession(request);
      if (!user) throw new AppError('UNAUTHENTICATED');
      request.user = user;
      // A temporary password opens nothing but the password change (better-auth's own route, public here).
      if (user.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
      if (access === 'admin' && user.role !== ADMIN_ROLE) throw new AppError('FORBIDDEN');
    });
  },
  { name: 'access', dependencies: ['auth'] },
);
