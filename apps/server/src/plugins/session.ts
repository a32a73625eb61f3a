import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { type Rol, type SessionUser, TWO_FACTOR_ROLES, capabilitiesOfRole } from '@refugio/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session lookup of this request, made at most once (see `getSessionUser`). */
    sessionLookup: Promise<SessionUser | null> | null;
  }
  interface FastifyInstance {
    /** The signed-in, active user of a request, or null; looked up once per request and briefly cached. */
    getSessionUser(request: FastifyRequest): Promise<SessionUser | null>;
    /** The process's session cache: `clear()` after anything that changes who may do what. */
    sessionCache: SessionCache;
    /** Where a session learns what a user's organisation role lets them do (the roles module tells it). */
    sessionRoles: { use(resolver: OrganizationRoleResolver): void };
  }
}

/** An organisation role's name, capabilities and masking, or undefined when it does not exist. */
export type OrganizationRoleResolver = (
  id: number,
) => Promise<{ id: number; nombre: string; capacidades: readonly string[]; enmascarar: boolean } | undefined>;

/** The session token a request carries: better-auth's cookie and/or `Authorization: Bearer`. */
export function sessionCredentials(headers: FastifyRequest['headers']): string | undefined {
  const cookie = headers.cookie;
  const fromCookie = cookie?.includes('session_token=') ? /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie)?.[1] : undefined;
  const authorization = headers.authorization;
  const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
  if (fromCookie === undefined && !bearer) return undefined;
  return `${fromCookie ?? ''}|${bearer ?? ''}`;
}

interface CacheEntry {
  lookup: Promise<SessionUser | null>;
  expiresAt: number;
}

/**
 * Session lookups reused for `ttlMs` by every request carrying the same token. Only successful lookups stay:
 * a request without a valid session costs a lookup each time, so random tokens cannot fill the cache. Its
 * size is bounded (oldest first out). `clear()` drops everything and makes lookups already under way
 * forget their result, so a change made on this instance takes effect on the next request here; other
 * instances see it once their entry is older than `ttlMs`.
 */
export function createSessionCache(options: { ttlMs: number; maxEntries?: number; clock?: () => number }) {
  const clock = options.clock ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, CacheEntry>();
  let generation = 0;

  function get(key: string, load: () => Promise<SessionUser | null>): Promise<SessionUser | null> {
    if (options.ttlMs <= 0) return load();
    const now = clock();
    const cached = entries.get(key);
    if (cached && cached.expiresAt > now) return cached.lookup;
    if (cached) entries.delete(key);
    const startedIn = generation;
    const lookup = load();
    const entry: CacheEntry = { lookup, expiresAt: now + options.ttlMs };
    entries.set(key, entry);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    const forget = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    lookup.then((user) => {
      if (!user || generation !== startedIn) forget();
    }, forget);
    return lookup;
  }

  function clear() {
    generation += 1;
    entries.clear();
  }

  return { get, clear, size: () => entries.size, ttlMs: options.ttlMs };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

/** Requests after which this instance forgets every cached session: sign-in/out, password and user changes. */
function changesSessions(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  const url = request.url;
  return url.startsWith('/api/auth/') || url.startsWith('/api/users') || url.startsWith('/api/roles');
}

/**
 * Resolves the signed-in user of a request through better-auth, with a short per-process cache
 * (SESSION_CACHE_SECONDS): a disabled user, a sign-out, a password change or a role change (a user's, or an
 * organisation role's capabilities) takes effect at once on the instance that made it, and on the others within
 * SESSION_CACHE_SECONDS. The cached user carries what its role lets it do (`capacidades`, `enmascarar`).
 */
export const sessionPlugin = fp(
  (app: FastifyInstance, opts: { ttlSeconds: number; requireTwoFactor?: boolean }) => {
    const cache = createSessionCache({ ttlMs: opts.ttlSeconds * 1000 });
    app.decorate('sessionCache', cache);
    app.decorateRequest('sessionLookup', null);
    // Until the roles module tells it how, an organisation role opens nothing but one's own account.
    let resolveRole: OrganizationRoleResolver = async () => undefined;
    app.decorate('sessionRoles', { use: (resolver: OrganizationRoleResolver) => void (resolveRole = resolver) });

    async function lookUp(request: FastifyRequest): Promise<SessionUser | null> {
      const result = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers), query: { disableCookieCache: true } });
      if (!result) return null;
      const u = result.user as typeof result.user & Partial<SessionUser> & { banned?: boolean | null };
      if (u.banned) return null;
      const roleId = (u as { organizationRoleId?: number | null }).organizationRoleId ?? null;
      // An organisation role decides instead of the built-in role; one that cannot be read opens only the account.
      const organizationRole =
        roleId === null ? undefined : ((await resolveRole(roleId)) ?? { id: roleId, nombre: '', capacidades: ['cuenta'], enmascarar: true });
      return {
        id: u.id,
        email: u.email,
        name: u.name,
        lastname: u.lastname ?? '',
        role: u.role ?? '',
        permisos: u.permisos ?? '',
        color: u.color ?? '',
        mustChangePassword: u.mustChangePassword ?? false,
        twoFactorEnabled: u.twoFactorEnabled ?? false,
        twoFactorRequired: (opts.requireTwoFactor ?? false) && TWO_FACTOR_ROLES.includes(u.role as Rol) && !u.twoFactorEnabled,
        rolOrganizacion: organizationRole ? { id: organizationRole.id, nombre: organizationRole.nombre } : null,
        capacidades: organizationRole ? [...organizationRole.capacidades] : capabilitiesOfRole(u.role ?? ''),
        enmascarar: organizationRole ? organizationRole.enmascarar : u.role === 'Voluntariado',
      };
    }

    app.decorate('getSessionUser', (request: FastifyRequest): Promise<SessionUser | null> => {
      if (request.sessionLookup) return request.sessionLookup;
      const credentials = sessionCredentials(request.headers);
      request.sessionLookup = credentials === undefined ? Promise.resolve(null) : cache.get(credentials, () => lookUp(request));
      return request.sessionLookup;
    });

    // onSend, before the answer leaves: the caller's next request already sees the change.
    app.addHook('onSend', async (request, reply) => {
      if (reply.statusCode < 400 && changesSessions(request)) cache.clear();
    });
  },
  { name: 'session', dependencies: ['auth'] },
);
