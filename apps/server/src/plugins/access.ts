import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RoutePermission, type SessionUser, can, routePattern, routePermission } from '@refugio/contracts';
import { AppError } from '../lib/app-error';

/**
 * How a route's caller is identified, as the route declares it in `config.access`:
 * - public: anybody
 * - staff / admin: a signed-in, active user (which roles may call it is the permission table's decision)
 * - token: a machine caller with the route's own bearer token (e.g. METRICS_TOKEN); a session grants nothing,
 *   the route checks the token itself
 *
 * Who may call it is decided by one table, `ROUTE_PERMISSIONS` in the contracts (DESIGN section 20): a route
 * missing from it, or whose declaration disagrees with it (public or token on one side only), stops start-up,
 * so a new endpoint cannot be exposed by forgetting to think about permissions.
 */
export type Access = 'public' | 'staff' | 'admin' | 'token';

export type { SessionUser };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Set at start-up from the permission table: what opens this route. */
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved for routes that need a session (and on demand with `getSessionUser`). */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every route (`METHOD /path/{param}`) with what opens it, for the permission tests and the OpenAPI document. */
    routePermissions: Map<string, RoutePermission>;
  }
}

const isOpen = (permission: RoutePermission | Access) => permission === 'public' || permission === 'token';

export const accessPlugin = fp(
  (app: FastifyInstance) => {
    const routePermissions = new Map<string, RoutePermission>();
    app.decorate('routePermissions', routePermissions);
    app.decorateRequest('user', null);

    app.addHook('onRoute', (route) => {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
      const declared = route.config?.access ?? (route.url.startsWith('/api/docs') ? 'public' : undefined);
      if (!declared) {
        throw new Error(`La ruta ${methods.join(',')} ${route.url} no declara config.access (public, staff, admin o token).`);
      }
      let permission: RoutePermission | undefined;
      for (const method of methods) {
        const found = routePermission(method, route.url);
        if (!found) {
          throw new Error(
            `La ruta ${method} ${routePattern(route.url)} no está en la tabla de permisos (ROUTE_PERMISSIONS, packages/contracts/src/permissions.ts).`,
          );
        }
        const agrees = isOpen(found) || isOpen(declared) ? found === declared : true;
        if (!agrees) throw new Error(`La ruta ${method} ${route.url} declara ${declared} y la tabla de permisos dice ${found}.`);
        routePermissions.set(`${method} ${routePattern(route.url)}`, found);
        permission ??= found;
      }
      route.config = { ...route.config, permission };
    });

    // onRequest, before the body is parsed or validated: an anonymous caller learns nothing about a route's input.
    // Registered after the security headers and the request budgets (app.ts), so a 401/403 carries the headers
    // and counts against the caller's budget. The role is the one in the server's records (the session lookup
    // reads the user row, cached at most SESSION_CACHE_SECONDS), never anything the request says.
    app.addHook('onRequest', async (request) => {
      const permission = request.routeOptions.config.permission;
      // Unmatched URLs (404, SPA files) carry no permission and are public.
      if (permission === undefined || isOpen(permission)) return;
      const user = await app.getSessionUser(request);
      if (!user) throw new AppError('UNAUTHENTICATED');
      request.user = user;
      // A temporary password opens nothing but the password change (better-auth's own route, public here).
      if (user.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
      // A role that must have the second step opens nothing until it is on (better-auth's enrolment, public here).
      if (user.twoFactorRequired) throw new AppError('TWO_FACTOR_REQUIRED');
      // The user's organisation role, when it has one, decides with its own capabilities (resolved with the session).
      if (!can(user, permission)) throw new AppError('FORBIDDEN');
    });
  },
  { name: 'access', dependencies: ['session', 'security', 'budgets'] },
);
