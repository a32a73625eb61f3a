import { type SQL, sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * Authentication tables, in the shape better-auth (with its admin plugin) expects, plus the staff fields of
 * SPEC section 3. Column names are snake_case in the database (Drizzle `casing`), camelCase in TypeScript.
 */

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

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
  /** SPEC `rol`: 'Administrador' | 'Equipo'. better-auth's admin plugin calls it `role`. */
  role: text().notNull().default('Equipo'),
  banned: boolean().notNull().default(false),
  banReason: text(),
  banExpires: timestamp({ withTimezone: true }),
  /** Set when an administrator chose the password (new user, reset): the user must pick their own first. */
  mustChangePassword: boolean().notNull().default(false),
  ...timestamps,
});

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

/**
 * Request budgets shared by every instance when no Redis is configured (plugins/budgets.ts): one row per
 * budget, caller and fixed window, e.g. `user:<id>:29380211`. Expired rows are swept by the app.
 */
export const requestBudget = pgTable('request_budget', {
  key: text().primaryKey(),
  count: integer().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/*
 * Pets (SPEC section 3 plus publication state, version, authorship and soft delete). The wire names
 * (`nombre`, `tamano`, ...) are kept as the column names so that the route edge maps nothing.
 */
export const pet = pgTable(
  'pet',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nombre: text().notNull(),
    edad: text().notNull(),
    tipo: text().notNull(),
    genero: text().notNull(),
    tamano: text().notNull(),
    fechaIngreso: timestamp({ mode: 'string' }),
    personalidad: text().notNull().default(''),
    historia: text().notNull().default(''),
    adoptado: boolean().notNull().default(false),
    discapacidad: boolean().notNull().default(false),
    tags: jsonb().$type<string[]>().notNull().default([]),
    /** File name of the main image under productos/{id}/, or null. */
    imagenPrincipal: text(),
    estado: text().notNull().default('borrador'),
    publicarEn: timestamp({ withTimezone: true }),
    /** Incremented by every save; a save based on an older one is refused (409). */
    version: integer().notNull().default(1),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: text().references(() => user.id, { onDelete: 'set null' }),
    /** Accent- and case-folded text searched by the list (trigram index). */
    searchText: text().generatedAlwaysAs(
      (): SQL => sql`refugio_fold(${pet.nombre} || ' ' || ${pet.historia} || ' ' || ${pet.personalidad} || ' ' || ${pet.tags}::text)`,
    ),
    ...timestamps,
  },
  (t) => [
    index('pet_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('pet_tags_gin').using('gin', t.tags),
    // NULLS FIRST matches `ORDER BY updated_at DESC, id DESC` (PostgreSQL's default for DESC); Drizzle's
    // .desc() alone means NULLS LAST, which the planner cannot use for that order (bench/README.md).
    index('pet_live_updated_v2')
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} IS NULL`),
    index('pet_live_tipo_v2')
      .on(t.tipo, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} IS NULL`),
    index('pet_live_nombre')
      .on(sql`lower(${t.nombre})`, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    check('pet_tipo', sql`${t.tipo} IN ('Perro', 'Gato', 'Conejo')`),
    check('pet_genero', sql`${t.genero} IN ('macho', 'hembra')`),
    check('pet_tamano', sql`${t.tamano} IN ('chico', 'mediano', 'grande')`),
    check('pet_estado', sql`${t.estado} IN ('borrador', 'programada', 'publicada')`),
  ],
);

/** Additional images of a pet, in the order staff choose. */
export const petImage = pgTable(
  'pet_image',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'cascade' }),
    /** File name under productos/{petId}/ (server-generated, never the client's). */
    nombre: text().notNull(),
    orden: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    /** SHA-256 of the stored bytes. */
    contentHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pet_image_file').on(t.petId, t.nombre), index('pet_image_order').on(t.petId, t.orden)],
);
