import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { user } from './users';

/**
 * Message templates edited by administrators (DESIGN section 10), owned by `modules/templates`. A key without a
 * row uses the Spanish default of `@refugio/contracts` (active); a saved key keeps its text here.
 */
export const messageTemplate = pgTable('message_template', {
  clave: text().primaryKey(),
  asunto: text().notNull(),
  cuerpo: text().notNull(),
  activa: boolean().notNull().default(true),
  version: integer().notNull().default(1),
  updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
  ...timestamps,
});
