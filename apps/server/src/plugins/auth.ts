import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ErrorCode, type Rol, TWO_FACTOR_ROLES, messages, userMessages } from '@refugio/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../budgets/address-key';
import type { Config } from '../config';
import { organisationWords, passwordWeakness } from '../lib/password-policy';
import { AUTH_BASE_PATH, type Auth, createAuth } from '../auth/auth';
import { sendError } from './error-handler';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** Listeners of what happens on the sign-in routes (the users module subscribes). */
    authEvents: AuthEvents;
    /**
     * The server's secret (AUTH_SECRET, or the one kept in DATA_DIR): it signs sessions, and keys the hashes of
     * short codes (a signing code's six digits), so a copy of the database alone cannot find them by trying all.
     */
    serverSecret: string;
  }
}

/** AUTH_SECRET, or one generated on first start and kept (owner-only) in DATA_DIR. */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

/** better-auth error codes that deserve their own Spanish message. */
const authErrors: Record<string, { code: ErrorCode; message: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS', message: messages.errors.INVALID_CREDENTIALS },
  INVALID_PASSWORD: { code: 'INVALID_CREDENTIALS', message: messages.auth.currentPasswordWrong },
  BANNED_USER: { code: 'ACCOUNT_DISABLED', message: messages.errors.ACCOUNT_DISABLED },
  INVALID_EMAIL: { code: 'VALIDATION_ERROR', message: messages.auth.emailInvalid },
  PASSWORD_TOO_SHORT: { code: 'VALIDATION_ERROR', message: userMessages.passwordTooShort },
  PASSWORD_TOO_LONG: { code: 'VALIDATION_ERROR', message: userMessages.passwordTooLong },
  EMAIL_PASSWORD_SIGN_UP_DISABLED: { code: 'FORBIDDEN', message: messages.auth.signUpDisabled },
  FAILED_TO_GET_SESSION: { code: 'UNAUTHENTICATED', message: messages.errors.UNAUTHENTICATED },
  // A code of another moment, one already used (auth/totp-replay.ts) or a mistyped one: the person types the current one.
  INVALID_CODE: { code: 'INVALID_CREDENTIALS', message: messages.auth.twoFactorCodeWrong },
  INVALID_BACKUP_CODE: { code: 'INVALID_CREDENTIALS', message: messages.auth.backupCodeWrong },
};

const codeByStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMITED',
};

async function sendAuthError(request: FastifyRequest, reply: FastifyReply, response: Response) {
  let authCode = '';
  try {
    const body = (await response.json()) as { code?: unknown };
    if (typeof body.code === 'string') authCode = body.code;
  } catch {
    // Not JSON: fall back to the status.
  }
  if (response.status === 429) {
    const retryAfter = response.headers.get('x-retry-after') ?? response.headers.get('retry-after');
    if (retryAfter) void reply.header('retry-after', retryAfter);
    return sendError(reply, request, 'RATE_LIMITED', request.url.includes('/sign-in') ? messages.auth.signInRateLimited : undefined);
  }
  const known = authErrors[authCode];
  if (known) return sendError(reply, request, known.code, known.message);
  if (response.status >= 500) {
    request.log.error({ status: response.status, authCode }, 'auth handler failed');
    return sendError(reply, request, 'INTERNAL');
  }
  return sendError(reply, request, codeByStatus[response.status] ?? 'BAD_REQUEST');
}

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The better-auth endpoints the application uses; every other one (update-user, list-sessions, change-email,
 * delete-user, the admin plugin's…) is closed: profiles change through /api/users, which enforces its rules.
 */
const OPEN_AUTH_ROUTES = new Set([
  'GET /get-session',
  'POST /sign-in/email',
  'POST /sign-out',
  'POST /change-password',
  // The second step (DESIGN section 20): enrolment (enable, then verify-totp with the session), sign-in's second
  // step (verify-totp or verify-backup-code with the two-factor cookie), new backup codes, turning it off.
  'POST /two-factor/enable',
  'POST /two-factor/disable',
  'POST /two-factor/get-totp-uri',
  'POST /two-factor/verify-totp',
  'POST /two-factor/verify-backup-code',
  'POST /two-factor/generate-backup-codes',
]);

/** The second step's code checks: budgeted like passwords (failures only, reserved before the check). */
const CODE_CHECKS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** The routes after which the user's second step may be on or off: its change goes to the history. */
const TWO_FACTOR_CHANGES = new Set(['/two-factor/verify-totp', '/two-factor/disable', '/two-factor/enable']);
/** New backup codes (the password asked again by better-auth): the change goes to the history. */
const BACKUP_CODES = '/two-factor/generate-backup-codes';

/** The cookie of a sign-in waiting for its second step, or the session's: what a code is tried against. */
function codeCheckAccount(cookie: string | undefined): string {
  const pending = cookie ? /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=([^;]+)/.exec(cookie)?.[1] : undefined;
  const session = cookie ? /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie)?.[1] : undefined;
  return `2fa:${pending ?? session ?? ''}`;
}

