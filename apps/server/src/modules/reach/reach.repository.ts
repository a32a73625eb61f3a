import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pet } from '../../db/schema';
import { isPublicSql } from '../pets/pets.port';

const sharedColumns = {
  id: pet.id,
  nombre: pet.nombre,
  edad: pet.edad,
  tipo: pet.tipo,
  genero: pet.genero,
  tamano: pet.tamano,
  imagenPrincipal: pet.imagenPrincipal,
  updatedAt: pet.updatedAt,
};

/** What the previews, the social image and the poster show of a pet (read only: the pet belongs to `pets`). */
export interface ReachPetRow {
  id: number;
  nombre: string;
  edad: string;
  tipo: string;
  genero: string;
  tamano: string;
  imagenPrincipal: string | null;
  updatedAt: Date;
}

/** A pet as staff see it here: its texts too (for a suggested post), and whether it is public now. */
export interface StaffReachPetRow extends ReachPetRow {
  personalidad: string;
  historia: string;
  tags: string[];
  publica: boolean;
}

export function createReachRepository(db: Database) {
  return {
    /** A public pet (published or due, not adopted, not deleted), or undefined for any other. */
    async findPublic(id: number): Promise<ReachPetRow | undefined> {
      const [row] = await db
        .select(sharedColumns)
        .from(pet)
        .where(and(eq(pet.id, id), isPublicSql))
        .limit(1);
      return row;
    },

    /** A pet that is not deleted, whatever its publication state, with whether it is public now. */
    async findForStaff(id: number): Promise<StaffReachPetRow | undefined> {
      const [row] = await db
        .select({
          ...sharedColumns,
          personalidad: pet.personalidad,
          historia: pet.historia,
          tags: pet.tags,
          publica: sql<boolean>`(${isPublicSql})`.mapWith(Boolean),
        })
        .from(pet)
        .where(and(eq(pet.id, id), isNull(pet.deletedAt)))
        .limit(1);
      return row;
    },
  };
}

export type ReachRepository = ReturnType<typeof createReachRepository>;
