import { and, asc, desc, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { historyEvent, lostFoundReport, pet } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';

export type ReportRow = typeof lostFoundReport.$inferSelect;
export type ReportInsert = Omit<typeof lostFoundReport.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'version'>;

/**
 * How many candidates of each source are read before ranking: of the reports, the 100 of the same species closest in
 * date on each side of the report's day (plus any with its microchip). 500 read rows made a report's candidates three
 * times slower at 50 000 reports (docs/benchmarks.md).
 */
const CANDIDATE_POOL = 200;

function queries(db: Database) {
  return {
    async insert(values: ReportInsert): Promise<ReportRow> {
      const [row] = await db.insert(lostFoundReport).values(values).returning();
      return row!;
    },
    async find(id: number): Promise<ReportRow | undefined> {
      const [row] = await db.select().from(lostFoundReport).where(eq(lostFoundReport.id, id));
      return row;
    },
    async lock(id: number): Promise<ReportRow | undefined> {
      const [row] = await db.select().from(lostFoundReport).where(eq(lostFoundReport.id, id)).for('update');
      return row;
    },
    async byToken(tokenHash: string, options: { lock?: boolean } = {}): Promise<ReportRow | undefined> {
      const query = db.select().from(lostFoundReport).where(eq(lostFoundReport.tokenHash, tokenHash));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },
    /**
     * Whether the report's last change of state was made by staff (a read of the history, as read models may: DESIGN
     * section 9): a report staff closed is not opened again by its author's link.
     */
    async closedByStaff(id: number): Promise<boolean> {
      const [last] = await db
        .select({ actorTipo: historyEvent.actorTipo })
        .from(historyEvent)
        .where(and(eq(historyEvent.entidad, 'aviso'), eq(historyEvent.entidadId, String(id)), eq(historyEvent.accion, 'estado')))
        .orderBy(desc(historyEvent.en), desc(historyEvent.id))
        .limit(1);
      return last?.actorTipo === 'usuario';
    },
    async update(id: number, values: Partial<ReportInsert>): Promise<ReportRow | undefined> {
      const [row] = await db
        .update(lostFoundReport)
        .set({ ...values, version: sql`${lostFoundReport.version} + 1` })
        .where(eq(lostFoundReport.id, id))
        .returning();
      return row;
    },
    /** Open and not expired, newest first; filtered by kind, species and town (accents and case ignored). */
    async listOpen(
      now: Date,
      filter: { tipo?: string | undefined; especie?: string | undefined; municipio?: string | undefined },
    ): Promise<ReportRow[]> {
      return db
        .select()
        .from(lostFoundReport)
        .where(
          and(
            eq(lostFoundReport.estado, 'abierto'),
            gt(lostFoundReport.venceEn, now),
            filter.tipo ? eq(lostFoundReport.tipo, filter.tipo) : undefined,
            filter.especie ? eq(lostFoundReport.especie, filter.especie) : undefined,
            filter.municipio ? sql`refugio_fold(${lostFoundReport.municipio}) = refugio_fold(${filter.municipio})` : undefined,
          ),
        )
        .orderBy(desc(lostFoundReport.fecha), desc(lostFoundReport.id))
        .limit(200);
    },
    /** Every report for staff, newest first, by state (`caducado`: open ones past their day), kind and species. */
    async listAll(now: Date, filter: { estado?: string | undefined; tipo?: string | undefined; especie?: string | undefined }): Promise<ReportRow[]> {
      const { estado } = filter;
      const state =
        estado === 'caducado'
          ? and(eq(lostFoundReport.estado, 'abierto'), lte(lostFoundReport.venceEn, now))
          : estado === 'abierto'
            ? and(eq(lostFoundReport.estado, 'abierto'), gt(lostFoundReport.venceEn, now))
            : estado
              ? eq(lostFoundReport.estado, estado)
              : undefined;
      return db
        .select()
        .from(lostFoundReport)
        .where(
          and(
            state,
            filter.tipo ? eq(lostFoundReport.tipo, filter.tipo) : undefined,
            filter.especie ? eq(lostFoundReport.especie, filter.especie) : undefined,
          ),
        )
        .orderBy(desc(lostFoundReport.createdAt), desc(lostFoundReport.id))
        .limit(500);
    },
    /**
     * Open reports of the other kind: those of the same species closest in date (half the pool on each side of the
     * report's day, each half walked along the index `lost_found_report_pool`), and any with the same microchip,
     * whatever their species. What the ranking orders.
     */
    async candidateReports(now: Date, of: ReportRow): Promise<ReportRow[]> {
      const open = [
        eq(lostFoundReport.estado, 'abierto'),
        gt(lostFoundReport.venceEn, now),
        eq(lostFoundReport.tipo, of.tipo === 'perdido' ? 'encontrado' : 'perdido'),
      ];
      const sameSpecies = [...open, eq(lostFoundReport.especie, of.especie)];
      const half = CANDIDATE_POOL / 2;
      const [after, before, chip] = await Promise.all([
        db
          .select()
          .from(lostFoundReport)
          .where(and(...sameSpecies, gte(lostFoundReport.fecha, of.fecha)))
          .orderBy(asc(lostFoundReport.fecha))
          .limit(half),
        db
          .select()
          .from(lostFoundReport)
          .where(and(...sameSpecies, lt(lostFoundReport.fecha, of.fecha)))
          .orderBy(desc(lostFoundReport.fecha))
          .limit(half),
        of.microchip
          ? db
              .select()
              .from(lostFoundReport)
              .where(and(...open, eq(lostFoundReport.microchip, of.microchip)))
              .limit(50)
          : Promise.resolve([]),
      ]);
      const byId = new Map<number, ReportRow>();
      for (const row of [...chip, ...after, ...before]) byId.set(row.id, row);
      return [...byId.values()];
    },
    /** Live pets that entered as `extraviado` with the same species or microchip (a read model of the pets' table). */
    async candidatePets(of: ReportRow) {
      return db
        .select({
          id: pet.id,
          nombre: pet.nombre,
          tipo: pet.tipo,
          genero: pet.genero,
          tamano: pet.tamano,
          color: pet.color,
          microchip: pet.microchip,
          fechaIngreso: pet.fechaIngreso,
          imagenPrincipal: pet.imagenPrincipal,
        })
        .from(pet)
        .where(
          and(
            isNull(pet.deletedAt),
            eq(pet.procedencia, 'extraviado'),
            or(eq(pet.tipo, of.especie), of.microchip ? eq(pet.microchip, of.microchip) : undefined),
          ),
        )
        .limit(CANDIDATE_POOL);
    },
    async photoKeys(): Promise<Set<string>> {
      const rows = await db.select({ fotos: lostFoundReport.fotos }).from(lostFoundReport);
      return new Set(rows.flatMap((r) => r.fotos.flatMap((f) => [f.key, f.thumbKey])));
    },
  };
}

export type LostFoundRepository = Transactional<ReturnType<typeof queries>>;
export const createLostFoundRepository = (db: Database): LostFoundRepository => transactional(db, queries);
