import { sql } from 'drizzle-orm';
import { type Database, type Tx, runInTransaction } from '../../db/client';
import { fee, gift, person, pet, petAdoptionDays, petCount, petMonth, requestCount } from '../../db/schema';
import { receivedGiftSql } from '../donations/donations.port';

export interface PetCountRow {
  tipo: string;
  tamano: string;
  estado: string;
  adoptado: boolean;
  n: number;
}

export interface DashboardSnapshot {
  petCounts: PetCountRow[];
  /** Scheduled pets whose time has come that the publication job has not yet marked `publicada` (public already). */
  dueNow: number;
  upcoming: number;
  newRequests: number;
  pendingPublications: number;
  months: MonthRow[];
  /** [whole days from intake to adoption, adoptions], fewest days first. */
  days: [number, number][];
}

type RawSnapshot = { [K in keyof DashboardSnapshot]: DashboardSnapshot[K] | string };

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
/** Where the time zone the monthly figures were built in is kept (a value of `org_setting`, written through the organisation's port). */
export interface TimeZoneSetting {
  setting(executor: Pick<Database, 'select'>, clave: string): Promise<string | undefined>;
  saveSetting(tx: Tx, clave: string, valor: string): Promise<void>;
}

/**
 * Inside the caller's transaction: stores `timeZone` for the monthly figures' triggers and, when it changed,
 * rebuilds pet_month and pet_adoption_days from the pets. True when it rebuilt.
 */
