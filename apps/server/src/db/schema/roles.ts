import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns';

/*
 * The organisation's own roles (DESIGN section 21), written by the roles module only. A user has one through
 * `user.organization_role_id` (written by the users module); a role in use cannot be deleted (the foreign key
 * refuses it too).
 */
export const organizationRole = pgTable(
  'organization_role',
  {
    id: serial().primaryKey(),
    nombre: text().notNull(),
    /** The built-in role it started from (one of ROLES); what `user.role` is for the users who have it. */
    basadoEn: text().notNull(),
    /** Names of the permission table's capabilities (never one that stays with Administrador). */
    capacidades: text().array().notNull(),
    /** Sees persons' document, address and phone as `***`, as Voluntariado does. */
    enmascarar: boolean().notNull().default(false),
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('organization_role_nombre').on(sql`lower(${t.nombre})`)],
);

export type OrganizationRoleRow = typeof organizationRole.$inferSelect;
