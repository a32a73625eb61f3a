import { randomBytes, randomUUID } from 'node:crypto';
import {
  ADMIN_ROLE,
  type CreateUserInput,
  type GetUserRoleResponse,
  capabilitiesOfRole,
  masksPersons,
  type ListUsersQuery,
  ROLES,
  type Rol,
  type UpdateUserInput,
  type User,
  organizationRoleMessages,
  underlyingRole,
  userMessages,
} from '@refugio/contracts';
import type { InTx } from '../../db/transactional';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/password';
import { organisationWords, passwordWeakness } from '../../lib/password-policy';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, changedFields, hasChanges, systemActor, userActor } from '../history/history.port';
import type { RolesPort } from '../roles/roles.port';
import type { UserRow, UsersRepository } from './users.repository';

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    lastname: row.lastname,
    mail: row.email,
    permisos: row.permisos,
    color: row.color,
    rol: (ROLES as readonly string[]).includes(row.role) ? (row.role as User['rol']) : '',
    rolOrganizacion: row.organizationRoleId !== null ? { id: row.organizationRoleId, nombre: row.organizationRoleName ?? '' } : null,
    disabled: row.banned,
    mustChangePassword: row.mustChangePassword,
    twoFactorEnabled: row.twoFactorEnabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A password an administrator chooses for someone (a new account, a reset): the reasons name that person. */
function assertStrongPassword(password: string, person: { email: string; name: string; lastname: string }, organisation: readonly string[]) {
  const weakness = passwordWeakness(password, { ...person, owner: 'other', organisation });
  if (weakness) throw new AppError('VALIDATION_ERROR', { message: weakness, fieldErrors: { password: weakness } });
}

export type FirstAdminResult = { created: false } | { created: true; email: string; generatedPassword: string | undefined };

function assertNotSelf(actor: SessionUser, id: string, message: string = userMessages.notYourself) {
  if (actor.id === id) throw new AppError('CONFLICT', { message });
}

/** What the users service needs, given once. */
export interface UsersServiceDeps {
  repo: UsersRepository;
  /** Every change of an account writes its event (never a password or its hash). */
  history: Pick<HistoryPort, 'record'>;
  /** The address the app is served at: its labels are the organisation's words no password may be built from. */
  publicUrl?: string;
  /** The organisation's roles a user may be given (DESIGN section 21), read in the assignment's transaction. */
  roles: Pick<RolesPort, 'forAssignment'>;
}

const unknownRole = () =>
  new AppError('VALIDATION_ERROR', {
    message: organizationRoleMessages.unknownRole,
    fieldErrors: { rolOrganizacion: organizationRoleMessages.unknownRole },
  });

/** A user's fields as its history names them (the wire names of the user list). */
const USER_FIELDS = ['name', 'lastname', 'mail', 'rol', 'rolOrganizacion', 'permisos', 'color'] as const;
const historyFieldsOf = (row: Pick<UserRow, 'name' | 'lastname' | 'email' | 'role' | 'organizationRoleName' | 'permisos' | 'color'>) => ({
  name: row.name,
  lastname: row.lastname,
  mail: row.email,
  rol: row.role,
  rolOrganizacion: row.organizationRoleName,
  permisos: row.permisos,
  color: row.color,
});

