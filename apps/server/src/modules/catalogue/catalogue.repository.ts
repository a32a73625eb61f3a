import type { ListPublicPetsQuery } from '@refugio/contracts';
import { and, asc, count, desc, eq, isNull, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pet, petImage } from '../../db/schema';
import { isPublicSql as isPublicPet } from '../pets/pets.port';
import { anyOf } from '../../db/any-of';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const publicColumns = {
  id: pet.id,
  nombre: pet.nombre,
  edad: pet.edad,
  tipo: pet.tipo,
  genero: pet.genero,
  tamano: pet.tamano,
  discapacidad: pet.discapacidad,
  personalidad: pet.personalidad,
  historia: pet.historia,
  tags: pet.tags,
  imagenPrincipal: pet.imagenPrincipal,
  updatedAt: pet.updatedAt,
  // All of them: the service shows only the fields marked public (its definitions decide, read per answer).
  campos: pet.campos,
};
export type PublicPetRow = Pick<
  typeof pet.$inferSelect,
  | 'id'
  | 'nombre'
  | 'edad'
  | 'tipo'
  | 'genero'
  | 'tamano'
  | 'discapacidad'
  | 'personalidad'
  | 'historia'
  | 'tags'
  | 'imagenPrincipal'
  | 'updatedAt'
  | 'campos'
>;

/** Reads of the public catalogue: only public pets and only their public columns. */
export function createCatalogueRepository(db: Database) {
  return {
    async list(query: ListPublicPetsQuery): Promise<{ rows: PublicPetRow[]; total: number }> {
      const where = and(
        isPublicPet,
        query.q ? sql`${pet.searchText} LIKE '%' || refugio_fold(${escapeLike(query.q)}) || '%'` : undefined,
        query.tipo ? eq(pet.tipo, query.tipo) : undefined,
        query.tamano ? eq(pet.tamano, query.tamano) : undefined,
        query.genero ? eq(pet.genero, query.genero) : undefined,
      );
      const [rows, [totalRow]] = await Promise.all([
        db
          .select(publicColumns)
          .from(pet)
          .where(where)
          .orderBy(desc(pet.updatedAt), desc(pet.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(pet).where(where),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },

    async findPublic(id: number): Promise<PublicPetRow | undefined> {
      const [row] = await db
        .select(publicColumns)
        .from(pet)
        .where(and(eq(pet.id, id), isPublicPet))
        .limit(1);
      return row;
    },

    /** When the next scheduled pet becomes public (its publication time still ahead), if any. */
    async nextPublicationAt(): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: min(pet.publicarEn) })
        .from(pet)
        .where(and(isNull(pet.deletedAt), eq(pet.adoptado, false), eq(pet.estado, 'programada'), sql`${pet.publicarEn} > now()`));
      return row?.at ?? undefined;
    },

    /** The gallery file names of several pets, in each pet's order. */
    async imagesOf(petIds: number[]): Promise<Map<number, string[]>> {
      const result = new Map<number, string[]>(petIds.map((id) => [id, []]));
      if (petIds.length === 0) return result;
      const rows = await db
        .select({ petId: petImage.petId, nombre: petImage.nombre })
        .from(petImage)
        .where(anyOf(petImage.petId, petIds))
        .orderBy(asc(petImage.petId), asc(petImage.orden), asc(petImage.id));
      for (const row of rows) result.get(row.petId)?.push(row.nombre);
      return result;
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
