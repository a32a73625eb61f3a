import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { receivedGiftSql } from '../donations/donations.port';

/*
 * The reads of the annual report and the ready reports (DESIGN section 16): a read model over the tables of the
 * movements, pets, care and donations modules, which it never writes. Every read takes a day range
 * ['YYYY-MM-DD', 'YYYY-MM-DD'], both days included. Soft-deleted pets are left out everywhere.
 */

type Executor = Pick<Database, 'execute'>;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export interface DayRange {
  desde: string;
  hasta: string;
}

export interface MovementRow {
  fecha: string;
  tipo: string;
  especie: string;
  procedencia: string | null;
  motivo: string;
}

export interface AdoptionRow {
  fecha: string;
  petId: number;
  mascota: string;
  especie: string;
  /** The latest intake on or before the adoption (the pet's own intake date when it has no movement), or null. */
  ingreso: string | null;
}

export interface ReturnRow {
  fecha: string;
  petId: number;
  mascota: string;
  especie: string;
  adopcion: string;
  motivo: string;
}

export interface SterilisationRow {
  fecha: string;
  petId: number;
  mascota: string;
  especie: string;
  /** Where the date comes from: the pet's own field, or a done care record of type esterilizacion. */
  fuente: 'ficha' | 'registro_salud';
}

export interface FosterRow {
  petId: number;
  especie: string;
  personaId: number | null;
}

export interface VetCostRow {
  fecha: string;
  mascota: string;
  especie: string;
  tipo: string;
  nombre: string;
  veterinario: string;
  costeCentimos: number;
}

/** An attended shift: the day it started in the organisation's zone, who came and the minutes they gave. */
export interface VolunteerShiftRow {
  fecha: string;
  personaId: number;
  persona: string;
  minutos: number;
}

export interface GiftRow {
  fecha: string;
  concepto: string;
  importeCentimos: number;
}

/** `date` columns come back as 'YYYY-MM-DD' text from both drivers once cast to text. */
const day = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