/** Staff accounts and the rules that keep at least one active administrator (DESIGN section 5). */
export function createUsersService({ repo, history, publicUrl, roles }: UsersServiceDeps) {
  const organisation = organisationWords(publicUrl);
  /** Runs `change` holding the administrators lock, after checking that `targetId` is not the last active administrator. */
  async function withLastAdminGuard<T>(targetId: string, change: (txRepo: InTx<UsersRepository>, target: UserRow) => Promise<T>): Promise<T> {
    return repo.transaction(async (tx) => {
      await tx.lockAdmins();
      const target = await tx.findById(targetId);
      if (!target) throw new AppError('NOT_FOUND', { message: userMessages.notFound });
      const isActiveAdmin = target.role === ADMIN_ROLE && !target.banned;
      if (isActiveAdmin && (await tx.countOtherActiveAdmins(ADMIN_ROLE, target.id)) === 0) {
        throw new AppError('CONFLICT', { message: userMessages.lastAdmin });
      }
      return change(tx, target);
    });
  }

  return {
    /**
     * Creates the first administrator when the database has no user at all. Several instances may start at once:
     * the transaction-scoped advisory lock makes exactly one of them do it.
     */
    async ensureFirstAdmin(admin: { email: string; password: string | undefined }): Promise<FirstAdminResult> {
      const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
      const password = admin.password ?? generatedPassword ?? '';
      return repo.transaction(async (tx) => {
        await tx.lockFirstAdmin();
        if ((await tx.countUsers()) > 0) return { created: false } as const;
        const id = randomUUID();
        await tx.insertWithPassword({
          id,
          email: admin.email,
          name: 'Administrador',
          lastname: '',
          role: ADMIN_ROLE,
          passwordHash: await hashPassword(password),
        });
        await history.record(tx.handle, {
          actor: systemActor,
          entidad: 'usuario',
          entidadId: id,
          accion: 'crear',
          cambios: { name: [null, 'Administrador'], mail: [null, admin.email], rol: [null, ADMIN_ROLE] },
        });
        return { created: true, email: admin.email, generatedPassword } as const;
      });
    },

    /** Role lookup of DESIGN section 4: a caller may read its own role; an administrator may read anyone's. */
    async getUserRole(caller: SessionUser, uid: string): Promise<GetUserRoleResponse> {
      if (uid !== caller.id && caller.role !== ADMIN_ROLE) throw new AppError('FORBIDDEN');
      const row = await repo.findById(uid);
      if (row === undefined) throw new AppError('NOT_FOUND', { message: userMessages.notFound });
      const rol = (ROLES as readonly string[]).includes(row.role) ? (row.role as User['rol']) : '';
      // One's own answer says what one's session may do (its organisation role's capabilities, as the server decides).
      if (uid === caller.id)
        return {
          rol,
          rolOrganizacion: caller.rolOrganizacion?.nombre ?? null,
          capacidades: [...(caller.capacidades ?? capabilitiesOfRole(rol))],
          enmascarar: masksPersons(caller),
        };
      return { rol, rolOrganizacion: row.organizationRoleName };
    },

    async list(query: ListUsersQuery): Promise<User[]> {
      return (await repo.list(query)).map(toUserDto);
    },

    async create(actor: SessionUser, input: CreateUserInput): Promise<User> {
      assertStrongPassword(input.password, { email: input.mail, name: input.name, lastname: input.lastname }, organisation);
      const passwordHash = await hashPassword(input.password);
      const id = randomUUID();
      try {
        await repo.transaction(async (tx) => {
          // An organisation role decides what the user may do; `role` is then the built-in role underneath it.
          const organizationRole = input.rolOrganizacion ? await roles.forAssignment(tx.handle, input.rolOrganizacion) : undefined;
          if (input.rolOrganizacion && !organizationRole) throw unknownRole();
          await tx.insertWithPassword({
            id,
            email: input.mail,
            name: input.name,
            lastname: input.lastname,
            role: organizationRole ? underlyingRole(organizationRole.basadoEn as Rol) : input.rol,
            organizationRoleId: organizationRole?.id ?? null,
            permisos: input.permisos,
            color: input.color,
            passwordHash,
            // An administrator chose this password: the user replaces it at the first sign-in.
            mustChangePassword: true,
          });
          const created = await tx.findById(id);
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'usuario',
            entidadId: id,
            accion: 'crear',
            cambios: changedFields({}, historyFieldsOf(created!), USER_FIELDS),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('CONFLICT', { message: userMessages.mailTaken, fieldErrors: { mail: userMessages.mailTaken } });
        throw error;
      }
      const row = await repo.findById(id);
      if (!row) throw new Error('created user not found');
      return toUserDto(row);
    },

    async update(actor: SessionUser, id: string, patch: UpdateUserInput): Promise<User> {
      if (patch.rol !== undefined && patch.rolOrganizacion != null)
        throw new AppError('VALIDATION_ERROR', { message: organizationRoleMessages.bothRoles });
      const fields = { name: patch.name, lastname: patch.lastname, role: patch.rol, permisos: patch.permisos, color: patch.color };
      const defined: Parameters<UsersRepository['update']>[1] = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      // A built-in role chosen, or the organisation role taken away: the built-in role alone decides again.
      if (patch.rol !== undefined || patch.rolOrganizacion === null) defined.organizationRoleId = null;
      const update = async (tx: InTx<UsersRepository>) => {
        if (patch.rolOrganizacion != null) {
          const organizationRole = await roles.forAssignment(tx.handle, patch.rolOrganizacion);
          if (!organizationRole) throw unknownRole();
          defined.organizationRoleId = organizationRole.id;
          defined.role = underlyingRole(organizationRole.basadoEn as Rol);
        }
        const before = await tx.findById(id);
        const row = await tx.update(id, defined);
        if (!before || !row) throw new AppError('NOT_FOUND', { message: userMessages.notFound });
        const cambios = changedFields(historyFieldsOf(before), historyFieldsOf(row), USER_FIELDS);
        if (hasChanges(cambios))
          await history.record(tx.handle, { actor: userActor(actor), entidad: 'usuario', entidadId: id, accion: 'modificar', cambios });
        return toUserDto(row);
      };
      // Any role but Administrador (an organisation role never is) may leave the organisation without one.
      if ((patch.rol !== undefined && patch.rol !== ADMIN_ROLE) || patch.rolOrganizacion != null) return withLastAdminGuard(id, (tx) => update(tx));
      return repo.transaction(update);
    },

    /** Disables the account and ends its sessions at once. */
    async disable(actor: SessionUser, id: string): Promise<User> {
      assertNotSelf(actor, id);
      return withLastAdminGuard(id, async (tx, target) => {
        const row = await tx.update(id, { banned: true });
        await tx.deleteSessions(id);
        if (!target.banned) {
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'usuario',
            entidadId: id,
            accion: 'estado',
            cambios: { desactivado: [false, true] },
          });
        }
        return toUserDto(row!);
      });
    },

    async enable(actor: SessionUser, id: string): Promise<User> {
      return repo.transaction(async (tx) => {
        const before = await tx.findById(id);
        const row = await tx.update(id, { banned: false });
        if (!before || !row) throw new AppError('NOT_FOUND', { message: userMessages.notFound });
        if (before.banned) {
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'usuario',
            entidadId: id,
            accion: 'estado',
            cambios: { desactivado: [true, false] },
          });
        }
        return toUserDto(row);
      });
    },

    /** Sets a temporary password chosen by an administrator and ends the user's sessions. */
    async resetPassword(actor: SessionUser, id: string, password: string): Promise<User> {
      const target = await repo.findById(id);
      if (!target) throw new AppError('NOT_FOUND', { message: userMessages.notFound });
      assertStrongPassword(password, target, organisation);
      const passwordHash = await hashPassword(password);
      return repo.transaction(async (tx) => {
        const row = await tx.update(id, { mustChangePassword: true });
        if (!row) throw new AppError('NOT_FOUND', { message: userMessages.notFound });
        await tx.setPassword(id, passwordHash);
        await tx.deleteSessions(id);
        // That it changed, never what it is: the port masks the field's values.
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'usuario',
          entidadId: id,
          accion: 'modificar',
          cambios: { contrasena: [null, null] },
        });
        return toUserDto(row);
      });
    },

    /**
     * An administrator forgets someone else's second step (a lost phone): their TOTP and backup codes go, their
     * sessions end, and at the next sign-in they enrol again if their role requires it.
     */
    async resetTwoFactor(actor: SessionUser, id: string): Promise<User> {
      assertNotSelf(actor, id, userMessages.notYourselfTwoFactor);
      return repo.transaction(async (tx) => {
        const before = await tx.findById(id);
        if (!before) throw new AppError('NOT_FOUND', { message: userMessages.notFound });
        await tx.deleteTwoFactor(id);
        const row = await tx.update(id, { twoFactorEnabled: false });
        await tx.deleteSessions(id);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'usuario',
          entidadId: id,
          accion: 'modificar',
          cambios: { dosPasos: [before.twoFactorEnabled, false] },
        });
        return toUserDto(row!);
      });
    },

    /** A person may have turned their own second step on or off (through the sign-in routes): its history. */
    async twoFactorChanged(userId: string, wasEnabled: boolean): Promise<void> {
      await repo.transaction(async (tx) => {
        const row = await tx.findById(userId);
        if (!row || row.twoFactorEnabled === wasEnabled) return;
        const enabled = row.twoFactorEnabled;
        await history.record(tx.handle, {
          actor: userActor(row),
          entidad: 'usuario',
          entidadId: userId,
          accion: 'modificar',
          cambios: { dosPasos: [!enabled, enabled] },
        });
      });
    },

    /** A person generated new backup codes for their second step (through the sign-in routes): its history. */
    async backupCodesRenewed(userId: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const row = await tx.findById(userId);
        if (!row) return;
        await history.record(tx.handle, {
          actor: userActor(row),
          entidad: 'usuario',
          entidadId: userId,
          accion: 'modificar',
          cambios: { codigosRespaldo: [null, 'nuevos'] },
        });
      });
    },

    /** A person changed their own password (through the sign-in routes): it is no longer a temporary one. */
    async passwordChanged(userId: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const row = await tx.update(userId, { mustChangePassword: false });
        if (!row) return;
        await history.record(tx.handle, {
          actor: userActor(row),
          entidad: 'usuario',
          entidadId: userId,
          accion: 'modificar',
          cambios: { contrasena: [null, null] },
        });
      });
    },

    async remove(actor: SessionUser, id: string): Promise<void> {
      assertNotSelf(actor, id);
      await withLastAdminGuard(id, async (tx, target) => {
        await tx.delete(id);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'usuario',
          entidadId: id,
          accion: 'eliminar',
          cambios: { name: [`${target.name} ${target.lastname}`.trim(), null], mail: [target.email, null] },
        });
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
