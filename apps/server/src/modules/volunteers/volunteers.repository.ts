import { and, asc, desc, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { person, shift, shiftSignup, shiftTemplate, volunteerLink, volunteerProfile } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import { anyOf } from '../../db/any-of';

export type ShiftRow = typeof shift.$inferSelect;
export type ShiftInsert = Omit<typeof shift.$inferInsert, 'id' | 'createdAt'>;
export type SignupRow = typeof shiftSignup.$inferSelect;
export type TemplateRow = typeof shiftTemplate.$inferSelect;
export type ProfileRow = typeof volunteerProfile.$inferSelect;
export type VolunteerLinkRow = typeof volunteerLink.$inferSelect;
/** A signup with its person's name, for the lists. */
export type SignupWithName = Pick<SignupRow, 'turnoId' | 'personaId' | 'estado' | 'minutos'> & { nombre: string; apellidos: string };

/** What a shift in a list shows of its row. */
export type ListedShift = Pick<ShiftRow, 'id' | 'tarea' | 'inicio' | 'fin' | 'plazas' | 'lugar' | 'notas' | 'plantillaId'>;

/** Signups that hold a place. */
const holdsPlace = ne(shiftSignup.estado, 'cancelado');
/**
 * How many hold a place on the outer query's shift. Written with an alias and the shift's table named in full:
 * in a select from one table Drizzle writes the selected columns unqualified, and an unqualified `id` inside the
 * subquery read the sign-up's own id (every shift then showed the same count, one place fewer after one sign-up).
 */
const placesTaken = sql<number>`(SELECT count(*) FROM ${shiftSignup} s2 WHERE s2.turno_id = "shift"."id" AND s2.estado <> 'cancelado')::int`;

function queries(db: Database) {
  return {
    async profile(personaId: number): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(volunteerProfile).where(eq(volunteerProfile.personaId, personaId));
      return row;
    },

    async saveProfile(values: Omit<typeof volunteerProfile.$inferInsert, 'updatedAt'>, now: Date): Promise<void> {
      await db
        .insert(volunteerProfile)
        .values({ ...values, updatedAt: now })
        .onConflictDoUpdate({
          target: volunteerProfile.personaId,
          set: {
            tareas: values.tareas,
            disponibilidad: values.disponibilidad,
            formacion: values.formacion,
            acuerdoDocumentoId: values.acuerdoDocumentoId,
            updatedAt: now,
          },
        });
    },

    /** Inside a transaction: the person's profile locked (an advisory lock: the row may not exist yet). */
    async lockProfile(personaId: number): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`voluntariado:${personaId}`}, 0))`);
    },

    async insertShift(values: ShiftInsert): Promise<ShiftRow> {
      const [row] = await db.insert(shift).values(values).returning();
      return row!;
    },

    /** Shifts of a template: several at once; a day that already has one is left alone. Answers those added. */
    async insertTemplateShifts(values: ShiftInsert[]): Promise<ShiftRow[]> {
      if (values.length === 0) return [];
      return db.insert(shift).values(values).onConflictDoNothing().returning();
    },

    async findShift(id: number): Promise<ShiftRow | undefined> {
      const [row] = await db.select().from(shift).where(eq(shift.id, id));
      return row;
    },

    /** Inside a transaction: the shift's row locked until it ends: its places are counted under it. */
    async lockShift(id: number): Promise<ShiftRow | undefined> {
      const [row] = await db.select().from(shift).where(eq(shift.id, id)).for('update');
      return row;
    },

    /**
     * Shifts starting in [from, to), earliest first, each with its signups (cancelled left out) in the order they were
     * made and their people's names: the staff calendar's week. One statement answering one row, the week as JSON
     * text built by the database: on PGlite most of the week's time was its driver reading ~460 + ~950 rows field by
     * field (and binding the shifts' ids one parameter each); `JSON.parse` reads it in a fraction of that. The signups
     * are read per shift through the partial index `shift_signup_turno_activo`.
     */
    async shiftsWithPeopleBetween(from: Date, to: Date): Promise<{ row: ListedShift; signups: SignupWithName[] }[]> {
      const result = await db.execute(sql`
        SELECT coalesce(json_agg(json_build_array(
                 s.id, s.tarea, s.inicio, s.fin, s.plazas, s.lugar, s.notas, s.plantilla_id,
                 (SELECT coalesce(json_agg(json_build_array(ss.persona_id, ss.estado, ss.minutos, p.nombre, p.apellidos) ORDER BY ss.id), '[]')
                    FROM shift_signup ss JOIN person p ON p.id = ss.persona_id
                   WHERE ss.turno_id = s.id AND ss.estado <> 'cancelado')
               ) ORDER BY s.inicio, s.id), '[]')::text AS week
          FROM shift s
         WHERE s.inicio >= ${from.toISOString()}::timestamptz AND s.inicio < ${to.toISOString()}::timestamptz`);
      const text = (result as { rows: { week: string }[] }).rows[0]?.week ?? '[]';
      type Signup = [number, string, number | null, string, string];
      type Row = [number, string, string, string, number, string | null, string | null, number | null, Signup[]];
      return (JSON.parse(text) as Row[]).map(([id, tarea, inicio, fin, plazas, lugar, notas, plantillaId, signups]) => ({
        row: { id, tarea, inicio: new Date(inicio), fin: new Date(fin), plazas, lugar, notas, plantillaId },
        signups: signups.map(([personaId, estado, minutos, nombre, apellidos]) => ({ turnoId: id, personaId, estado, minutos, nombre, apellidos })),
      }));
    },

    /**
     * The signups (cancelled left out) of some shifts, with the person's name: only the columns the lists show, in the
     * order they were made. Asked by the shifts' ids, it reads them through the partial index `shift_signup_turno_activo`
     * (a join on the week's range let the planner hash the whole year's sign-ups instead).
     */
    async signupsOf(turnoIds: number[]): Promise<SignupWithName[]> {
      if (turnoIds.length === 0) return [];
      return db
        .select({
          turnoId: shiftSignup.turnoId,
          personaId: shiftSignup.personaId,
          estado: shiftSignup.estado,
          minutos: shiftSignup.minutos,
          nombre: person.nombre,
          apellidos: person.apellidos,
        })
        .from(shiftSignup)
        .innerJoin(person, eq(person.id, shiftSignup.personaId))
        .where(and(anyOf(shiftSignup.turnoId, turnoIds), holdsPlace))
        .orderBy(asc(shiftSignup.id));
    },

    /** The shifts starting in [from, to) that still have free places, with how many hold one: the volunteer's page. */
    async openShiftsBetween(from: Date, to: Date) {
      return db
        .select({
          id: shift.id,
          tarea: shift.tarea,
          inicio: shift.inicio,
          fin: shift.fin,
          lugar: shift.lugar,
          plazas: shift.plazas,
          taken: placesTaken,
        })
        .from(shift)
        .where(and(gte(shift.inicio, from), lt(shift.inicio, to), sql`${shift.plazas} > ${placesTaken}`))
        .orderBy(asc(shift.inicio), asc(shift.id))
        .limit(1000);
    },

    /** The shifts the person holds a place on, ending from `from`, with how many hold one. */
    async shiftsOfPerson(personaId: number, from: Date) {
      const taken = sql<number>`(SELECT count(*) FROM ${shiftSignup} s2 WHERE s2.turno_id = ${shift.id} AND s2.estado <> 'cancelado')::int`;
      return db
        .select({ id: shift.id, tarea: shift.tarea, inicio: shift.inicio, fin: shift.fin, lugar: shift.lugar, plazas: shift.plazas, taken })
        .from(shiftSignup)
        .innerJoin(shift, eq(shift.id, shiftSignup.turnoId))
        .where(and(eq(shiftSignup.personaId, personaId), holdsPlace, gte(shift.fin, from)))
        .orderBy(asc(shift.inicio), asc(shift.id))
        .limit(500);
    },

    async takenPlaces(turnoId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(shiftSignup)
        .where(and(eq(shiftSignup.turnoId, turnoId), holdsPlace));
      return Number(row?.n ?? 0);
    },

    async signup(turnoId: number, personaId: number): Promise<SignupRow | undefined> {
      const [row] = await db
        .select()
        .from(shiftSignup)
        .where(and(eq(shiftSignup.turnoId, turnoId), eq(shiftSignup.personaId, personaId)));
      return row;
    },

    async insertSignup(values: { turnoId: number; personaId: number; estado: string; minutos?: number | null }): Promise<SignupRow> {
      const [row] = await db.insert(shiftSignup).values(values).returning();
      return row!;
    },

    async setSignup(id: number, values: { estado: string; minutos?: number | null }, now: Date): Promise<void> {
      await db
        .update(shiftSignup)
        .set({ ...values, updatedAt: now })
        .where(eq(shiftSignup.id, id));
    },

    /** Shift ids the person holds a place on, starting from `from`. */
    async shiftIdsOf(personaId: number, from: Date): Promise<number[]> {
      const rows = await db
        .select({ id: shift.id })
        .from(shiftSignup)
        .innerJoin(shift, eq(shift.id, shiftSignup.turnoId))
        .where(and(eq(shiftSignup.personaId, personaId), holdsPlace, gte(shift.fin, from)))
        .orderBy(asc(shift.inicio));
      return rows.map((r) => r.id);
    },

    /** The person's attended shifts in [from, to), with their minutes. */
    async attendedBetween(personaId: number, from: Date, to: Date) {
      return db
        .select({ id: shift.id, tarea: shift.tarea, inicio: shift.inicio, minutos: shiftSignup.minutos })
        .from(shiftSignup)
        .innerJoin(shift, eq(shift.id, shiftSignup.turnoId))
        .where(and(eq(shiftSignup.personaId, personaId), eq(shiftSignup.estado, 'asistio'), gte(shift.inicio, from), lt(shift.inicio, to)))
        .orderBy(asc(shift.inicio));
    },

    /** Every volunteer with attended shifts in [from, to): minutes and shifts per person. */
    async attendanceTotals(from: Date, to: Date) {
      const rows = await db
        .select({
          personaId: shiftSignup.personaId,
          nombre: person.nombre,
          apellidos: person.apellidos,
          minutos: sql<number>`coalesce(sum(${shiftSignup.minutos}), 0)::int`,
          turnos: sql<number>`count(*)::int`,
        })
        .from(shiftSignup)
        .innerJoin(shift, eq(shift.id, shiftSignup.turnoId))
        .innerJoin(person, eq(person.id, shiftSignup.personaId))
        .where(and(eq(shiftSignup.estado, 'asistio'), gte(shift.inicio, from), lt(shift.inicio, to)))
        .groupBy(shiftSignup.personaId, person.nombre, person.apellidos)
        .orderBy(asc(person.nombre), asc(person.apellidos));
      return rows.map((r) => ({ ...r, minutos: Number(r.minutos), turnos: Number(r.turnos) }));
    },

    /** Shifts starting in [from, to) with fewer people than places ("Pendientes"). */
    async uncoveredCount(from: Date, to: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(shift)
        .where(
          and(
            gte(shift.inicio, from),
            lt(shift.inicio, to),
            sql`${shift.plazas} > (SELECT count(*) FROM ${shiftSignup} WHERE ${shiftSignup.turnoId} = ${shift.id} AND ${shiftSignup.estado} <> 'cancelado')`,
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Signups still `apuntado` on shifts starting in [from, to) not yet reminded. */
    async dueReminders(from: Date, to: Date) {
      return db
        .select({ signup: shiftSignup, shift })
        .from(shiftSignup)
        .innerJoin(shift, eq(shift.id, shiftSignup.turnoId))
        .where(and(eq(shiftSignup.estado, 'apuntado'), isNull(shiftSignup.recordadoEn), gte(shift.inicio, from), lt(shift.inicio, to)))
        .orderBy(asc(shift.inicio))
        .limit(500);
    },

    async markReminded(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(shiftSignup)
        .set({ recordadoEn: now })
        .where(and(eq(shiftSignup.id, id), isNull(shiftSignup.recordadoEn)))
        .returning({ id: shiftSignup.id });
      return rows.length > 0;
    },

    async insertTemplate(values: Omit<typeof shiftTemplate.$inferInsert, 'id' | 'createdAt'>): Promise<TemplateRow> {
      const [row] = await db.insert(shiftTemplate).values(values).returning();
      return row!;
    },

    async lockTemplate(id: number): Promise<TemplateRow | undefined> {
      const [row] = await db.select().from(shiftTemplate).where(eq(shiftTemplate.id, id)).for('update');
      return row;
    },

    async updateTemplate(id: number, values: Partial<typeof shiftTemplate.$inferInsert>): Promise<void> {
      await db.update(shiftTemplate).set(values).where(eq(shiftTemplate.id, id));
    },

    async templates(): Promise<TemplateRow[]> {
      return db.select().from(shiftTemplate).orderBy(asc(shiftTemplate.id));
    },

    /** A template's shifts starting after `from`, with how many hold a place on each. */
    async futureShiftsOf(plantillaId: number, from: Date) {
      return db
        .select({
          shift,
          taken: placesTaken,
        })
        .from(shift)
        .where(and(eq(shift.plantillaId, plantillaId), gt(shift.inicio, from)));
    },

    async updateShift(id: number, values: Partial<ShiftInsert>): Promise<void> {
      await db.update(shift).set(values).where(eq(shift.id, id));
    },

    async deleteShift(id: number): Promise<void> {
      await db.delete(shift).where(eq(shift.id, id));
    },

    async activeLink(tokenHash: string, now: Date): Promise<VolunteerLinkRow | undefined> {
      const [row] = await db
        .select()
        .from(volunteerLink)
        .where(and(eq(volunteerLink.tokenHash, tokenHash), isNull(volunteerLink.revocadoEn), gt(volunteerLink.venceEn, now)));
      return row;
    },

    async activeLinkOf(personaId: number, now: Date): Promise<VolunteerLinkRow | undefined> {
      const [row] = await db
        .select()
        .from(volunteerLink)
        .where(and(eq(volunteerLink.personaId, personaId), isNull(volunteerLink.revocadoEn), gt(volunteerLink.venceEn, now)))
        .orderBy(desc(volunteerLink.venceEn))
        .limit(1);
      return row;
    },

    async lockLinksOf(personaId: number): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`enlace_voluntariado:${personaId}`}, 0))`);
    },

    async revokeLinksOf(personaId: number, now: Date): Promise<number[]> {
      const rows = await db
        .update(volunteerLink)
        .set({ revocadoEn: now })
        .where(and(eq(volunteerLink.personaId, personaId), isNull(volunteerLink.revocadoEn)))
        .returning({ id: volunteerLink.id });
      return rows.map((r) => r.id);
    },

    async insertLink(values: Omit<typeof volunteerLink.$inferInsert, 'id' | 'createdAt'>): Promise<VolunteerLinkRow> {
      const [row] = await db.insert(volunteerLink).values(values).returning();
      return row!;
    },
  };
}

export function createVolunteersRepository(db: Database): Transactional<ReturnType<typeof queries>> {
  return transactional(db, queries);
}
export type VolunteersRepository = ReturnType<typeof createVolunteersRepository>;
