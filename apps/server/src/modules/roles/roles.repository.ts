import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type OrganizationRoleRow, organizationRole, user } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';

export type { OrganizationRoleRow };
export type OrganizationRoleValues = Pick<OrganizationRoleRow, 'nombre' | 'basadoEn' | 'capacidades' | 'enmascarar'>;

function rolesQueries(db: Database) {
  return {
    /** Every role with how many users have it (a read of the users' table: the users module writes it). */
    async list(): Promise<(OrganizationRoleRow & { usuarios: number })[]> {
      const users = db
        .select({ roleId: user.organizationRoleId, n: count().as('n') })
        .from(user)
        .groupBy(user.organizationRoleId)
        .as('users_per_role');
      const rows = await db
        .select({ role: organizationRole, usuarios: users.n })
        .from(organizationRole)
        .leftJoin(users, eq(users.roleId, organizationRole.id))
        .orderBy(asc(sql`lower(${organizationRole.nombre})`), asc(organizationRole.id));
      return rows.map((r) => ({ ...r.role, usuarios: Number(r.usuarios ?? 0) }));
    },

    async findById(id: number): Promise<OrganizationRoleRow | undefined> {
      const [row] = await db.select().from(organizationRole).where(eq(organizationRole.id, id)).limit(1);
      return row;
    },

    /** Inside a transaction: the role, locked against a delete until the transaction ends (assigning it to a user). */
    async findForShare(id: number): Promise<OrganizationRoleRow | undefined> {
      const [row] = await db.select().from(organizationRole).where(eq(organizationRole.id, id)).limit(1).for('share');
      return row;
    },

    /** Inside a transaction: the role, locked against assignments and other changes until the transaction ends. */
    async findForUpdate(id: number): Promise<OrganizationRoleRow | undefined> {
      const [row] = await db.select().from(organizationRole).where(eq(organizationRole.id, id)).limit(1).for('update');
      return row;
    },

    async usersWith(id: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(user).where(eq(user.organizationRoleId, id));
      return row?.n ?? 0;
    },

    async insert(values: OrganizationRoleValues): Promise<OrganizationRoleRow> {
      const [row] = await db.insert(organizationRole).values(values).returning();
      return row!;
    },

    /** The new row, or undefined when the role is not at `version` any more (someone saved it first). */
    async update(id: number, version: number, values: Omit<OrganizationRoleValues, 'basadoEn'>): Promise<OrganizationRoleRow | undefined> {
      const [row] = await db
        .update(organizationRole)
        .set({ ...values, version: sql`${organizationRole.version} + 1` })
        .where(and(eq(organizationRole.id, id), eq(organizationRole.version, version)))
        .returning();
      return row;
    },

    async delete(id: number): Promise<void> {
      await db.delete(organizationRole).where(eq(organizationRole.id, id));
    },
  };
}

export type RolesRepository = Transactional<ReturnType<typeof rolesQueries>>;

/** The only code that writes the organisation's roles. */
export function createRolesRepository(db: Database): RolesRepository {
  return transactional(db, rolesQueries);
}
