import { type Package, type PackageInput, type UpdatePackageInput, intakeMessages } from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/access';
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
export function createPackagesService({ repo }: { repo: PackagesRepository }) {
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
      const id = await repo.insert({ ...input, descripcion: input.descripcion ?? '', createdBy: actor.id });
      return get(id);
    },

    /** Links already issued keep the quota and expiry they were issued with. */
    async update(id: number, input: UpdatePackageInput): Promise<Package> {
      const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const updated = Object.keys(values).length > 0 ? await repo.update(id, values) : id;
      if (updated === undefined) throw new AppError('NOT_FOUND', { message: intakeMessages.packageNotFound });
      return get(id);
    },

    /** An archived package issues no new links; the links it issued keep working. */
    async setArchived(id: number, archived: boolean): Promise<Package> {
      const updated = await repo.update(id, { archivedAt: archived ? new Date() : null });
      if (updated === undefined) throw new AppError('NOT_FOUND', { message: intakeMessages.packageNotFound });
      return get(id);
    },
  };
}

export type PackagesService = ReturnType<typeof createPackagesService>;
