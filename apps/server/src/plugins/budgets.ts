import { aiMessages, messages } from '@refugio/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../budgets/address-key';
import { type BudgetDecision, type BudgetRule, createBudgetCounter } from '../budgets/budget-counter';
import { createHash } from 'node:crypto';
import { type BudgetStore, createDatabaseBudgetStore, createRedisBudgetStore } from '../budgets/budget-store';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';
import { sendError } from './error-handler';

/**
 * The stricter budgets a route can apply on top of the general one, with `config: { budget: name }`:
 * - `publicSubmission`: PUBLIC_SUBMISSIONS_PER_HOUR per client address (public adoption applications, pet
 *   registrations);
 * - `ai`: AI_REQUESTS_PER_MINUTE per signed-in user.
 * `none` exempts a route from every budget (as health checks and media files are).
 */
export type RouteBudget = 'publicSubmission' | 'ai' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    budget?: RouteBudget;
  }
  interface FastifyInstance {
    budgets: {
      readonly store: BudgetStore['kind'];
      /** Sends this instance's counts to the shared store now (the plugin does it every `syncIntervalMs`). */
      flush(): Promise<void>;
      /**
       * Admits a public upload before its body is read (DESIGN section 8): refused with 507 when the local disk
       * is nearly full, and with 429 when the declared size would pass PUBLIC_UPLOAD_MB_PER_DAY for the client's
       * address or PUBLIC_UPLOAD_MB_PER_DAY_TOTAL for the instance. The declared size is spent at once; `settle`
       * then makes the upload count the bytes it stored (0 for a refused one; a body without Content-Length is
       * counted only then).
       */
      admitPublicUpload(request: FastifyRequest): Promise<{ settle(storedBytes: number): Promise<void> }>;
      /**
       * SIGN_IN_ATTEMPTS_PER_MINUTE failed sign-ins per client address and per account (DESIGN section 8). The
       * attempt is counted while it runs; `settle(false)` takes it back when it did not fail, so successful
       * sign-ins never count. Refused: `{ allowed: false }`, and nothing stays counted.
       */
      signInAttempt(address: string, account: string): Promise<{ decision: BudgetDecision; settle: (failed: boolean) => Promise<void> }>;
      /**
       * Database lookups that anonymous callers cause without a budgeted route: a media URL of a pet not known in
       * memory (pets/pet-visibility.ts). `allowed` says whether the caller's anonymous budget has room (counting
       * nothing); `count` spends one unit of it.
       */
      anonymousLookup: { allowed(request: FastifyRequest): boolean; count(request: FastifyRequest): void };
      /**
       * One more request through a public link (the foster portal's, a signing or follow-up link): `perHour`
       * requests an hour per link, counted by every instance together (decided locally like the general budgets,
       * so several instances may let through what the others counted within one sync interval).
       */
      linkRequest(kind: string, linkId: number, perHour: number): BudgetDecision;
    };
  }
}

/**
 * Routes never refused for volume (DESIGN section 8): what an operator's health checks and a page load need.
 * The SPA's files (no route: served by the not-found handler) are exempt too, see `isExempt`.
 */
export const UNBUDGETED_ROUTES: ReadonlySet<string> = new Set([
  '/api/health',
  '/api/ready',
  '/phpApi/storage/app/public/productos/:id/:file',
  '/phpApi/storage/app/public/productos/:id/thumbs/:file',
  '/api/mascotas/:id/videos/:name',
]);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Upload budgets are counted in KiB (a whole day of an instance fits the counter column with room to spare). */
const KIB = 1024;
const HOUR = 60 * MINUTE;
const API_PATH = /^\/(api|phpApi)(\/|$|\?)/;

function isExempt(request: FastifyRequest): boolean {
  if (request.routeOptions.config.budget === 'none') return true;
  const route = request.routeOptions.url;
  const reads = request.method === 'GET' || request.method === 'HEAD';
  // No route: the SPA's files and its history fallback; unknown API paths are still counted.
  if (route === undefined) return reads && !API_PATH.test(request.url);
  return reads && UNBUDGETED_ROUTES.has(route);
}