export async function followTimeZone(tx: Tx, settings: TimeZoneSetting, timeZone: string): Promise<boolean> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${TIME_ZONE_LOCK_KEY})`);
  if ((await settings.setting(tx, TIME_ZONE_SETTING)) === timeZone) return false;
  await settings.saveSetting(tx, TIME_ZONE_SETTING, timeZone);
  await tx.execute(sql`SELECT refugio_rebuild_pet_month()`);
  return true;
}

export function createDashboardRepository(db: Database) {
  return {
    /**
     * Makes the monthly figures follow `timeZone` (ORG_TIME_ZONE): stores it for the triggers and, when it
     * changed, rebuilds pet_month and pet_adoption_days from the pets. True when it rebuilt.
     */
    async useTimeZone(settings: TimeZoneSetting, timeZone: string): Promise<boolean> {
      return runInTransaction(db, (tx) => followTimeZone(tx, settings, timeZone));
    },

    /** Whether no pet was ever stored (deleted ones included): one row read at most. */
    async hasNoPets(): Promise<boolean> {
      return (await db.select({ id: pet.id }).from(pet).limit(1)).length === 0;
    },

    /** Whether the monthly figures are built in `timeZone` already (one row read: what start-up may do). */
    async followsTimeZone(settings: TimeZoneSetting, timeZone: string): Promise<boolean> {
      return (await settings.setting(db, TIME_ZONE_SETTING)) === timeZone;
    },

    /**
     * Everything the dashboard shows, in one statement (one round trip: on a busy machine each trip costs
     * more than these reads). It writes nothing: the scheduled pets already due, that the publication job marks
     * `publicada` within a minute, are counted apart (`dueNow`, a short range of the partial index).
     */
    async snapshot(now: Date, upcomingUntil: Date, firstMonth: string): Promise<DashboardSnapshot> {
      const at = now.toISOString();
      const result = await db.execute(sql`
        SELECT
          (SELECT coalesce(json_agg(json_build_object('tipo', tipo, 'tamano', tamano, 'estado', estado, 'adoptado', adoptado, 'n', n)), '[]')
             FROM ${petCount} WHERE n > 0) AS "petCounts",
          (SELECT count(*) FROM ${pet}
            WHERE deleted_at IS NULL AND estado <> 'publicada' AND estado = 'programada' AND NOT adoptado
              AND publicar_en <= ${at}::timestamptz)::int AS "dueNow",
          (SELECT count(*) FROM ${pet}
            WHERE deleted_at IS NULL AND estado <> 'publicada' AND estado = 'programada' AND NOT adoptado
              AND publicar_en > ${at}::timestamptz AND publicar_en <= ${upcomingUntil.toISOString()}::timestamptz)::int AS "upcoming",
          (SELECT coalesce(sum(n), 0) FROM ${requestCount} WHERE tabla = 'adoption_request' AND estado = 'nueva')::int AS "newRequests",
          (SELECT coalesce(sum(n), 0) FROM ${requestCount} WHERE tabla = 'publication_request' AND estado = 'pendiente')::int AS "pendingPublications",
          (SELECT coalesce(json_agg(json_build_object('mes', mes, 'ingresos', ingresos, 'adopciones', adopciones)), '[]')
             FROM ${petMonth} WHERE mes >= ${firstMonth}::date) AS "months",
          (SELECT coalesce(json_agg(json_build_array(dias, n) ORDER BY dias), '[]')
             FROM (SELECT dias, sum(n)::int AS n FROM ${petAdoptionDays} WHERE mes >= ${firstMonth}::date GROUP BY dias HAVING sum(n) > 0) AS d) AS "days"
      `);
      const row = (result as { rows: RawSnapshot[] }).rows[0]!;
      const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
      return {
        petCounts: json(row.petCounts),
        dueNow: Number(row.dueNow),
        upcoming: Number(row.upcoming),
        newRequests: Number(row.newRequests),
        pendingPublications: Number(row.pendingPublications),
        months: json(row.months),
        days: json(row.days),
      };
    },

    /** The work waiting, in one statement: new requests, pending publication requests, pets due in (now, until). */
    async pending(now: Date, until: Date): Promise<{ newRequests: number; pendingPublications: number; dueToday: number }> {
      const result = await db.execute(sql`
        SELECT
          (SELECT coalesce(sum(n), 0) FROM ${requestCount} WHERE tabla = 'adoption_request' AND estado = 'nueva')::int AS "newRequests",
          (SELECT coalesce(sum(n), 0) FROM ${requestCount} WHERE tabla = 'publication_request' AND estado = 'pendiente')::int AS "pendingPublications",
          (SELECT count(*) FROM ${pet}
            WHERE deleted_at IS NULL AND estado <> 'publicada' AND estado = 'programada' AND NOT adoptado
              AND publicar_en > ${now.toISOString()}::timestamptz AND publicar_en < ${until.toISOString()}::timestamptz)::int AS "dueToday"
      `);
      const row = (result as { rows: Record<string, unknown>[] }).rows[0]!;
      return { newRequests: Number(row.newRequests), pendingPublications: Number(row.pendingPublications), dueToday: Number(row.dueToday) };
    },

    money: (from: string, until: string, today: string) => readMoney(db, from, until, today),
    pendingMoney: (returnedSince: Date, donorYear: number | null) => readPendingMoney(db, returnedSince, donorYear),
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;

/** The dashboard's money figures (administrators): members and sponsors now, and the month [`from`, `until`). */
export interface MoneySnapshot {
  members: number;
  sponsors: number;
  /** Cents of the month's registered gifts, by concept (only the concepts with gifts). */
  income: { concepto: string; cents: number }[];
  leaves: number;
}

/**
 * The money figures, read from the donations module's tables (a read model may, DESIGN section 9) in one statement.
 * `from` and `until` are calendar days ('YYYY-MM-DD'): a gift's and a leave's dates are days, so "this month" is
 * decided by the caller in the organisation's time zone and nothing here depends on it (nothing to rebuild when the
 * zone changes). Reads ranges of indexes only: fee_estado, gift_fecha.
 */
export async function readMoney(db: Database, from: string, until: string, today: string): Promise<MoneySnapshot> {
  const result = await db.execute(sql`
    SELECT
      (SELECT count(DISTINCT persona_id) FROM ${fee} WHERE estado = 'activa' AND tipo = 'socio')::int AS "members",
      (SELECT count(DISTINCT persona_id) FROM ${fee} WHERE estado = 'activa' AND tipo = 'padrino')::int AS "sponsors",
      (SELECT coalesce(json_agg(json_build_object('concepto', concepto, 'cents', cents)), '[]')
         FROM (SELECT concepto, sum(importe_centimos)::bigint AS cents FROM ${gift}
                WHERE fecha >= ${from}::date AND fecha < ${until}::date AND ${receivedGiftSql(today)} GROUP BY concepto) AS c) AS "income",
      (SELECT count(*) FROM ${fee} WHERE estado = 'baja' AND baja_fecha >= ${from}::date AND baja_fecha < ${until}::date)::int AS "leaves"
  `);
  const row = (result as { rows: Record<string, unknown>[] }).rows[0]!;
  const income = typeof row.income === 'string' ? (JSON.parse(row.income) as unknown) : row.income;
  return {
    members: Number(row.members),
    sponsors: Number(row.sponsors),
    income: (income as { concepto: string; cents: number | string }[]).map((r) => ({ concepto: r.concepto, cents: Number(r.cents) })),
    leaves: Number(row.leaves),
  };
}

/**
 * The money work waiting (administrators), in one statement. A returned direct debit (`devuelto`) recorded since
 * `returnedSince` waits until it is handled: its fee was paid again later (a `registrado` gift of the same fee with a
 * later date) or the fee was ended (`baja`). `donorYear`: the persons with registered gifts that year, not
 * anonymised, and without NIF (the modelo 182 leaves them out), or null not to count them.
 */
export async function readPendingMoney(
  db: Database,
  returnedSince: Date,
  donorYear: number | null,
): Promise<{ returned: number; donorsWithoutNif: number | null }> {
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM ${gift} g
        WHERE g.estado = 'devuelto' AND g.devuelto_en >= ${returnedSince.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM ${fee} f WHERE f.id = g.fee_id AND f.estado = 'baja')
          AND NOT EXISTS (SELECT 1 FROM ${gift} later
                           WHERE later.fee_id = g.fee_id AND later.estado = 'registrado' AND later.fecha > g.fecha))::int AS "returned",
      ${
        donorYear === null
          ? sql`NULL::int`
          : sql`(SELECT count(*) FROM ${person} p
                  WHERE p.nif IS NULL AND p.anonimizada_en IS NULL
                    AND EXISTS (SELECT 1 FROM ${gift} d
                                 WHERE d.persona_id = p.id AND d.estado = 'registrado'
                                   AND d.fecha >= ${`${donorYear}-01-01`}::date AND d.fecha <= ${`${donorYear}-12-31`}::date))::int`
      } AS "donorsWithoutNif"
  `);
  const row = (result as { rows: Record<string, unknown>[] }).rows[0]!;
  return { returned: Number(row.returned), donorsWithoutNif: row.donorsWithoutNif === null ? null : Number(row.donorsWithoutNif) };
}
