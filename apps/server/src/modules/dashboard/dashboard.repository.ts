import { and, count, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orgSetting, pet, petAdoptionDays, petCount, petMonth, requestCount } from '../../db/schema';

export interface PetCountRow {
  tipo: string;
  tamano: string;
  estado: string;
  adoptado: boolean;
  n: number;
}

export interface MonthRow {
  /** 'YYYY-MM-01' */
  mes: string;
  ingresos: number;
  adopciones: number;
}

/** Serialises the check-and-rebuild of the monthly figures when instances start together. */
const TIME_ZONE_LOCK_KEY = 7_340_117_013;
const TIME_ZONE_SETTING = 'zona_horaria';

/**
 * The dashboard's reads. Counts come from aggregates the database maintains with triggers (migration
 * 0007: pet_count, pet_month, pet_adoption_days, request_count), a few dozen rows each; the only range read
 * on pet is the scheduled pets (partial index pet_live_unpublished). Nothing visits every pet or request.
 */
export function createDashboardRepository(db: Database) {
  return {
    /**
     * Makes the monthly figures follow `timeZone` (ORG_TIME_ZONE): stores it for the triggers and, when it
     * changed, rebuilds pet_month and pet_adoption_days from the pets. True when it rebuilt.
     */
    async useTimeZone(timeZone: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${TIME_ZONE_LOCK_KEY})`);
        const [current] = await tx.select().from(orgSetting).where(eq(orgSetting.clave, TIME_ZONE_SETTING));
        if (current?.valor === timeZone) return false;
        await tx
          .insert(orgSetting)
          .values({ clave: TIME_ZONE_SETTING, valor: timeZone })
          .onConflictDoUpdate({ target: orgSetting.clave, set: { valor: timeZone } });
        await tx.execute(sql`SELECT refugio_rebuild_pet_month()`);
        return true;
      });
    },

    /**
     * The idempotent sweep of DESIGN section 2: scheduled pets whose time has come are public by query
     * already; writing `publicada` changes nothing anyone sees (not the version, not the last change), but
     * keeps the pile of past-due scheduled pets that the counts would otherwise read from growing.
     */
    async materializeDuePublications(now: Date): Promise<number> {
      const rows = await db
        .update(pet)
        .set({ estado: 'publicada', updatedAt: sql`${pet.updatedAt}` })
        .where(and(isNull(pet.deletedAt), sql`${pet.estado} <> 'publicada'`, eq(pet.estado, 'programada'), lte(pet.publicarEn, now)))
        .returning({ id: pet.id });
      return rows.length;
    },

    /** Live pets by type, size, publication state and adoption flag. */
    async petCounts(): Promise<PetCountRow[]> {
      return db.select().from(petCount).where(gt(petCount.n, 0));
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

    /** How many requests of `tabla` are in `estado`. */
    async requestsIn(tabla: 'adoption_request' | 'publication_request', estado: string): Promise<number> {
      const [row] = await db
        .select({ n: requestCount.n })
        .from(requestCount)
        .where(and(eq(requestCount.tabla, tabla), eq(requestCount.estado, estado)));
      return row?.n ?? 0;
    },

    /** Intakes and adoptions per month from `firstMonth` ('YYYY-MM-01'). */
    async months(firstMonth: string): Promise<MonthRow[]> {
      return db.select().from(petMonth).where(gte(petMonth.mes, firstMonth));
    },

    /** Adoptions since `firstMonth` by whole days from intake: [days, adoptions], fewest days first. */
    async adoptionDays(firstMonth: string): Promise<[number, number][]> {
      const rows = await db
        .select({ dias: petAdoptionDays.dias, n: sql<number>`sum(${petAdoptionDays.n})`.mapWith(Number) })
        .from(petAdoptionDays)
        .where(gte(petAdoptionDays.mes, firstMonth))
        .groupBy(petAdoptionDays.dias)
        .orderBy(petAdoptionDays.dias);
      return rows.filter((r) => r.n > 0).map((r) => [r.dias, r.n]);
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