export interface BudgetsOptions {
  config: Config;
  /** Refuses (507) a public upload when the media disk is nearly full; see storage.ts. */
  assertDiskRoom?: () => Promise<void>;
  /** How often the local counts are sent to the shared store (ms). */
  syncIntervalMs?: number;
}

/**
 * Request budgets. Every request but the exempt ones spends one unit of its caller's general budget, per
 * signed-in user (USER_REQUESTS_PER_MINUTE) or else per client address (ANON_REQUESTS_PER_MINUTE), counted
 * before the access check (so anonymous 401s are budgeted too). A route's `config.budget` adds a stricter one,
 * counted once the call passed the access check and validation.
 * Counters are shared by every instance through the database, or Redis when REDIS_URL is set; see
 * budget-counter.ts for how exact each kind is.
 */
export const budgetsPlugin = fp(
  async (app: FastifyInstance, opts: BudgetsOptions) => {
    const { config } = opts;
    let lastErrorLog = 0;
    const onError = (error: unknown) => {
      // A store that is down logs once a minute, not once per request.
      if (Date.now() - lastErrorLog < MINUTE) return;
      lastErrorLog = Date.now();
      app.log.warn({ err: error }, 'request budgets: shared store unavailable, counting in this instance only');
    };
    const store = config.redisUrl ? await createRedisBudgetStore(config.redisUrl, onError) : createDatabaseBudgetStore(app.db);
    const counter = createBudgetCounter(store, { onError });

    const user: BudgetRule = { name: 'user', limit: config.budgets.userPerMinute, windowMs: MINUTE };
    const anon: BudgetRule = { name: 'anon', limit: config.budgets.anonPerMinute, windowMs: MINUTE };
    const strict: Record<Exclude<RouteBudget, 'none'>, BudgetRule> = {
      publicSubmission: { name: 'submission', limit: config.budgets.publicSubmissionsPerHour, windowMs: HOUR },
      ai: { name: 'ai', limit: config.aiLimits.perUserPerMinute, windowMs: MINUTE },
    };
    const strictMessages: Record<Exclude<RouteBudget, 'none'>, string> = {
      publicSubmission: messages.errors.RATE_LIMITED,
      ai: aiMessages.rateLimited,
    };
    const generalOn = user.limit > 0 || anon.limit > 0;

    const refuse = (request: FastifyRequest, reply: FastifyReply, decision: BudgetDecision, message: string) => {
      void reply.header('retry-after', String(decision.retryAfterSeconds));
      return sendError(reply, request, 'RATE_LIMITED', message);
    };

    // The general budget: before the access check and before the body is read.
    app.addHook('onRequest', async (request, reply) => {
      if (!generalOn || isExempt(request)) return;
      const caller = await app.getSessionUser(request);
      const general = caller ? counter.take(user, caller.id) : counter.take(anon, addressKey(request.ip));
      if (!general.allowed) return refuse(request, reply, general, messages.errors.RATE_LIMITED);
    });

    // A route's own budget: once the caller may call it and the input is valid (a rejected call spends nothing),
    // before the handler reads a multipart body.
    app.addHook('preHandler', async (request, reply) => {
      const named = request.routeOptions.config.budget;
      if (named === undefined || named === 'none') return;
      const caller = await app.getSessionUser(request);
      const subject = named === 'ai' && caller ? `u:${caller.id}` : `a:${addressKey(request.ip)}`;
      const decision = await counter.consume(strict[named], subject);
      if (!decision.allowed) return refuse(request, reply, decision, strictMessages[named]);
    });

    const syncInterval = opts.syncIntervalMs ?? 500;
    const sync = setInterval(() => void counter.flush(), syncInterval);
    sync.unref();
    const sweep = setInterval(() => void store.sweep().catch(onError), 5 * MINUTE);
    sweep.unref();

    const uploads = publicUploadBudget(store, config, onError);
    const admitPublicUpload = async (request: FastifyRequest) => {
      await opts.assertDiskRoom?.();
      return uploads.admit(request, addressKey(request.ip));
    };

    const signIn: BudgetRule = { name: 'signin', limit: config.signInAttemptsPerMinute, windowMs: MINUTE };
    const signInAttempt = async (address: string, account: string) => {
      // The account by a hash of its folded e-mail: the store never holds the address people sign in with.
      const accountKey = createHash('sha256').update(account.trim().toLowerCase()).digest('base64url').slice(0, 22);
      const [byAddress, byAccount] = await Promise.all([counter.reserve(signIn, `a:${address}`), counter.reserve(signIn, `u:${accountKey}`)]);
      const release = () => Promise.all([byAddress.release(), byAccount.release()]).then(() => undefined);
      const refusal = [byAddress.decision, byAccount.decision].find((d) => !d.allowed);
      if (refusal) {
        await release();
        return { decision: refusal, settle: async () => undefined };
      }
      return { decision: byAddress.decision, settle: (failed: boolean) => (failed ? Promise.resolve() : release()) };
    };

    const anonymousLookup = {
      allowed: (request: FastifyRequest) => !counter.spent(anon, addressKey(request.ip)),
      count: (request: FastifyRequest) => void counter.take(anon, addressKey(request.ip)),
    };

    const linkRequest = (kind: string, linkId: number, perHour: number) =>
      counter.take({ name: `link-${kind}`, limit: perHour, windowMs: HOUR }, String(linkId));

    app.decorate('budgets', { store: store.kind, flush: () => counter.flush(), signInAttempt, anonymousLookup, admitPublicUpload, linkRequest });
    app.addHook('onClose', async () => {
      clearInterval(sync);
      clearInterval(sweep);
      await counter.flush();
      await store.close();
    });
  },
  { name: 'budgets', dependencies: ['db', 'session'] },
);

