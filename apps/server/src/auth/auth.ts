import {
  ADMIN_ROLE,
  DEFAULT_COLOR,
  DEFAULT_PERMISOS,
  DEFAULT_ROLE,
  ROLES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  messages,
} from '@refugio/contracts';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer, twoFactor } from 'better-auth/plugins';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import type { Config } from '../config';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { hashPassword, verifyPassword } from '../lib/password';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, createTotpReplayGuard } from './totp-replay';
import { createTotpStepsRepository } from './totp-steps.repository';

export const AUTH_BASE_PATH = '/api/auth';
const SEVEN_DAYS = 60 * 60 * 24 * 7;

export function createAuth({ db, config, secret }: { db: Database; config: Config; secret: string }) {
  const secure = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: 'Refugio Admin',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are created by administrators only (DESIGN section 5).
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: {
        lastname: { type: 'string', required: false, defaultValue: '', input: true },
        // Only administrators change permisos (through /api/users), never the user themself.
        permisos: { type: 'string', required: false, defaultValue: DEFAULT_PERMISOS, input: false },
        color: { type: 'string', required: false, defaultValue: DEFAULT_COLOR, input: true },
        // Set by administrators only (new user, password reset); cleared when the user changes the password.
        mustChangePassword: { type: 'boolean', required: false, defaultValue: false, input: false },
        // The organisation role (DESIGN section 21): set by administrators through /api/users only.
        organizationRoleId: { type: 'number', required: false, input: false },
      },
    },
    session: { expiresIn: SEVEN_DAYS, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      // In the database so that every instance behind a load balancer counts the same attempts.
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        // Counted by the request budgets instead, failures only (plugins/budgets.ts `signInAttempt`): an office
        // whose staff all sign in at nine through one router is never refused.
        '/sign-in/email': false,
        '/change-password': { window: 60, max: 10 },
        // Read on every page load; the general request budget (plugins/budgets.ts) covers it without a write per call.
        '/get-session': false,
        // Counted by the request budgets instead, like passwords (plugins/auth.ts): reserved before the check.
        '/two-factor/verify-totp': false,
        '/two-factor/verify-backup-code': false,
        // Enrolling, new backup codes and turning it off ask the password: limited like changing it (better-auth's
        // own three per ten seconds would refuse a person who enrols and at once renews the codes).
        '/two-factor/enable': { window: 60, max: 10 },
        '/two-factor/disable': { window: 60, max: 10 },
        '/two-factor/generate-backup-codes': { window: 60, max: 10 },
        '/two-factor/get-totp-uri': { window: 60, max: 10 },
      },
    },
    // A code of the app is used once: its step is claimed before the two-factor plugin checks it.
    hooks: { before: createTotpReplayGuard(createTotpStepsRepository(db)) },
    advanced: {
      useSecureCookies: secure,
      // The route adapter overwrites this header with Fastify's idea of the client address, so it cannot be spoofed.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
    },
    plugins: [
      // `Authorization: Bearer <session token>` for scripts and the getFirestoreUsers compatibility call.
      bearer(),
      admin({
        roles: Object.fromEntries(ROLES.map((role) => [role, role === ADMIN_ROLE ? adminAc : userAc])),
        adminRoles: [ADMIN_ROLE],
        defaultRole: DEFAULT_ROLE,
        bannedUserMessage: messages.errors.ACCOUNT_DISABLED,
      }),
      // The second step (DESIGN section 20): TOTP (any authenticator app) and ten single-use backup codes.
      twoFactor({
        issuer: 'Refugio Admin',
        totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
        backupCodeOptions: { amount: 10, length: 10 },
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 900 },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
