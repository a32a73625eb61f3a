import type { ListPublicationsQuery } from '@refugio/contracts';
import { type SQL, and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pet, user } from '../../db/schema';
import { anyOf } from '../../db/any-of';

export interface PublicationRow {
  id: number;
  nombre: string;
  tipo: string;
  adoptado: boolean;
  imagenPrincipal: string | null;
  estado: string;
  publicarEn: Date | null;
  version: number;
  updatedAt: Date;
  updatedById: string | null;
  updatedByName: string | null;
}

/** Not yet public at `now`: a draft, or scheduled without a date or for later (DESIGN section 7). */
function notYetPublic(now: Date, estado: ListPublicationsQuery['estado']): SQL {
  const scheduled = sql`(${pet.estado} = 'programada' AND (${pet.publicarEn} IS NULL OR ${pet.publicarEn} > ${now.toISOString()}::timestamptz))`;
  const draft = sql`${pet.estado} = 'borrador'`;
  const which = estado === 'borrador' ? draft : estado === 'programada' ? scheduled : sql`(${draft} OR ${scheduled})`;
  // Spelled out for the planner: the partial index pet_live_unpublished covers exactly these rows.
  return and(isNull(pet.deletedAt), sql`${pet.estado} <> 'publicada'`, which)!;
}

/** Reads of the publication state of pets (every write goes through the pets port). */
export function createPublicationsRepository(db: Database) {
  const columns = {
    id: pet.id,
    nombre: pet.nombre,
    tipo: pet.tipo,
    adoptado: pet.adoptado,
    imagenPrincipal: pet.imagenPrincipal,
    estado: pet.estado,
    publicarEn: pet.publicarEn,
    version: pet.version,
    updatedAt: pet.updatedAt,
    updatedById: pet.updatedBy,
    updatedByName: sql<string | null>`nullif(trim(${user.name} || ' ' || ${user.lastname}), '')`,
  };

  return {
    /** Drafts and scheduled pets not yet public: scheduled first, soonest first; then drafts, latest change first. */
    async listUnpublished(query: ListPublicationsQuery, now: Date): Promise<{ rows: PublicationRow[]; total: number }> {
      const where = notYetPublic(now, query.estado);
      const [rows, [totalRow]] = await Promise.all([
        db
          .select(columns)
          .from(pet)
          .leftJoin(user, eq(user.id, pet.updatedBy))
          .where(where)
          .orderBy(desc(pet.estado), sql`${pet.publicarEn} ASC NULLS LAST`, desc(pet.updatedAt), desc(pet.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(pet).where(where),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },

    async findLive(ids: number[]): Promise<PublicationRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(columns)
        .from(pet)
        .leftJoin(user, eq(user.id, pet.updatedBy))
        .where(and(anyOf(pet.id, ids), isNull(pet.deletedAt)))
        .orderBy(asc(pet.id));
    },
  };
}

export type PublicationsRepository = ReturnType<typeof createPublicationsRepository>;
