import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { user } from './users';

/**
 * An inspection link (DESIGN section 16), owned by the inspections module: a read-only link to the register book
 * for an inspector. Only the SHA-256 of the token is kept (lib/link-token.ts); the link works until `venceEn`
 * unless revoked first.
 */
export const inspection = pgTable(
  'inspection',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nombre: text().notNull(),
    organismo: text().notNull(),
    tokenHash: text().notNull(),
    venceEn: timestamp({ withTimezone: true }).notNull(),
    revocadaEn: timestamp({ withTimezone: true }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('inspection_token').on(t.tokenHash), index('inspection_created').on(t.createdAt)],
);
