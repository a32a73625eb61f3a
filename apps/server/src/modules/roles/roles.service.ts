import {
  ADMIN_ONLY_CAPABILITIES,
  CAPABILITIES,
  type Capability,
  type OrganizationRole,
  type OrganizationRoleInput,
  type Rol,
  type SessionUser,
  type UpdateOrganizationRoleInput,
  organizationRoleMessages,
} from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { type HistoryPort, changedFields, hasChanges, userActor } from '../history/history.port';
import type { OrganizationRoleRow, RolesRepository } from './roles.repository';

/**
 * What a role lets its users do: its capabilities that the permission table still names, never one that stays
 * with Administrador (whatever the row says), and always `cuenta`.
 */
export function effectiveCapabilities(row: Pick<OrganizationRoleRow, 'capacidades'>): Capability[] {
  return (Object.keys(CAPABILITIES) as Capability[]).filter(
    (c) => c === 'cuenta' || (row.capacidades.includes(c) && !ADMIN_ONLY_CAPABILITIES.includes(c)),
  );
}

export function toOrganizationRoleDto(row: OrganizationRoleRow & { usuarios: number }): OrganizationRole {
  return {
    id: row.id,
    nombre: row.nombre,
    basadoEn: row.basadoEn as Rol,
    capacidades: effectiveCapabilities(row),
    enmascarar: row.enmascarar,
    version: row.version,
    usuarios: row.usuarios,
    creadoEn: row.createdAt.toISOString(),
    actualizadoEn: row.updatedAt.toISOString(),
  };
}

const FIELDS = ['nombre', 'basadoEn', 'capacidades', 'enmascarar'] as const;
const historyFieldsOf = (row: Pick<OrganizationRoleRow, 'nombre' | 'basadoEn' | 'capacidades' | 'enmascarar'>) => ({
  nombre: row.nombre,
  basadoEn: row.basadoEn,
  capacidades: [...row.capacidades],
  enmascarar: row.enmascarar,
});

const nameTaken = () =>
  new AppError('CONFLICT', { message: organizationRoleMessages.nameTaken, fieldErrors: { nombre: organizationRoleMessages.nameTaken } });

export interface RolesServiceDeps {
  repo: RolesRepository;
  /** Every change of a role writes its event in the change's transaction. */
  history: Pick<HistoryPort, 'record'>;
}

/** The organisation's roles (DESIGN section 21): administrators create, change and delete them. */
export function createRolesService({ repo, history }: RolesServiceDeps) {
  async function one(handle: RolesRepository, id: number): Promise<OrganizationRole> {
    const row = await handle.findById(id);
    if (!row) throw new AppError('NOT_FOUND', { message: organizationRoleMessages.notFound });
    return toOrganizationRoleDto({ ...row, usuarios: await handle.usersWith(id) });
  }

  return {
    async list(): Promise<OrganizationRole[]> {
      return (await repo.list()).map(toOrganizationRoleDto);
    },

    get: (id: number) => one(repo, id),

    async create(actor: SessionUser, input: OrganizationRoleInput): Promise<OrganizationRole> {
      try {
        return await repo.transaction(async (tx) => {
          const row = await tx.insert({
            nombre: input.nombre,
            basadoEn: input.basadoEn,
            capacidades: input.capacidades,
            enmascarar: input.enmascarar,
          });
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'rol',
            entidadId: row.id,
            accion: 'crear',
            cambios: changedFields({}, historyFieldsOf(row), FIELDS),
          });
          return toOrganizationRoleDto({ ...row, usuarios: 0 });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },

    async update(actor: SessionUser, id: number, input: UpdateOrganizationRoleInput): Promise<OrganizationRole> {
      try {
        return await repo.transaction(async (tx) => {
          const before = await tx.findForUpdate(id);
          if (!before) throw new AppError('NOT_FOUND', { message: organizationRoleMessages.notFound });
          if (before.version !== input.version) throw new AppError('CONFLICT', { message: organizationRoleMessages.staleVersion });
          const row = await tx.update(id, input.version, { nombre: input.nombre, capacidades: input.capacidades, enmascarar: input.enmascarar });
          if (!row) throw new AppError('CONFLICT', { message: organizationRoleMessages.staleVersion });
          const cambios = changedFields(historyFieldsOf(before), historyFieldsOf(row), FIELDS);
          if (hasChanges(cambios))
            await history.record(tx.handle, { actor: userActor(actor), entidad: 'rol', entidadId: id, accion: 'modificar', cambios });
          return toOrganizationRoleDto({ ...row, usuarios: await tx.usersWith(id) });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },

    /** Only while no user has it: assigning it takes a share lock on the row, so the count cannot change under us. */
    async remove(actor: SessionUser, id: number): Promise<void> {
      await repo.transaction(async (tx) => {
        const row = await tx.findForUpdate(id);
        if (!row) throw new AppError('NOT_FOUND', { message: organizationRoleMessages.notFound });
        const users = await tx.usersWith(id);
        if (users > 0) throw new AppError('CONFLICT', { message: organizationRoleMessages.inUse(users) });
        await tx.delete(id);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'rol',
          entidadId: id,
          accion: 'eliminar',
          cambios: {
            nombre: [row.nombre, null],
            basadoEn: [row.basadoEn, null],
            capacidades: [[...row.capacidades], null],
            enmascarar: [row.enmascarar, null],
          },
        });
      });
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
