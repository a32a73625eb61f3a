import { pgTable, text } from 'drizzle-orm/pg-core';

/** Settings the database itself needs (the triggers read the organisation's time zone here). */
export const orgSetting = pgTable('org_setting', {
  clave: text().primaryKey(),
  valor: text().notNull(),
});
