import { and, asc, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fee, fosterNews, pet, petImage, sponsorUpdate } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import type { FeeRow } from './donations.repository';

/** A sponsorship whose week has passed: the news e-mail may go, gathering what is new since `desde`. */
export interface DueSponsorship {
  feeId: number;
  personaId: number;
  petId: number;
  desde: Date;
}

function sponsorsQueries(db: Database) {
  return {
    /** The running sponsorships of a pet (not left, not waiting for a decision already), locked for the change. */
    async runningOfPet(petId: number): Promise<FeeRow[]> {
      return db
        .select()
        .from(fee)
        .where(and(eq(fee.petId, petId), eq(fee.tipo, 'padrino'), ne(fee.estado, 'baja'), isNull(fee.decisionPendiente)))
        .orderBy(asc(fee.id))
        .for('update');
    },

    async flagDecision(id: number, motivo: 'adopcion' | 'fallecimiento'): Promise<FeeRow | undefined> {
      const [row] = await db
        .update(fee)
        .set({ decisionPendiente: motivo, version: sql`${fee.version} + 1` })
        .where(eq(fee.id, id))
        .returning();
      return row;
    },

    /** Sets what staff change of a fee when it is still at `version`; undefined when it changed meanwhile. */
    async updateFee(
      id: number,
      version: number,
      values: { recibirNovedades?: boolean; petId?: number; decisionPendiente?: null; updatedBy: string },
    ): Promise<FeeRow | undefined> {
      const [row] = await db
        .update(fee)
        .set({ ...values, version: sql`${fee.version} + 1` })
        .where(and(eq(fee.id, id), eq(fee.version, version)))
        .returning();
      return row;
    },

    /**
     * Sponsorships that may get their news now: active `padrino` fees whose person did not opt out, with nothing to
     * decide, whose last news e-mail is older than `before` (or that never got one; then news count from the fee's start).
     */
    async dueSponsorships(before: Date): Promise<DueSponsorship[]> {
      const rows = await db
        .select({ feeId: fee.id, personaId: fee.personaId, petId: fee.petId, last: sponsorUpdate.ultimoEnvio, createdAt: fee.createdAt })
        .from(fee)
        .leftJoin(sponsorUpdate, eq(sponsorUpdate.feeId, fee.id))
        .where(
          and(
            eq(fee.tipo, 'padrino'),
            eq(fee.estado, 'activa'),
            eq(fee.recibirNovedades, true),
            isNull(fee.decisionPendiente),
            or(isNull(sponsorUpdate.ultimoEnvio), lte(sponsorUpdate.ultimoEnvio, before)),
          ),
        )
        .orderBy(asc(fee.id));
      return rows.map((r) => ({ feeId: r.feeId, personaId: r.personaId, petId: r.petId!, desde: r.last ?? r.createdAt }));
    },

    /** The foster-portal news of a pet that staff accepted after `since`, oldest first (a read of the portal's table). */
    async acceptedNewsSince(petId: number, since: Date): Promise<{ texto: string; pesoKg: number | null; aceptadaEn: Date }[]> {
      const rows = await db
        .select({ texto: fosterNews.texto, pesoKg: fosterNews.pesoKg, aceptadaEn: fosterNews.decididoEn })
        .from(fosterNews)
        .where(and(eq(fosterNews.petId, petId), eq(fosterNews.estado, 'aceptada'), gt(fosterNews.decididoEn, since)))
        .orderBy(asc(fosterNews.decididoEn), asc(fosterNews.id));
      return rows.map((r) => ({ ...r, aceptadaEn: r.aceptadaEn! }));
    },

    /** How many gallery photos the pet gained after `since` (a read of the pets' table). */
    async photosSince(petId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(petImage)
        .where(and(eq(petImage.petId, petId), gt(petImage.createdAt, since)));
      return row?.n ?? 0;
    },

    async petName(petId: number): Promise<{ nombre: string; genero: string } | undefined> {
      const [row] = await db.select({ nombre: pet.nombre, genero: pet.genero }).from(pet).where(eq(pet.id, petId));
      return row;
    },

    /** The fee with its row locked, with the time of its last news e-mail (null: never). */
    async lockForNews(feeId: number): Promise<{ fee: FeeRow; last: Date | null } | undefined> {
      const [row] = await db.select().from(fee).where(eq(fee.id, feeId)).for('update');
      if (!row) return undefined;
      const [update] = await db.select({ last: sponsorUpdate.ultimoEnvio }).from(sponsorUpdate).where(eq(sponsorUpdate.feeId, feeId));
      return { fee: row, last: update?.last ?? null };
    },

    async recordNewsSent(feeId: number, at: Date, mensajeId: number): Promise<void> {
      await db
        .insert(sponsorUpdate)
        .values({ feeId, ultimoEnvio: at, mensajeId })
        .onConflictDoUpdate({ target: sponsorUpdate.feeId, set: { ultimoEnvio: at, mensajeId } });
    },
  };
}

export type SponsorsRepository = Transactional<ReturnType<typeof sponsorsQueries>>;

/** The sponsorships' own rows: the decision flag and opt-out on the fee, and the last news e-mail of each. */
export function createSponsorsRepository(db: Database): SponsorsRepository {
  return transactional(db, sponsorsQueries);
}
