import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request budgets shared by every instance when no Redis is configured (plugins/budgets.ts): one row per
 * budget, caller and fixed window, e.g. `user:<id>:29380211`. Expired rows are swept by the app.
 */
export const requestBudget = pgTable('request_budget', {
  key: text().primaryKey(),
  count: integer().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
