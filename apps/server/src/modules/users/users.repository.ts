import { type SQL, and, asc, count, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sortKey } from '../../db/sort-key';
import { account, organizationRole, session, twoFactor, user } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import type { ListUsersQuery } from '@refugio/contracts';

/** A user with the name of its organisation role (a read of the roles' table), null when it has none. */
export type UserRow = typeof user.$inferSelect & { organizationRoleName: string | null };

const withRoleName = { ...getTableColumns(user), organizationRoleName: organizationRole.nombre };

/** What each sort sorts by: a name in Spanish order (then the last name), the others as stored. */
const sortColumns = {
  name: [sortKey(user.name), sortKey(user.lastname)],
  mail: [user.email],
  rol: [user.role],
  createdAt: [user.createdAt],
} as const;

/** Lower-case, accent-free text, so 'jose' finds 'José'. */
const fold = (value: SQL | string) => sql`translate(lower(${value}), 'áéíóúüñàèìòùâêîôûäëïö', 'aeiouunaeiouaeiouaeio')`;

/** Advisory lock shared by every instance while deciding whether the first administrator must be created. */
const FIRST_ADMIN_LOCK_KEY = 7_340_117_002;
/** Serialises changes that could leave the organisation without an active administrator. */
const ADMINS_LOCK_KEY = 7_340_117_003;

function usersQueries(db: Database) {
  const findById = async (id: string): Promise<UserRow | undefined> => {
    const [row] = await db
      .select(withRoleName)
      .from(user)
      .leftJoin(organizationRole, eq(organizationRole.id, user.organizationRoleId))
      .where(eq(user.id, id))
      .limit(1);
    return row;
  };
  return {
    /** Inside a transaction: waits for the first-administrator lock, held until the transaction ends. */
    async lockFirstAdmin(): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
    },

    /** Inside a transaction: waits for the administrators lock, held until the transaction ends. */
    async lockAdmins(): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${ADMINS_LOCK_KEY})`);
    },

    findById,

    async findRoleById(id: string): Promise<string | undefined> {
      const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, id)).limit(1);
      return row?.role;
    },

    async list({ q, sort, order }: ListUsersQuery): Promise<UserRow[]> {
      const where = q
        ? sql`${fold(sql`${user.name} || ' ' || ${user.lastname} || ' ' || ${user.email}`)} LIKE ${fold(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`
        : undefined;
      const direction = order === 'desc' ? desc : asc;
      return db
        .select(withRoleName)
        .from(user)
        .leftJoin(organizationRole, eq(organizationRole.id, user.organizationRoleId))
        .where(where)
        .orderBy(...sortColumns[sort].map((column) => direction(column)), asc(user.id));
    },

    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(user);
      return row?.n ?? 0;
    },

    /** Active administrators other than `exceptId`. */
    async countOtherActiveAdmins(adminRole: string, exceptId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(user)
        .where(and(eq(user.role, adminRole), eq(user.banned, false), ne(user.id, exceptId)));
      return row?.n ?? 0;
    },

    /** Creates a user with an email-and-password account, the way better-auth stores them (both rows or neither). */
    async insertWithPassword(input: {
      id: string;
      email: string;
      name: string;
      lastname: string;
      role: string;
      organizationRoleId?: number | null;
      passwordHash: string;
      permisos?: string;
      color?: string;
      mustChangePassword?: boolean;
    }): Promise<void> {
      const { passwordHash, ...fields } = input;
      await db.transaction(async (tx) => {
        await tx.insert(user).values({ ...fields, emailVerified: true });
        await tx
          .insert(account)
          .values({ id: crypto.randomUUID(), accountId: input.id, providerId: 'credential', userId: input.id, password: passwordHash });
      });
    },

    async update(
      id: string,
      patch: Partial<
        Pick<
          UserRow,
          'name' | 'lastname' | 'role' | 'organizationRoleId' | 'permisos' | 'color' | 'banned' | 'mustChangePassword' | 'twoFactorEnabled'
        >
      >,
    ): Promise<UserRow | undefined> {
      const [row] = await db.update(user).set(patch).where(eq(user.id, id)).returning({ id: user.id });
      return row ? findById(row.id) : undefined;
    },

    async setPassword(id: string, passwordHash: string): Promise<void> {
      await db
        .update(account)
        .set({ password: passwordHash })
        .where(and(eq(account.userId, id), eq(account.providerId, 'credential')));
    },

    /** Ends every session of the user, or every one but `keepToken`. */
    /** Forgets the user's second step (TOTP secret and backup codes). */
    async deleteTwoFactor(userId: string): Promise<void> {
      await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
    },

    async deleteSessions(userId: string, keepToken?: string): Promise<void> {
      await db.delete(session).where(keepToken ? and(eq(session.userId, userId), ne(session.token, keepToken)) : eq(session.userId, userId));
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(user).where(eq(user.id, id)).returning({ id: user.id });
      return rows.length > 0;
    },
  };
}

export type UsersRepository = Transactional<ReturnType<typeof usersQueries>>;

/** The only code that reads or writes users, their accounts and sessions. */
export function createUsersRepository(db: Database): UsersRepository {
  return transactional(db, usersQueries);
}
