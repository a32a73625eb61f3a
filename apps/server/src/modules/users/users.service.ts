import { randomBytes, randomUUID } from 'node:crypto';
import { ADMIN_ROLE } from '@refugio/contracts';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import type { SessionUser } from '../../plugins/access';
import { createUsersRepository } from './users.repository';

/** Advisory lock shared by every instance while deciding whether the first administrator must be created. */
const FIRST_ADMIN_LOCK_KEY = 7_340_117_002;

export type FirstAdminResult = { created: false } | { created: true; email: string; generatedPassword: string | undefined };

/**
 * Creates the first administrator when the database has no user at all. Several instances may start at once:
 * the transaction-scoped advisory lock makes exactly one of them do it.
 */
export async function ensureFirstAdmin(db: Database, admin: { email: string; password: string | undefined }): Promise<FirstAdminResult> {
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
  const password = admin.password ?? generatedPassword ?? '';
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
    const [row] = await tx.select({ n: count() }).from(user);
    if ((row?.n ?? 0) > 0) return { created: false } as const;
    const repository = createUsersRepository(tx);
    await repository.insertWithPassword(tx, {
      id: randomUUID(),
      email: admin.email,
      name: 'Administrador',
      lastname: '',
      role: ADMIN_ROLE,
      passwordHash: await hashPassword(password),
    });
    return { created: true, email: admin.email, generatedPassword } as const;
  });
}

/** Role lookup of DESIGN section 4: a caller may read its own role; an administrator may read anyone's. */
export async function getUserRole(db: Database, caller: SessionUser, uid: string): Promise<{ rol: string }> {
  if (uid !== caller.id && caller.role !== ADMIN_ROLE) throw new AppError('FORBIDDEN');
  const role = await createUsersRepository(db).findRoleById(uid);
  if (role === undefined) throw new AppError('NOT_FOUND', { message: 'No existe un usuario con ese identificador.' });
  return { rol: role };
}
