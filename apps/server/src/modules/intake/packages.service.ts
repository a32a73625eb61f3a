import { type Package, type PackageInput, type UpdatePackageInput, intakeMessages } from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, changedFields, hasChanges, userActor } from '../history/history.port';
import type { PackageRow, PackagesRepository } from './packages.repository';

export function toPackageDto(row: PackageRow): Package {
  return {
    id: row.id,
    nombre: row.nombre,
    descripcion: row.descripcion,
    cupo: row.cupo,
    diasVigencia: row.diasVigencia,
    archivado: row.archivedAt !== null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    enlaces: row.enlaces,
    enlacesActivos: row.enlacesActivos,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Packages (Paquetes): named offers that say how many pets one link may register and for how many days. */
const PACKAGE_FIELDS = ['nombre', 'descripcion', 'cupo', 'diasVigencia'] as const;

export function createPackagesService({ repo, history }: { repo: PackagesRepository; history: Pick<HistoryPort, 'record'> }) {
  async function get(id: number): Promise<Package> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('NOT_FOUND', { message: intakeMessages.packageNotFound });
    return toPackageDto(row);
  }

  return {
    get,

    async list(includeArchived: boolean) {
      const items = (await repo.list({ includeArchived })).map(toPackageDto);
      return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
    },

    async create(actor: SessionUser, input: PackageInput): Promise<Package> {
      const values = { ...input, descripcion: input.descripcion ?? '' };
      const id = await repo.transaction(async (tx) => {
        const created = await tx.insert({ ...values, createdBy: actor.id });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'paquete',
          entidadId: created,
          accion: 'crear',
          cambios: changedFields({}, values, PACKAGE_FIELDS),
        });
        return created;
      });
      return get(id);
    },

    /** Links already issued keep the quota and expiry they were issued with. */
    async update(actor: SessionUser, id: number, input: UpdatePackageInput): Promise<Package> {
      const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<PackageRow>;
      await repo.transaction(async (tx) => {
        const before = await tx.findById(id);
        if (!before) throw new AppError('NOT_FOUND', { message: intakeMessages.packageNotFound });
        if (Object.keys(values).length === 0) return;
        await tx.update(id, values);
        const cambios = changedFields(before, values, PACKAGE_FIELDS);
        if (hasChanges(cambios))
          await history.record(tx.handle, { actor: userActor(actor), entidad: 'paquete', entidadId: id, accion: 'modificar', cambios });
      });
      return get(id);
    },

    /** An archived package issues no new links; the links it issued keep working. */
    async setArchived(actor: SessionUser, id: number, archived: boolean): Promise<Package> {
      await repo.transaction(async (tx) => {
        const before = await tx.findById(id);
        if (!before) throw new AppError('NOT_FOUND', { message: intakeMessages.packageNotFound });
        await tx.update(id, { archivedAt: archived ? new Date() : null });
        const estado = (row: { archivedAt: Date | null } | boolean) =>
          (typeof row === 'boolean' ? row : row.archivedAt !== null) ? 'archivado' : 'activo';
        if (estado(before) !== estado(archived)) {
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'paquete',
            entidadId: id,
            accion: 'estado',
            cambios: { estado: [estado(before), estado(archived)] },
          });
        }
      });
      return get(id);
    },
  };
}

export type PackagesService = ReturnType<typeof createPackagesService>;
