import { randomBytes, randomUUID } from 'node:crypto';
import { ADMIN_ROLE, type CreateUserInput, type ListUsersQuery, ROLES, type UpdateUserInput, type User, userMessages } from '@refugio/contracts';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/password';
import { passwordWeakness } from '../../lib/password-policy';
import type { SessionUser } from '../../plugins/access';
import { type UserRow, type UsersRepository, createUsersRepository } from './users.repository';

/** Advisory lock shared by every instance while deciding whether the first administrator must be created. */
const FIRST_ADMIN_LOCK_KEY = 7_340_117_002;
/** Serialises changes that could leave the organisation without an active administrator. */
const ADMINS_LOCK_KEY = 7_340_117_003;

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    lastname: row.lastname,
    mail: row.email,
    permisos: row.permisos,
    color: row.color,
    rol: (ROLES as readonly string[]).includes(row.role) ? (row.role as User['rol']) : '',
    disabled: row.banned,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function assertStrongPassword(password: string, person: { email: string; name: string; lastname: string }) {
  const weakness = passwordWeakness(password, person);
  if (weakness) throw new AppError('VALIDATION_ERROR', { message: weakness, fieldErrors: { password: weakness } });
}

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
    await createUsersRepository(tx).insertWithPassword(tx, {
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
export async function getUserRole(db: Database, caller: SessionUser, uid: string): Promise<{ rol: User['rol'] }> {
  if (uid !== caller.id && caller.role !== ADMIN_ROLE) throw new AppError('FORBIDDEN');
  const role = await createUsersRepository(db).findRoleById(uid);
  if (role === undefined) throw new AppError('NOT_FOUND', { message: userMessages.notFound });
  return { rol: (ROLES as readonly string[]).includes(role) ? (role as User['rol']) : '' };
}

export async function listUsers(db: Database, query: ListUsersQuery): Promise<User[]> {
  return (await createUsersRepository(db).list(query)).map(toUserDto);
}

export async function createUser(db: Database, input: CreateUserInput): Promise<User> {
  assertStrongPassword(input.password, { email: input.mail, name: input.name, lastname: input.lastname });
  const passwordHash = await hashPassword(input.password);
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await createUsersRepository(tx).insertWithPassword(tx, {
        id,
        email: input.mail,
        name: input.name,
        lastname: input.lastname,
        role: input.rol,
        permisos: input.permisos,
        color: input.color,
        passwordHash,
        // An administrator chose this password: the user replaces it at the first sign-in.
        mustChangePassword: true,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', { message: userMessages.mailTaken, fieldErrors: { mail: userMessages.mailTaken } });
    throw error;
  }
  const row = await createUsersRepository(db).findById(id);
  if (!row) throw new Error('created user not found');
  return toUserDto(row);
}

/** Runs `change` holding the administrators lock, after checking that `targetId` is not the last active administrator. */
async function withLastAdminGuard<T>(db: Database, targetId: string, change: (repo: UsersRepository, target: UserRow) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMINS_LOCK_KEY})`);
    const repo = createUsersRepository(tx);
    const target = await repo.findById(targetId);
    if (!target) throw new AppError('NOT_FOUND', { message: userMessages.notFound });
    const isActiveAdmin = target.role === ADMIN_ROLE && !target.banned;
    if (isActiveAdmin && (await repo.countOtherActiveAdmins(ADMIN_ROLE, target.id)) === 0) {
      throw new AppError('CONFLICT', { message: userMessages.lastAdmin });
    }
    return change(repo, target);
  });
}

export async function updateUser(db: Database, id: string, patch: UpdateUserInput): Promise<User> {
  const fields = { name: patch.name, lastname: patch.lastname, role: patch.rol, permisos: patch.permisos, color: patch.color };
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const update = async (repo: UsersRepository) => {
    const row = await repo.update(id, defined);
    if (!row) throw new AppError('NOT_FOUND', { message: userMessages.notFound });
    return toUserDto(row);
  };
  if (patch.rol !== undefined && patch.rol !== ADMIN_ROLE) return withLastAdminGuard(db, id, update);
  return update(createUsersRepository(db));
}

function assertNotSelf(actor: SessionUser, id: string) {
  if (actor.id === id) throw new AppError('CONFLICT', { message: userMessages.notYourself });
}

/** Disables the account and ends its sessions at once. */
export async function disableUser(db: Database, actor: SessionUser, id: string): Promise<User> {
  assertNotSelf(actor, id);
  return withLastAdminGuard(db, id, async (repo) => {
    const row = await repo.update(id, { banned: true });
    await repo.deleteSessions(id);
    return toUserDto(row!);
  });
}

export async function enableUser(db: Database, id: string): Promise<User> {
  const row = await createUsersRepository(db).update(id, { banned: false });
  if (!row) throw new AppError('NOT_FOUND', { message: userMessages.notFound });
  return toUserDto(row);
}

/** Sets a temporary password chosen by an administrator and ends the user's sessions. */
export async function resetPassword(db: Database, id: string, password: string): Promise<User> {
  const target = await createUsersRepository(db).findById(id);
  if (!target) throw new AppError('NOT_FOUND', { message: userMessages.notFound });
  assertStrongPassword(password, target);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const repo = createUsersRepository(tx);
    const row = await repo.update(id, { mustChangePassword: true });
    if (!row) throw new AppError('NOT_FOUND', { message: userMessages.notFound });
    await repo.setPassword(id, passwordHash);
    await repo.deleteSessions(id);
    return toUserDto(row);
  });
}

export async function deleteUser(db: Database, actor: SessionUser, id: string): Promise<void> {
  assertNotSelf(actor, id);
  await withLastAdminGuard(db, id, (repo) => repo.delete(id));
}