/**
 * A session's token is its bearer credential: the page gets it only inside the HttpOnly cookie. The one
 * exception is the sign-in answer, whose `token` scripts use as `Authorization: Bearer` (getFirestoreUsers).
 * Other answers carry it as `session.token` (get-session) or as `token` (change-password: the new session's).
 */
function withoutSessionToken(body: Buffer): Buffer {
  const parsed = safeJson(body.toString('utf8'));
  if (!parsed) return body;
  const session = parsed.session;
  const inSession = !!session && typeof session === 'object' && 'token' in session;
  if (!inSession && !('token' in parsed)) return body;
  const { token: _token, ...rest } = parsed;
  if (inSession) {
    const { token: _sessionToken, ...sessionRest } = session as Record<string, unknown>;
    rest.session = sessionRest;
  }
  return Buffer.from(JSON.stringify(rest));
}

/** Why the new password of a change-password body is refused, if it is; a request without a session is left to better-auth (401). */
async function changedPasswordWeakness(
  auth: Auth,
  headers: Headers,
  body: Record<string, unknown>,
  organisation: readonly string[],
): Promise<string | undefined> {
  const { newPassword, currentPassword } = body;
  if (typeof newPassword !== 'string') return undefined;
  const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session) return undefined;
  const user = session.user as typeof session.user & { lastname?: string | null };
  return passwordWeakness(newPassword, {
    email: user.email,
    name: user.name,
    lastname: user.lastname ?? '',
    currentPassword: typeof currentPassword === 'string' ? currentPassword : undefined,
    owner: 'self',
    organisation,
  });
}

/** Whether the signed-in user of these headers has the second step on (undefined without a session). */
async function twoFactorOf(auth: Auth, headers: Headers): Promise<{ userId: string; enabled: boolean; role: string } | undefined> {
  const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session) return undefined;
  const user = session.user as { twoFactorEnabled?: boolean | null; role?: string | null };
  return { userId: session.user.id, enabled: Boolean(user.twoFactorEnabled), role: user.role ?? '' };
}

/** The id of the user whose password a successful change-password answer is about. */
async function changedPasswordOf(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { user?: { id?: unknown } };
  return typeof body.user?.id === 'string' ? body.user.id : undefined;
}

/**
 * What the users module learns from the sign-in routes (a plugin imports no module: the module subscribes).
 * `passwordChanged` runs after a person changed their own password.
 */
export interface AuthEvents {
  passwordChanged: ((userId: string) => Promise<void>)[];
  /** The person may have turned their own second step on or off (it was `wasEnabled` before). */
  twoFactorChanged: ((userId: string, wasEnabled: boolean) => Promise<void>)[];
  /** The person generated new backup codes (the old ones no longer work). */
  backupCodesRenewed: ((userId: string) => Promise<void>)[];
}

