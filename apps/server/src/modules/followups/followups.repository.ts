import { type SQL, and, asc, count, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { ListFollowupsQuery } from '@refugio/contracts';
import type { Database } from '../../db/client';
import { followup } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import { anyOf } from '../../db/any-of';

export type FollowupRow = typeof followup.$inferSelect;
export type FollowupInsert = Omit<typeof followup.$inferInsert, 'id' | 'createdAt'>;

const OBLIGATIONS = ['esterilizacion', 'cambio_titularidad_microchip'];
/** Still waiting on the adopter: what a return ends. */
const OPEN_STATES = ['pendiente', 'enviado'];

/** An obligation past its due date and not done (as of the organisation's `today`). */
const overdueObligation = (today: string) => and(inArray(followup.tipo, OBLIGATIONS), eq(followup.estado, 'pendiente'), lt(followup.vence, today));
/** An answer "necesito ayuda" nobody has handled yet. */
const helpWaiting = and(eq(followup.comoVa, 'necesito_ayuda'), eq(followup.estado, 'respondido'), isNull(followup.atendidoEn));

function queries(db: Database) {
  return {
    async insertMany(values: FollowupInsert[]): Promise<FollowupRow[]> {
      if (values.length === 0) return [];
      return db.insert(followup).values(values).returning();
    },

    async find(id: number): Promise<FollowupRow | undefined> {
      const [row] = await db.select().from(followup).where(eq(followup.id, id));
      return row;
    },

    async lock(id: number): Promise<FollowupRow | undefined> {
      const [row] = await db.select().from(followup).where(eq(followup.id, id)).for('update');
      return row;
    },

    async byToken(tokenHash: string): Promise<FollowupRow | undefined> {
      const [row] = await db.select().from(followup).where(eq(followup.tokenHash, tokenHash));
      return row;
    },

    /** Writes `values` and the next version when the row is still in `estado` (and at `version` when given). */
    async update(id: number, values: Partial<FollowupInsert>, where: { estado?: string[]; version?: number } = {}): Promise<FollowupRow | undefined> {
      const [row] = await db
        .update(followup)
        .set({ ...values, version: sql`${followup.version} + 1` })
        .where(
          and(
            eq(followup.id, id),
            where.estado ? inArray(followup.estado, where.estado) : undefined,
            where.version === undefined ? undefined : eq(followup.version, where.version),
          ),
        )
        .returning();
      return row;
    },

    /** Check-ins whose day has come and that were never sent. */
    async dueCheckIns(today: string, limit: number): Promise<FollowupRow[]> {
      return db
        .select()
        .from(followup)
        .where(and(eq(followup.tipo, 'seguimiento'), eq(followup.estado, 'pendiente'), lte(followup.vence, today)))
        .orderBy(asc(followup.vence), asc(followup.id))
        .limit(limit);
    },

    /** Obligations not done, not yet reminded, whose reminder day (`vence` - `daysBefore`) has come. */
    async dueReminders(today: string, daysBefore: number, limit: number): Promise<FollowupRow[]> {
      return db
        .select()
        .from(followup)
        .where(
          and(
            inArray(followup.tipo, OBLIGATIONS),
            eq(followup.estado, 'pendiente'),
            isNull(followup.recordadoEn),
            sql`${followup.vence} - ${daysBefore}::int <= ${today}::date`,
          ),
        )
        .orderBy(asc(followup.vence), asc(followup.id))
        .limit(limit);
    },

    /** Ends (`anulado`) what an adoption still waits for; answers the rows ended as they were. */
    async endOpen(adopcionId: number): Promise<Pick<FollowupRow, 'id' | 'estado'>[]> {
      const open = await db
        .select({ id: followup.id, estado: followup.estado })
        .from(followup)
        .where(and(eq(followup.adopcionId, adopcionId), inArray(followup.estado, OPEN_STATES)))
        .for('update');
      if (open.length === 0) return [];
      await db
        .update(followup)
        .set({ estado: 'anulado', version: sql`${followup.version} + 1` })
        .where(
          anyOf(
            followup.id,
            open.map((r) => r.id),
          ),
        );
      return open;
    },

    async list(query: ListFollowupsQuery, today: string): Promise<{ rows: FollowupRow[]; total: number }> {
      const filters: (SQL | undefined)[] = [
        query.mascotaId ? eq(followup.petId, query.mascotaId) : undefined,
        query.personaId ? eq(followup.personaId, query.personaId) : undefined,
        query.tipo === 'obligacion' ? inArray(followup.tipo, OBLIGATIONS) : query.tipo ? eq(followup.tipo, query.tipo) : undefined,
        query.estado === 'vencido'
          ? overdueObligation(today)
          : query.estado === 'ayuda'
            ? helpWaiting
            : query.estado
              ? eq(followup.estado, query.estado)
              : undefined,
      ];
      const where = and(...filters);
      // Overdue first (not answered or done, due before today), then by due date.
      const overdue = sql`CASE WHEN ${followup.estado} IN ('pendiente', 'enviado') AND ${followup.vence} < ${today}::date THEN 0 ELSE 1 END`;
      const help = sql`CASE WHEN ${helpWaiting} THEN 0 ELSE 1 END`;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(followup)
          .where(where)
          .orderBy(help, overdue, asc(followup.vence), asc(followup.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(followup).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async counts(today: string): Promise<{ ayuda: number; vencidas: number }> {
      const [[ayuda], [vencidas]] = await Promise.all([
        db.select({ n: count() }).from(followup).where(helpWaiting),
        db.select({ n: count() }).from(followup).where(overdueObligation(today)),
      ]);
      return { ayuda: ayuda?.n ?? 0, vencidas: vencidas?.n ?? 0 };
    },

    async idsOfPet(petId: number): Promise<number[]> {
      return (await db.select({ id: followup.id }).from(followup).where(eq(followup.petId, petId))).map((r) => r.id);
    },

    async idsOfPersons(personaIds: number[]): Promise<number[]> {
      if (personaIds.length === 0) return [];
      return (await db.select({ id: followup.id }).from(followup).where(anyOf(followup.personaId, personaIds))).map((r) => r.id);
    },

    async ofPerson(personaId: number): Promise<FollowupRow[]> {
      return db.select().from(followup).where(eq(followup.personaId, personaId)).orderBy(asc(followup.vence), asc(followup.id));
    },

    async movePerson(fromId: number, toId: number): Promise<void> {
      await db.update(followup).set({ personaId: toId }).where(eq(followup.personaId, fromId));
    },

    /** An anonymised person keeps the answers' choice and dates, not their words. */
    async clearComments(personaId: number): Promise<void> {
      await db.update(followup).set({ comentario: '' }).where(eq(followup.personaId, personaId));
    },

    /** Every photo key (and thumbnail) rows point at: what the orphan sweep keeps. */
    async photoKeys(): Promise<Set<string>> {
      const rows = await db.select({ fotos: followup.fotos }).from(followup).where(isNotNull(followup.respondidoEn));
      return new Set(rows.flatMap((r) => r.fotos.flatMap((f) => [f.key, f.thumbKey])));
    },
  };
}

export function createFollowupsRepository(db: Database): Transactional<ReturnType<typeof queries>> {
  return transactional(db, queries);
}
export type FollowupsRepository = ReturnType<typeof createFollowupsRepository>;
