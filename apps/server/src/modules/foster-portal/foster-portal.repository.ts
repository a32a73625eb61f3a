import { and, asc, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fosterNews, fosterPortalLink } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';

export type PortalLinkRow = typeof fosterPortalLink.$inferSelect;
export type FosterNewsRow = typeof fosterNews.$inferSelect;
export type FosterNewsInsert = Omit<typeof fosterNews.$inferInsert, 'id' | 'createdAt'>;

function queries(db: Database) {
  return {
    /** The link of a token's hash while it is neither revoked nor expired. */
    async activeLink(tokenHash: string, now: Date): Promise<PortalLinkRow | undefined> {
      const [row] = await db
        .select()
        .from(fosterPortalLink)
        .where(and(eq(fosterPortalLink.tokenHash, tokenHash), isNull(fosterPortalLink.revocadoEn), gt(fosterPortalLink.venceEn, now)));
      return row;
    },

    /** The person's link that still works (neither revoked nor expired), if any. */
    async activeLinkOf(personaId: number, now: Date): Promise<PortalLinkRow | undefined> {
      const [row] = await db
        .select()
        .from(fosterPortalLink)
        .where(and(eq(fosterPortalLink.personaId, personaId), isNull(fosterPortalLink.revocadoEn), gt(fosterPortalLink.venceEn, now)))
        .orderBy(desc(fosterPortalLink.venceEn))
        .limit(1);
      return row;
    },

    /**
     * Inside a transaction: the person's links, locked until it ends (a transaction-scoped advisory lock, shared by
     * every instance, PGlite included), so that making a new link and revoking the others never interleave.
     */
    async lockLinksOf(personaId: number): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`enlace_portal:${personaId}`}, 0))`);
    },

    /** Inside a transaction: the link's row, locked until it ends (`SELECT ... FOR UPDATE`): its daily budget is counted under it. */
    async lockLink(id: number): Promise<PortalLinkRow | undefined> {
      const [row] = await db.select().from(fosterPortalLink).where(eq(fosterPortalLink.id, id)).for('update');
      return row;
    },

    /** Revokes the person's active links; answers the ids revoked. */
    async revokeOf(personaId: number, now: Date): Promise<number[]> {
      const rows = await db
        .update(fosterPortalLink)
        .set({ revocadoEn: now })
        .where(and(eq(fosterPortalLink.personaId, personaId), isNull(fosterPortalLink.revocadoEn)))
        .returning({ id: fosterPortalLink.id });
      return rows.map((r) => r.id);
    },

    async insertLink(values: Omit<typeof fosterPortalLink.$inferInsert, 'id' | 'createdAt'>): Promise<PortalLinkRow> {
      const [row] = await db.insert(fosterPortalLink).values(values).returning();
      return row!;
    },

    /** What a link sent since `since`: how many news and how many bytes (the link's daily budget). */
    async sentSince(linkId: number, since: Date): Promise<{ count: number; bytes: number }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${fosterNews.bytes}), 0)::int` })
        .from(fosterNews)
        .where(and(eq(fosterNews.linkId, linkId), gte(fosterNews.createdAt, since)));
      return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
    },

    async insertNews(values: FosterNewsInsert): Promise<FosterNewsRow> {
      const [row] = await db.insert(fosterNews).values(values).returning();
      return row!;
    },

    async news(estado: string): Promise<FosterNewsRow[]> {
      const order = estado === 'pendiente' ? asc(fosterNews.createdAt) : desc(fosterNews.createdAt);
      return db.select().from(fosterNews).where(eq(fosterNews.estado, estado)).orderBy(order, asc(fosterNews.id)).limit(200);
    },

    async findNews(id: number): Promise<FosterNewsRow | undefined> {
      const [row] = await db.select().from(fosterNews).where(eq(fosterNews.id, id));
      return row;
    },

    async lockNews(id: number): Promise<FosterNewsRow | undefined> {
      const [row] = await db.select().from(fosterNews).where(eq(fosterNews.id, id)).for('update');
      return row;
    },

    async decide(id: number, estado: 'aceptada' | 'rechazada', by: string, now: Date): Promise<void> {
      await db.update(fosterNews).set({ estado, decididoPor: by, decididoEn: now }).where(eq(fosterNews.id, id));
    },

    async pendingCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(fosterNews)
        .where(eq(fosterNews.estado, 'pendiente'));
      return Number(row?.n ?? 0);
    },

    /** Every photo key (and thumbnail) rows point at: what the orphan sweep keeps. */
    async photoKeys(): Promise<Set<string>> {
      const rows = await db.select({ fotos: fosterNews.fotos }).from(fosterNews);
      return new Set(rows.flatMap((r) => r.fotos.flatMap((f) => [f.key, f.thumbKey])));
    },
  };
}

export function createFosterPortalRepository(db: Database): Transactional<ReturnType<typeof queries>> {
  return transactional(db, queries);
}
export type FosterPortalRepository = ReturnType<typeof createFosterPortalRepository>;