/** better-auth mounted at /api/auth, speaking our error shape. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const secret = resolveAuthSecret(opts.config);
    const auth = createAuth({ db: app.db, config: opts.config, secret });
    const events: AuthEvents = { passwordChanged: [], twoFactorChanged: [], backupCodesRenewed: [] };
    app.decorate('serverSecret', secret);
    const organisation = organisationWords(opts.config.publicUrl);
    app.decorate('auth', auth);
    app.decorate('authEvents', events);

    await app.register(async (scope) => {
      // Hand better-auth the raw body: it parses it itself, and an empty body (sign-out) must not be a 400.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
      // Anything else is accepted only when empty (a bare POST /sign-out); a non-empty body of another type is a 415.
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
        if (body === '') done(null, '');
        else done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }), undefined);
      });

      scope.route({
        method: ['GET', 'POST'],
        url: `${AUTH_BASE_PATH}/*`,
        config: { access: 'public' },
        schema: { hide: true },
        async handler(request, reply) {
          const headers = new Headers();
          for (const [key, value] of Object.entries(request.headers)) {
            if (value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
          }
          // Fastify decides the client address (honouring TRUST_PROXY); better-auth's rate limit keys on it.
          headers.set('x-forwarded-for', request.ip);
          const pathname = request.url.split('?')[0] ?? '';
          // User management goes through /api/users, which enforces its validation and the last-administrator rules.
          if (!OPEN_AUTH_ROUTES.has(`${request.method} ${pathname.slice(AUTH_BASE_PATH.length)}`)) return sendError(reply, request, 'NOT_FOUND');
          const changingPassword = pathname === `${AUTH_BASE_PATH}/change-password`;

          let body: string | undefined;
          if (request.method === 'POST') {
            const raw = typeof request.body === 'string' ? request.body : '';
            // An empty POST (sign-out from a bare client) is an empty JSON object to better-auth.
            body = raw === '' ? '{}' : raw;
            headers.set('content-type', 'application/json');
            if (changingPassword) {
              // Changing the password always ends the user's other sessions, whatever the client asked.
              const parsed = safeJson(body);
              if (!parsed) return sendError(reply, request, 'INVALID_JSON');
              // The same password policy as passwords set by administrators, plus: not the current one again.
              const weakness = await changedPasswordWeakness(auth, headers, parsed, organisation);
              if (weakness) return sendError(reply, request, 'VALIDATION_ERROR', weakness, { newPassword: weakness });
              body = JSON.stringify({ ...parsed, revokeOtherSessions: true });
            }
          }
          const signingIn = pathname === `${AUTH_BASE_PATH}/sign-in/email`;
          const route = pathname.slice(AUTH_BASE_PATH.length);
          // Failed sign-ins are budgeted per address and per account; successful ones never count (DESIGN section 8).
          // A second step's code is budgeted the same way, against the sign-in waiting for it.
          const email = signingIn && body !== undefined ? safeJson(body)?.email : undefined;
          const account = typeof email === 'string' ? email : CODE_CHECKS.has(route) ? codeCheckAccount(request.headers.cookie) : undefined;
          const attempt = account !== undefined ? await app.budgets.signInAttempt(addressKey(request.ip), account) : undefined;
          const twoFactorBefore = TWO_FACTOR_CHANGES.has(route) || route === BACKUP_CODES ? await twoFactorOf(auth, headers) : undefined;
          // A role that must have the second step (REQUIRE_TWO_FACTOR=1) cannot turn it off: its own record decides.
          if (
            route === '/two-factor/disable' &&
            opts.config.requireTwoFactor &&
            twoFactorBefore &&
            TWO_FACTOR_ROLES.includes(twoFactorBefore.role as Rol)
          ) {
            return sendError(reply, request, 'FORBIDDEN', userMessages.twoFactorMandatory);
          }
          if (attempt && !attempt.decision.allowed) {
            void reply.header('retry-after', String(attempt.decision.retryAfterSeconds));
            return sendError(reply, request, 'RATE_LIMITED', messages.auth.signInRateLimited);
          }
          let response: Response;
          try {
            response = await auth.handler(new Request(new URL(request.url, opts.config.publicUrl), { method: request.method, headers, body }));
          } catch (error) {
            await attempt?.settle(false);
            throw error;
          }
          await attempt?.settle(response.status === 401 || (CODE_CHECKS.has(route) && !response.ok));
          if (!response.ok) {
            for (const cookie of response.headers.getSetCookie()) void reply.header('set-cookie', cookie);
            return sendAuthError(request, reply, response);
          }
          if (changingPassword) {
            const userId = await changedPasswordOf(response.clone());
            if (userId) for (const listener of events.passwordChanged) await listener(userId);
          }
          // Enrolling replaces the session: the users module compares with the account's record.
          if (twoFactorBefore && route === BACKUP_CODES) for (const listener of events.backupCodesRenewed) await listener(twoFactorBefore.userId);
          else if (twoFactorBefore) for (const listener of events.twoFactorChanged) await listener(twoFactorBefore.userId, twoFactorBefore.enabled);
          if (signingIn && opts.config.requireTwoFactor) {
            // A role that must have the second step and has not got it: the answer names the next step, and the
            // session opens nothing but the enrolment (plugins/access.ts) until it is done.
            const parsed = safeJson(await response.clone().text());
            const user = parsed?.user as { role?: string; twoFactorEnabled?: boolean } | undefined;
            if (user && TWO_FACTOR_ROLES.includes(user.role as Rol) && !user.twoFactorEnabled) {
              void reply.status(response.status);
              for (const cookie of response.headers.getSetCookie()) void reply.header('set-cookie', cookie);
              return reply.send({ ...parsed, siguientePaso: 'activar-dos-pasos' });
            }
          }
          void reply.status(response.status);
          response.headers.forEach((value, key) => {
            if (key === 'set-cookie' || key === 'content-length') return;
            // bearer()'s copy of the token in a header readable by the page: only the sign-in keeps it.
            if (!signingIn && (key === 'set-auth-token' || key === 'access-control-expose-headers')) return;
            void reply.header(key, value);
          });
          const cookies = response.headers.getSetCookie();
          if (cookies.length > 0) void reply.header('set-cookie', cookies);
          if (!response.body) return reply.send(null);
          const answer = Buffer.from(await response.arrayBuffer());
          return reply.send(signingIn ? answer : withoutSessionToken(answer));
        },
      });
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
