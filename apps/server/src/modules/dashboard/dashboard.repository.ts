import { and, count, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adoptionRequest, pet, petCount, publicationRequest } from '../../db/schema';

export interface PetCountRow {
  tipo: string;
  tamano: string;
  estado: string;
  adoptado: boolean;
  n: number;
}

export interface MonthCount {
  mes: string;
  n: number;
}

/**
 * The dashboard's reads. Every one is bounded: the maintained aggregate pet_count (a few dozen rows), or a
 * range of a partial index (this month's adoptions, the last months' intakes, the scheduled pets), or a
 * request-status index; none visits every pet.
 */
export function createDashboardRepository(db: Database) {
  async function countWhere(table: typeof adoptionRequest | typeof publicationRequest, estado: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.estado, estado));
    return row?.n ?? 0;
  }

  return {
    /** Live pets by type, size, publication state and adoption flag (trigger-maintained). */
    async petCounts(): Promise<PetCountRow[]> {
      return db.select().from(petCount).where(gt(petCount.n, 0));
    },

    /**
     * Scheduled, not adopted pets: how many are already public at `now`, and how many go public in
     * (now, until].
     */
    async scheduledCounts(now: Date, until: Date): Promise<{ due: number; upcoming: number }> {
      const [row] = await db
        .select({
          due: sql<number>`count(*) FILTER (WHERE ${pet.publicarEn} <= ${now.toISOString()}::timestamptz)`.mapWith(Number),
          upcoming: sql<number>`count(*) FILTER (WHERE ${pet.publicarEn} > ${now.toISOString()}::timestamptz)`.mapWith(Number),
        })
        .from(pet)
        .where(
          and(
            isNull(pet.deletedAt),
            sql`${pet.estado} <> 'publicada'`,
            eq(pet.estado, 'programada'),
            lte(pet.publicarEn, until),
            eq(pet.adoptado, false),
          ),
        );
      return { due: row?.due ?? 0, upcoming: row?.upcoming ?? 0 };
    },

    /** Scheduled, not adopted pets that go public in (from, until). */
    async scheduledBetween(from: Date, until: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(pet)
        .where(
          and(
            isNull(pet.deletedAt),
            sql`${pet.estado} <> 'publicada'`,
            eq(pet.estado, 'programada'),
            gt(pet.publicarEn, from),
            lt(pet.publicarEn, until),
            eq(pet.adoptado, false),
          ),
        );
      return row?.n ?? 0;
    },

    async adoptedSince(since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(pet)
        .where(and(isNull(pet.deletedAt), eq(pet.adoptado, true), gte(pet.adoptadoEn, since)));
      return row?.n ?? 0;
    },

    newAdoptionRequests: () => countWhere(adoptionRequest, 'nueva'),
    pendingPublicationRequests: () => countWhere(publicationRequest, 'pendiente'),

    /** Intakes per month from `sinceWallTime` ('YYYY-MM-DD HH:mm:ss', the organisation's wall time of fecha_ingreso). */
    async intakesByMonth(sinceWallTime: string): Promise<MonthCount[]> {
      const mes = sql<string>`to_char(date_trunc('month', ${pet.fechaIngreso}), 'YYYY-MM')`;
      return db
        .select({ mes, n: count() })
        .from(pet)
        .where(and(isNull(pet.deletedAt), gte(pet.fechaIngreso, sinceWallTime)))
        .groupBy(mes);
    },

    /**
     * Adoptions per month (in `timeZone`) since `since`, and over all of them the median days from intake to
     * adoption (pets without an intake date, or adopted "before" it, are left out of the median).
     */
    async adoptionsByMonth(since: Date, timeZone: string): Promise<{ months: MonthCount[]; medianDays: number | null; measured: number }> {
      // Inlined, not a parameter: the same expression appears in the select list and in GROUP BY, and two
      // parameters are two different expressions to PostgreSQL. The zone is a validated IANA name (config).
      const local = sql`(${pet.adoptadoEn} AT TIME ZONE ${sql.raw(`'${timeZone.replace(/'/g, "''")}'`)})`;
      const days = sql`(extract(epoch FROM ${local} - ${pet.fechaIngreso}) / 86400.0)`;
      const mes = sql<string | null>`to_char(date_trunc('month', ${local}), 'YYYY-MM')`;
      const rows = await db
        .select({
          mes,
          n: count(),
          median: sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${days}) FILTER (WHERE ${days} >= 0)`.mapWith((v) =>
            v === null ? null : Number(v),
          ),
          measured: sql<number>`count(*) FILTER (WHERE ${days} >= 0)`.mapWith(Number),
        })
        .from(pet)
        .where(and(isNull(pet.deletedAt), eq(pet.adoptado, true), gte(pet.adoptadoEn, since)))
        .groupBy(sql`GROUPING SETS ((${mes}), ())`);
      const total = rows.find((r) => r.mes === null);
      return {
        months: rows.filter((r): r is typeof r & { mes: string } => r.mes !== null).map((r) => ({ mes: r.mes, n: r.n })),
        medianDays: total?.median ?? null,
        measured: total?.measured ?? 0,
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
