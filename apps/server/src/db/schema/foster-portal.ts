import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { careRecord } from './care';
import { person } from './persons';
import { pet } from './pets';
import { user } from './users';

/**
 * A foster's portal link (DESIGN section 12), owned by the foster-portal module: only the SHA-256 of the token is
 * kept. One active link per person: a new link revokes the previous one.
 */
export const fosterPortalLink = pgTable(
  'foster_portal_link',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    personaId: integer()
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    venceEn: timestamp({ withTimezone: true }).notNull(),
    revocadoEn: timestamp({ withTimezone: true }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('foster_portal_link_token').on(t.tokenHash), index('foster_portal_link_persona').on(t.personaId)],
);

/** A photo of a foster's news: stored under novedades/{folder}/ with its thumbnail. */
export type FosterNewsPhoto = {
  key: string;
  thumbKey: string;
  bytes: number;
  width: number;
  height: number;
  contentHash: string;
  contentType: string;
};

/** News a foster sent through the portal; nothing of it reaches the pet until staff accept it. */
export const fosterNews = pgTable(
  'foster_news',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    linkId: integer().references(() => fosterPortalLink.id, { onDelete: 'set null' }),
    personaId: integer()
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'cascade' }),
    texto: text().notNull().default(''),
    pesoKg: doublePrecision(),
    cuidadoId: integer().references(() => careRecord.id, { onDelete: 'set null' }),
    fotos: jsonb().$type<FosterNewsPhoto[]>().notNull().default([]),
    bytes: integer().notNull().default(0),
    /** pendiente | aceptada | rechazada */
    estado: text().notNull().default('pendiente'),
    decididoPor: text().references(() => user.id, { onDelete: 'set null' }),
    decididoEn: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('foster_news_estado').on(t.estado, t.createdAt),
    index('foster_news_link').on(t.linkId, t.createdAt),
    index('foster_news_persona').on(t.personaId, t.createdAt),
    check('foster_news_estado_check', sql`${t.estado} IN ('pendiente', 'aceptada', 'rechazada')`),
  ],
);
