import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type Transactional, transactional } from '../../db/transactional';
import { sortKey } from '../../db/sort-key';
import { paquete } from '../../db/schema';

export type PackageRow = typeof paquete.$inferSelect & { enlaces: number; enlacesActivos: number };
export type PackageInsert = Omit<typeof paquete.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

// Written out with table names: Drizzle leaves columns unqualified in single-table selects, and both tables
// have an `id`.
const linkCount = sql<number>`(SELECT count(*)::int FROM enlace_registro e WHERE e.paquete_id = "paquete"."id")`;
const activeLinkCount = sql<number>`(SELECT count(*)::int FROM enlace_registro e WHERE e.paquete_id = "paquete"."id"
  AND e.revocado_en IS NULL AND e.vence_en > now() AND e.usados < e.cupo)`;

function packagesQueries(db: Database) {
  const selection = { ...paqueteColumns(), enlaces: linkCount, enlacesActivos: activeLinkCount };
  return {
    async list(options: { includeArchived: boolean }): Promise<PackageRow[]> {
      return db
        .select(selection)
        .from(paquete)
        .where(options.includeArchived ? undefined : isNull(paquete.archivedAt))
        .orderBy(sql`${paquete.archivedAt} IS NOT NULL`, asc(sortKey(paquete.nombre)), desc(paquete.id));
    },

    async findById(id: number): Promise<PackageRow | undefined> {
      const [row] = await db.select(selection).from(paquete).where(eq(paquete.id, id)).limit(1);
      return row;
    },

    async insert(values: PackageInsert): Promise<number> {
      const [row] = await db.insert(paquete).values(values).returning({ id: paquete.id });
      return row!.id;
    },

    /** Undefined when there is no such package. */
    async update(id: number, values: Partial<PackageInsert>): Promise<number | undefined> {
      const [row] = await db.update(paquete).set(values).where(eq(paquete.id, id)).returning({ id: paquete.id });
      return row?.id;
    },
  };
}

function paqueteColumns() {
  return {
    id: paquete.id,
    nombre: paquete.nombre,
    descripcion: paquete.descripcion,
    cupo: paquete.cupo,
    diasVigencia: paquete.diasVigencia,
    archivedAt: paquete.archivedAt,
    createdBy: paquete.createdBy,
    createdAt: paquete.createdAt,
    updatedAt: paquete.updatedAt,
  };
}

export type PackagesRepository = Transactional<ReturnType<typeof packagesQueries>>;

export function createPackagesRepository(db: Database): PackagesRepository {
  return transactional(db, packagesQueries);
}