export function createReportsRepository(db: Executor, timeZone: () => Promise<string>) {
  return {
    /** Attendance marked "vino" on shifts that started in the range (days in the organisation's zone), oldest first. */
    async volunteerShifts(range: DayRange): Promise<VolunteerShiftRow[]> {
      const zone = await timeZone();
      const local = sql`(s.inicio AT TIME ZONE ${zone})`;
      const found = await rows<VolunteerShiftRow & { personaId: number | string; minutos: number | string }>(
        db,
        sql`SELECT ${day(local)} AS fecha, a.persona_id AS "personaId", trim(pe.nombre || ' ' || pe.apellidos) AS persona,
                   coalesce(a.minutos, 0) AS minutos
              FROM shift_signup a JOIN shift s ON s.id = a.turno_id JOIN person pe ON pe.id = a.persona_id
             WHERE a.estado = 'asistio' AND ${local}::date BETWEEN ${range.desde}::date AND ${range.hasta}::date
             ORDER BY s.inicio, a.id`,
      );
      return found.map((r) => ({ ...r, personaId: Number(r.personaId), minutos: Number(r.minutos) }));
    },

    /** Intakes, adoptions, transfers, deaths and returns (of any placement) in the range, oldest first. */
    movements(range: DayRange): Promise<MovementRow[]> {
      return rows(
        db,
        sql`SELECT ${day(sql`m.fecha`)} AS fecha, m.tipo, p.tipo AS especie, m.procedencia, m.motivo
              FROM movement m JOIN pet p ON p.id = m.pet_id
             WHERE p.deleted_at IS NULL AND m.tipo <> 'acogida' AND m.fecha BETWEEN ${range.desde}::date AND ${range.hasta}::date
             ORDER BY m.fecha, m.id`,
      );
    },

    /** Adoptions in the range with the intake before each. */
    async adoptions(range: DayRange): Promise<AdoptionRow[]> {
      const found = await rows<AdoptionRow & { petId: number | string }>(
        db,
        sql`SELECT ${day(sql`a.fecha`)} AS fecha, p.id AS "petId", p.nombre AS mascota, p.tipo AS especie,
                   coalesce(
                     (SELECT ${day(sql`max(i.fecha)`)} FROM movement i WHERE i.pet_id = a.pet_id AND i.tipo = 'ingreso' AND i.fecha <= a.fecha),
                     ${day(sql`p.fecha_ingreso::date`)}
                   ) AS ingreso
              FROM movement a JOIN pet p ON p.id = a.pet_id
             WHERE p.deleted_at IS NULL AND a.tipo = 'adopcion' AND a.fecha BETWEEN ${range.desde}::date AND ${range.hasta}::date
             ORDER BY a.fecha, a.id`,
      );
      return found.map((r) => ({ ...r, petId: Number(r.petId) }));
    },

    /** Returns in the range that closed an adoption (a foster placement's end is not a return). */
    async returns(range: DayRange): Promise<ReturnRow[]> {
      const found = await rows<ReturnRow & { petId: number | string }>(
        db,
        sql`SELECT ${day(sql`d.fecha`)} AS fecha, p.id AS "petId", p.nombre AS mascota, p.tipo AS especie,
                   ${day(sql`a.fecha`)} AS adopcion, d.motivo
              FROM movement d
              JOIN movement a ON a.cerrada_por = d.id AND a.tipo = 'adopcion'
              JOIN pet p ON p.id = d.pet_id
             WHERE p.deleted_at IS NULL AND d.tipo = 'devolucion' AND d.fecha BETWEEN ${range.desde}::date AND ${range.hasta}::date
             ORDER BY d.fecha, d.id`,
      );
      return found.map((r) => ({ ...r, petId: Number(r.petId) }));
    },

    /**
     * Pets sterilised in the range, each once, on its earliest known date: the pet's `fechaEsterilizacion` or the
     * first done care record of type `esterilizacion`.
     */
    async sterilisations(range: DayRange): Promise<SterilisationRow[]> {
      const found = await rows<SterilisationRow & { petId: number | string }>(
        db,
        sql`SELECT ${day(sql`s.fecha`)} AS fecha, s.id AS "petId", s.nombre AS mascota, s.tipo AS especie,
                   CASE WHEN s.fecha = s.ficha THEN 'ficha' ELSE 'registro_salud' END AS fuente
              FROM (SELECT p.id, p.nombre, p.tipo, p.fecha_esterilizacion AS ficha,
                           least(p.fecha_esterilizacion,
                                 (SELECT min(c.fecha_realizada) FROM care_record c
                                   WHERE c.pet_id = p.id AND c.tipo = 'esterilizacion' AND c.fecha_realizada IS NOT NULL)) AS fecha
                      FROM pet p WHERE p.deleted_at IS NULL) s
             WHERE s.fecha BETWEEN ${range.desde}::date AND ${range.hasta}::date
             ORDER BY s.fecha, s.id`,
      );
      return found.map((r) => ({ ...r, petId: Number(r.petId) }));
    },

    /** Pets in a foster home at the end of `onDay`: a foster placement begun by then and not closed by then. */
    async inFosterOn(onDay: string): Promise<FosterRow[]> {
      const found = await rows<{ petId: number | string; especie: string; personaId: number | string | null }>(
        db,
        sql`SELECT DISTINCT p.id AS "petId", p.tipo AS especie, a.persona_id AS "personaId"
              FROM movement a JOIN pet p ON p.id = a.pet_id
              LEFT JOIN movement c ON c.id = a.cerrada_por
             WHERE p.deleted_at IS NULL AND a.tipo = 'acogida' AND a.fecha <= ${onDay}::date
               AND (c.id IS NULL OR c.fecha > ${onDay}::date)`,
      );
      return found.map((r) => ({ petId: Number(r.petId), especie: r.especie, personaId: r.personaId === null ? null : Number(r.personaId) }));
    },

    /** Done care records with a cost, in the range. */
    async vetCosts(range: DayRange): Promise<VetCostRow[]> {
      const found = await rows<VetCostRow & { costeCentimos: number | string }>(
        db,
        sql`SELECT ${day(sql`c.fecha_realizada`)} AS fecha, p.nombre AS mascota, p.tipo AS especie, c.tipo, c.nombre, c.veterinario,
                   c.coste_centimos AS "costeCentimos"
              FROM care_record c JOIN pet p ON p.id = c.pet_id
             WHERE p.deleted_at IS NULL AND c.coste_centimos IS NOT NULL AND c.fecha_realizada IS NOT NULL
               AND c.fecha_realizada BETWEEN ${range.desde}::date AND ${range.hasta}::date
             ORDER BY c.fecha_realizada, c.id`,
      );
      return found.map((r) => ({ ...r, costeCentimos: Number(r.costeCentimos) }));
    },

    /**
     * Money received in the range by `today` (donations.port.ts): fees and gifts `registrado` whose date has come (not
     * annulled, returned, still pending, nor a direct debit before its collection day).
     */
    async gifts(range: DayRange, today: string): Promise<GiftRow[]> {
      const found = await rows<GiftRow & { importeCentimos: number | string }>(
        db,
        sql`SELECT ${day(sql`g.fecha`)} AS fecha, g.concepto, g.importe_centimos AS "importeCentimos"
              FROM gift g
             WHERE ${receivedGiftSql(today, 'g')} AND g.fecha BETWEEN ${range.desde}::date AND ${range.hasta}::date
             ORDER BY g.fecha, g.id`,
      );
      return found.map((r) => ({ ...r, importeCentimos: Number(r.importeCentimos) }));
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
