import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fosterNews, fosterProfile, movement, user } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import { anyOf } from '../../db/any-of';

export type MovementRow = typeof movement.$inferSelect;
export type MovementInsert = Omit<typeof movement.$inferInsert, 'id' | 'createdAt'>;
export type FosterProfileRow = typeof fosterProfile.$inferSelect;
export type FosterProfileValues = Omit<typeof fosterProfile.$inferInsert, 'personaId' | 'version' | 'createdAt' | 'updatedAt'>;

const openPlacement = and(inArray(movement.tipo, ['acogida', 'adopcion']), isNull(movement.cerradaPor));

function movementsQueries(db: Database) {
  return {
    /** The pet's movements, newest first. */
    async ofPet(petId: number): Promise<MovementRow[]> {
      return db.select().from(movement).where(eq(movement.petId, petId)).orderBy(desc(movement.fecha), desc(movement.id));
    },

    /** The names of the members of staff `ids` ("Ana Gil"), as screens show who recorded a movement. */
    async staffNames(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: user.id, name: user.name, lastname: user.lastname }).from(user).where(anyOf(user.id, ids));
      return new Map(rows.map((r) => [r.id, `${r.name} ${r.lastname}`.trim()]));
    },

    /** The pet's latest movement (by date, then by order of recording). */
    async latestOfPet(petId: number): Promise<MovementRow | undefined> {
      const [row] = await db.select().from(movement).where(eq(movement.petId, petId)).orderBy(desc(movement.fecha), desc(movement.id)).limit(1);
      return row;
    },

    /** The pet's open placement (`acogida` or `adopcion` not yet returned), if any. */
    async openPlacementOf(petId: number): Promise<MovementRow | undefined> {
      const [row] = await db
        .select()
        .from(movement)
        .where(and(eq(movement.petId, petId), openPlacement))
        .limit(1);
      return row;
    },

    /** The pet's latest `ingreso` (by date, then by order of recording): where it came from (DESIGN 16). */
    async latestEntryOf(petId: number): Promise<MovementRow | undefined> {
      const [row] = await db
        .select()
        .from(movement)
        .where(and(eq(movement.petId, petId), eq(movement.tipo, 'ingreso')))
        .orderBy(desc(movement.fecha), desc(movement.id))
        .limit(1);
      return row;
    },

    /** Corrects where an entry says the animal came from. */
    async setEntryOrigin(id: number, procedencia: string | null, procedenciaDetalle: string): Promise<void> {
      await db.update(movement).set({ procedencia, procedenciaDetalle }).where(eq(movement.id, id));
    },

    /** Several entries at once (an import's new pets), one statement. */
    async insertMany(values: MovementInsert[]): Promise<MovementRow[]> {
      if (values.length === 0) return [];
      return db.insert(movement).values(values).returning();
    },

    async insert(values: MovementInsert): Promise<MovementRow> {
      const [row] = await db.insert(movement).values(values).returning();
      return row!;
    },

    async close(id: number, byId: number): Promise<void> {
      await db.update(movement).set({ cerradaPor: byId }).where(eq(movement.id, id));
    },

    /** Open foster placements of these persons (all when `personaIds` is undefined). */
    async openFosterings(personaIds?: number[]): Promise<MovementRow[]> {
      if (personaIds && personaIds.length === 0) return [];
      return db
        .select()
        .from(movement)
        .where(and(eq(movement.tipo, 'acogida'), isNull(movement.cerradaPor), personaIds ? anyOf(movement.personaId, personaIds) : undefined))
        .orderBy(asc(movement.fecha), asc(movement.id));
    },

    /** The date of each person's most recent foster placement. */
    /**
     * The date-time of each person's latest news through the portal not rejected (accepted or waiting): a read of
     * the foster portal's table for the foster homes' list (a read model, DESIGN section 9).
     */
    async lastNewsDates(): Promise<Map<number, string>> {
      const rows = await db
        .select({ personaId: fosterNews.personaId, en: sql<string>`max(${fosterNews.createdAt})` })
        .from(fosterNews)
        .where(sql`${fosterNews.estado} <> 'rechazada'`)
        .groupBy(fosterNews.personaId);
      return new Map(rows.map((r) => [r.personaId, new Date(r.en).toISOString()]));
    },

    async lastFosteringDates(personaIds: number[]): Promise<Map<number, string>> {
      if (personaIds.length === 0) return new Map();
      const rows = await db
        .select({ personaId: movement.personaId, fecha: sql<string>`max(${movement.fecha})::text` })
        .from(movement)
        .where(and(eq(movement.tipo, 'acogida'), anyOf(movement.personaId, personaIds)))
        .groupBy(movement.personaId);
      return new Map(rows.map((r) => [r.personaId!, r.fecha]));
    },

    /** A merge of persons: `fromId`'s movements and foster profile become `toId`'s (a profile `toId` has wins). */
    async movePerson(fromId: number, toId: number): Promise<void> {
      await db.update(movement).set({ personaId: toId }).where(eq(movement.personaId, fromId));
      const [target] = await db.select({ id: fosterProfile.personaId }).from(fosterProfile).where(eq(fosterProfile.personaId, toId));
      if (target) await db.delete(fosterProfile).where(eq(fosterProfile.personaId, fromId));
      else await db.update(fosterProfile).set({ personaId: toId }).where(eq(fosterProfile.personaId, fromId));
    },

    async movementsOfPerson(personaId: number): Promise<MovementRow[]> {
      return db.select().from(movement).where(eq(movement.personaId, personaId)).orderBy(asc(movement.fecha), asc(movement.id));
    },

    async profile(personaId: number, options: { forUpdate?: boolean } = {}): Promise<FosterProfileRow | undefined> {
      const query = db.select().from(fosterProfile).where(eq(fosterProfile.personaId, personaId));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    async profiles(): Promise<FosterProfileRow[]> {
      return db.select().from(fosterProfile).orderBy(asc(fosterProfile.personaId));
    },

    async insertProfile(personaId: number, values: FosterProfileValues): Promise<FosterProfileRow> {
      const [row] = await db
        .insert(fosterProfile)
        .values({ ...values, personaId })
        .returning();
      return row!;
    },

    /** Writes the profile and the next version when it is still at `version`; undefined when not. */
    async updateProfile(personaId: number, values: FosterProfileValues, version: number | undefined): Promise<FosterProfileRow | undefined> {
      const [row] = await db
        .update(fosterProfile)
        .set({ ...values, version: sql`${fosterProfile.version} + 1` })
        .where(and(eq(fosterProfile.personaId, personaId), version === undefined ? undefined : eq(fosterProfile.version, version)))
        .returning();
      return row;
    },

    /** An anonymised person keeps the figures, not the words written about them. */
    async clearProfileNotes(personaId: number): Promise<void> {
      await db.update(fosterProfile).set({ notas: '', noDisponible: [] }).where(eq(fosterProfile.personaId, personaId));
    },
  };
}

export type MovementsRepository = Transactional<ReturnType<typeof movementsQueries>>;

/** The only code that reads or writes movements and foster profiles. */
export function createMovementsRepository(db: Database): MovementsRepository {
  return transactional(db, movementsQueries);
}