/**
 * Bytes of public uploads per day (UTC), per client address and for the whole instance, shared by every
 * instance through the budget store: the declared size is added (exact on every instance) and, when it passes a
 * budget, taken back and refused. A store that is down lets uploads through (logged), like the other budgets.
 */
function publicUploadBudget(store: BudgetStore, config: Config, onError: (error: unknown) => void) {
  const perAddress = config.budgets.publicUploadMbPerDay * KIB;
  const total = config.budgets.publicUploadMbPerDayTotal * KIB;
  const keysFor = (subject: string, now: number) => {
    const day = Math.floor(now / DAY);
    const expiresAt = (day + 1) * DAY + 1000;
    const keys: { key: string; limit: number; message: string; expiresAt: number }[] = [];
    if (perAddress > 0)
      keys.push({ key: `upload:${day}:a:${subject}`, limit: perAddress, message: messages.security.publicUploadDailyBudget, expiresAt });
    if (total > 0) keys.push({ key: `upload:${day}:total`, limit: total, message: messages.security.publicUploadTotalBudget, expiresAt });
    return keys;
  };
  const add = async (keys: ReturnType<typeof keysFor>, kib: number) => {
    try {
      return await store.add(keys.map(({ key, expiresAt }) => ({ key, by: kib, expiresAt })));
    } catch (error) {
      onError(error);
      return undefined;
    }
  };

  return {
    async admit(request: FastifyRequest, subject: string) {
      const now = Date.now();
      const keys = keysFor(subject, now);
      const declared = Number(request.headers['content-length']);
      const reserved = Number.isFinite(declared) && declared > 0 ? Math.ceil(declared / KIB) : 0;
      if (keys.length > 0) {
        const totals = await add(keys, reserved);
        const over = totals
          ? keys.find((k) => (totals.get(k.key) ?? 0) > k.limit || ((totals.get(k.key) ?? 0) >= k.limit && reserved === 0))
          : undefined;
        if (over) {
          if (reserved > 0) await add(keys, -reserved);
          const retryAfter = Math.max(1, Math.ceil(((Math.floor(now / DAY) + 1) * DAY - now) / 1000));
          throw new RateLimitedUpload(over.message, retryAfter);
        }
      }
      return {
        /** Makes the upload count what it stored: the difference from the declared size is added or given back. */
        async settle(storedBytes: number) {
          const difference = Math.ceil(storedBytes / KIB) - reserved;
          if (difference !== 0 && keys.length > 0) await add(keys, difference);
        },
      };
    },
  };
}

/** A 429 for an upload budget; the error handler sends Retry-After with it. */
export class RateLimitedUpload extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', { message });
  }
}
