import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_ROLE, DEFAULT_ROLE } from '@refugio/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { openThrowawayDatabase } from './throwaway-database';
import { createUsersRepository } from '../../src/modules/users/users.repository';
import { hash } from '@node-rs/argon2';
import { argon2Options } from '../../src/lib/password';
import type { StorageProvider } from '../../src/storage/storage-provider';

export const PUBLIC_URL = 'http://localhost:3000';

/** Budgets high enough that tests are not throttled unless they set their own. */
export const TEST_ENV_DEFAULTS: Record<string, string> = {
  PUBLIC_URL,
  LOG_LEVEL: 'silent',
  SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
  USER_REQUESTS_PER_MINUTE: '100000',
  ANON_REQUESTS_PER_MINUTE: '100000',
  PUBLIC_SUBMISSIONS_PER_HOUR: '1000',
  AI_REQUESTS_PER_MINUTE: '1000',
};

/**
 * A fresh database per test file: PGlite in memory, or, when TEST_DATABASE_URL is set, a throwaway
 * database created on that PostgreSQL server and dropped afterwards. Migrated, it starts from what the run's
 * global set-up made (global-setup.ts): the build's PGlite template, or a copy of the run's migrated PostgreSQL
 * database; without that set-up (another config), it is migrated here.
 */
export async function openTestDatabase(
  options: { /** False leaves the database without any migration applied. */ migrate?: boolean } = {},
): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // Unmigrated means empty: not even the build's template (which has every migration).
    const database = await openDatabase({ driver: 'pglite', dataDir: undefined, template: options.migrate !== false });
    if (options.migrate !== false) await database.migrate();
    return { database, drop: () => database.close() };
  }
  const { database, drop } = await openThrowawayDatabase(serverUrl, {
    prefix: 'refugio_test',
    poolSize: 4,
    migrate: options.migrate,
    // The run's migrated template (global-setup.ts): a copy instead of every migration, per file.
    template: inject('postgresTemplate'),
  });
  return { database, drop };
}

/**
 * argon2id at its smallest cost, for the accounts the tests create straight in the database (createUser, `as()`):
 * signing them in verifies with the parameters in the stored hash, so the ADMIN and STAFF of ~135 files cost
 * microseconds instead of 4 x 40-60 ms of hashing each. Every password the app itself stores (sign-up, a user
 * created or changed through the API) keeps the production parameters of src/lib/password.ts, which
 * test/auth/auth.test.ts checks on a stored row.
 */
const TEST_ACCOUNT_HASH = { ...argon2Options, memoryCost: 256, timeCost: 1 } as const;
export const hashTestPassword = (password: string): Promise<string> => hash(password, TEST_ACCOUNT_HASH);

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
  /** Creates a user with a password directly in the database (hashed cheaply: hashTestPassword); returns its id. */
  createUser(input: { email: string; password: string; name?: string; lastname?: string; role?: string }): Promise<string>;
  /** Signs in through the real endpoint and returns the Cookie header to send. */
  signIn(email: string, password: string): Promise<string>;
  /**
   * Calls the app as a browser would: `anonymous` with no session, `staff` (STAFF) or `admin` (ADMIN) signed
   * in, the account created on first use. Adds the session cookie and the Origin header; headers given win.
   */
  as(role: Role): Caller;
  close(): Promise<void>;
}

export type Role = 'anonymous' | 'staff' | 'admin';

export interface Caller {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** The Cookie header this caller sends ('' when anonymous). */
  cookie(): Promise<string>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    webDistDir?: string;
    aiRetryDelayMs?: number;
    budgetSyncIntervalMs?: number;
    jobPollMs?: number;
    database?: DatabaseHandle;
    storage?: StorageProvider;
    freeSpaceProbe?: BuildAppOptions['freeSpaceProbe'];
    onRoute?: BuildAppOptions['onRoute'];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'refugio-test-'));
  const config = loadConfig({ ...TEST_ENV_DEFAULTS, DATA_DIR: dataDir, ...env });
  // A database shared with another app of the test (two instances): closing this app leaves it open.
  const { database, drop } = options.database
    ? { database: { ...options.database, close: () => Promise.resolve() }, drop: () => Promise.resolve() }
    : await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: false,
    webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web'),
    aiRetryDelayMs: options.aiRetryDelayMs ?? 20,
    budgetSyncIntervalMs: options.budgetSyncIntervalMs,
    freeSpaceProbe: options.freeSpaceProbe,
    jobPollMs: options.jobPollMs,
    onRoute: options.onRoute,
    ...(options.storage ? { storage: options.storage } : {}),
  });
  const users = createUsersRepository(database.db);
  const created = new Set<string>();
  const cookies = new Map<Role, Promise<string>>();

  const testApp: TestApp = {
    app,
    database,
    config,
    dataDir,
    async createUser({ email, password, name = 'Persona', lastname = 'De Prueba', role = DEFAULT_ROLE }) {
      const id = crypto.randomUUID();
      await users.insertWithPassword({ id, email, name, lastname, role, passwordHash: await hashTestPassword(password) });
      created.add(email);
      return id;
    },
    as(role) {
      const cookie = () => {
        if (role === 'anonymous') return Promise.resolve('');
        let signedIn = cookies.get(role);
        if (!signedIn) {
          const account = role === 'admin' ? ADMIN : STAFF;
          signedIn = (async () => {
            if (!created.has(account.email)) await testApp.createUser(account);
            return testApp.signIn(account.email, account.password);
          })();
          cookies.set(role, signedIn);
        }
        return signedIn;
      };
      return {
        cookie,
        async inject(options) {
          const session = await cookie();
          return app.inject({ ...options, headers: { origin: PUBLIC_URL, ...(session ? { cookie: session } : {}), ...options.headers } });
        },
      };
    },
    async signIn(email, password) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: PUBLIC_URL },
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return cookieHeader(res);
    },
    async close() {
      await app.close();
      await drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/** The `Cookie` header a browser would send back after this response. */
export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export const ADMIN = { email: 'admin@refugio.test', password: 'clave-admin-segura-1', role: ADMIN_ROLE };
export const STAFF = { email: 'equipo@refugio.test', password: 'clave-equipo-segura-1', role: DEFAULT_ROLE };

/** Every API error has this shape, a Spanish message and a 4xx status in these tests. */
export function expectErrorShape(res: LightMyRequestResponse, status: number, code?: string) {
  const body = res.json<{ code: string; message: string; requestId: string }>();
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  if (code !== undefined && body.code !== code) throw new Error(`expected code ${code}, got ${body.code}`);
  if (typeof body.message !== 'string' || body.message.length === 0) throw new Error('missing message');
  if (typeof body.requestId !== 'string' || body.requestId.length === 0) throw new Error('missing requestId');
  return body;
}
