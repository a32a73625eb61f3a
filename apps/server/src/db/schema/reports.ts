import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { user } from './users';

/**
 * Who receives a ready report by e-mail every month (DESIGN section 16), owned by the reports module: one row per
 * user and report. `enviadoHasta` is the last month ('YYYY-MM') sent; the monthly job sends the month before the
 * current one to every row behind it and moves it on in the same transaction as the message, so a month goes once.
 */
export const reportSubscription = pgTable(
  'report_subscription',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    clave: text().notNull(),
    periodicidad: text().notNull().default('mensual'),
    enviadoHasta: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('report_subscription_user_clave').on(t.userId, t.clave),
    check('report_subscription_periodicidad', sql`${t.periodicidad} IN ('mensual')`),
    check('report_subscription_enviado', sql`${t.enviadoHasta} IS NULL OR ${t.enviadoHasta} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);
