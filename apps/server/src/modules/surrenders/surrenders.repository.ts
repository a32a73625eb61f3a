import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { SurrenderState } from '@refugio/contracts';
import type { Database } from '../../db/client';
import { pet, surrender } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';

export type SurrenderRow = typeof surrender.$inferSelect;
export type SurrenderInsert = Omit<typeof surrender.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'version'>;

/** Urgency first (alta, media, baja), then the oldest. */
const urgencyOrder = sql`CASE ${surrender.urgencia} WHEN 'alta' THEN 0 WHEN 'media' THEN 1 ELSE 2 END`;

function queries(db: Database) {
  return {
    async insert(values: SurrenderInsert): Promise<SurrenderRow> {
      const [row] = await db.insert(surrender).values(values).returning();
      return row!;
    },

    async find(id: number, options: { lock?: boolean } = {}): Promise<SurrenderRow | undefined> {
      const query = db.select().from(surrender).where(eq(surrender.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    async list(estado: SurrenderState | undefined): Promise<SurrenderRow[]> {
      return db
        .select()
        .from(surrender)
        .where(estado ? eq(surrender.estado, estado) : undefined)
        .orderBy(urgencyOrder, asc(surrender.createdAt), asc(surrender.id));
    },

    /** Writes `values` and the next version when the row is still at `version`; undefined when not. */
    async update(id: number, version: number, values: Partial<SurrenderInsert>): Promise<SurrenderRow | undefined> {
      const [row] = await db
        .update(surrender)
        .set({ ...values, version: sql`${surrender.version} + 1` })
        .where(and(eq(surrender.id, id), eq(surrender.version, version)))
        .returning();
      return row;
    },

    /** The live pets in the shelter now, per species (a read model of the pets' table). */
    async inShelterBySpecies(): Promise<{ especie: string; enRefugio: number }[]> {
      const rows = await db
        .select({ especie: pet.tipo, enRefugio: count() })
        .from(pet)
        .where(and(eq(pet.ubicacion, 'refugio'), isNull(pet.deletedAt)))
        .groupBy(pet.tipo)
        .orderBy(pet.tipo);
      return rows.map((r) => ({ especie: r.especie, enRefugio: Number(r.enRefugio) }));
    },

    /** Every photo key (and thumbnail) the rows point at. */
    async photoKeys(): Promise<Set<string>> {
      const rows = await db.select({ fotos: surrender.fotos }).from(surrender);
      return new Set(rows.flatMap((r) => r.fotos.flatMap((f) => [f.key, f.thumbKey])));
    },

    async movePerson(fromId: number, toId: number): Promise<void> {
      await db.update(surrender).set({ personaId: toId }).where(eq(surrender.personaId, fromId));
    },

    async anonymisePerson(personaId: number, name: string): Promise<number[]> {
      const rows = await db
        .update(surrender)
        .set({ nombre: name, email: '', telefono: '', documento: '' })
        .where(eq(surrender.personaId, personaId))
        .returning({ id: surrender.id });
      return rows.map((r) => r.id);
    },

    async ofPerson(personaId: number): Promise<SurrenderRow[]> {
      return db.select().from(surrender).where(eq(surrender.personaId, personaId)).orderBy(asc(surrender.id));
    },
  };
}

export type SurrendersRepository = Transactional<ReturnType<typeof queries>>;

export function createSurrendersRepository(db: Database): SurrendersRepository {
  return transactional(db, queries);
}
