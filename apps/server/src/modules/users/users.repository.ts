import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { account, user } from '../../db/schema';

export function createUsersRepository(db: Database) {
  return {
    async findRoleById(id: string): Promise<string | undefined> {
      const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, id)).limit(1);
      return row?.role;
    },

    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(user);
      return row?.n ?? 0;
    },

    /** Creates a user with an email-and-password account, the way better-auth stores them. */
    async insertWithPassword(
      tx: Database,
      input: { id: string; email: string; name: string; lastname: string; role: string; passwordHash: string },
    ): Promise<void> {
      await tx.insert(user).values({ id: input.id, email: input.email, name: input.name, lastname: input.lastname, role: input.role, emailVerified: true });
      await tx.insert(account).values({ id: crypto.randomUUID(), accountId: input.id, providerId: 'credential', userId: input.id, password: input.passwordHash });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
