import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { organizationRole } from './roles';

/*
 * Authentication tables, in the shape better-auth (with its admin plugin) expects, plus the staff fields of
 * SPEC section 3. Column names are snake_case in the database (Drizzle `casing`), camelCase in TypeScript.
 */

export const user = pgTable('user', {
  id: text().primaryKey(),
  /** SPEC `name`. */
  name: text().notNull(),
  /** SPEC `mail`. */
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  lastname: text().notNull().default(''),
  permisos: text().notNull().default('equipo-web'),
  color: text().notNull().default('#3B82F6'),
  /** SPEC `rol`: one of ROLES (contracts). better-auth's admin plugin calls it `role`. */
  role: text().notNull().default('Equipo'),
  banned: boolean().notNull().default(false),
  banReason: text(),
  banExpires: timestamp({ withTimezone: true }),
  /** Set when an administrator chose the password (new user, reset): the user must pick their own first. */
  mustChangePassword: boolean().notNull().default(false),
  /** better-auth's two-factor plugin: the second step (TOTP and backup codes) is on. */
  twoFactorEnabled: boolean().notNull().default(false),
  /** The organisation role (DESIGN section 21), or null: with one, its capabilities decide and `role` is its base. */
  organizationRoleId: integer().references(() => organizationRole.id, { onDelete: 'restrict' }),
  ...timestamps,
});

/** better-auth's two-factor plugin: a user's TOTP secret and backup codes (both encrypted with the server's secret). */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean().notNull().default(true),
    failedVerificationCount: bigint({ mode: 'number' }).notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    // The 30-second step of the last app code accepted (RFC 6238 section 5.2: a code is used once); set by
    // auth/totp-steps.repository.ts, never by better-auth.
    lastTotpStep: bigint({ mode: 'number' }),
  },
  (t) => [index('two_factor_user').on(t.userId), index('two_factor_secret').on(t.secret)],
);

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text(),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.identifier)],
);

/** better-auth's rate-limit counters, kept in the database so every instance shares them. */
export const rateLimit = pgTable('rate_limit', {
  id: text().primaryKey(),
  key: text().notNull().unique(),
  count: bigint({ mode: 'number' }).notNull(),
  lastRequest: bigint({ mode: 'number' }).notNull(),
});

/** What each member of staff wants to be told by e-mail (owned by `modules/messages`); no row: nothing. */
export const staffNotice = pgTable('staff_notice', {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  solicitudes: boolean().notNull().default(false),
  registros: boolean().notNull().default(false),
  /** Told when an adopter answers a check-in with "necesito ayuda" (followups module). */
  seguimientos: boolean().notNull().default(false),
  /** Told when a volunteer cancels a shift less than 24 hours before it starts (volunteers module). */
  turnos: boolean().notNull().default(false),
  ...timestamps,
});
