import { and, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adoptionFee, document, documentCode, documentLink, surrender, user } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';

export type DocumentRow = typeof document.$inferSelect;
export type DocumentInsert = Omit<typeof document.$inferInsert, 'id' | 'createdAt'>;
export type DocumentLinkRow = typeof documentLink.$inferSelect;
export type DocumentCodeRow = typeof documentCode.$inferSelect;
export type AdoptionFeeRow = typeof adoptionFee.$inferSelect;

function queries(db: Database) {
  return {
    async find(id: number, options: { lock?: boolean } = {}): Promise<DocumentRow | undefined> {
      const query = db.select().from(document).where(eq(document.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    async list(filters: {
      solicitudId?: number | undefined;
      personaId?: number | undefined;
      mascotaId?: number | undefined;
      movimientoId?: number | undefined;
      cesionId?: number | undefined;
      tipo?: string | undefined;
    }): Promise<DocumentRow[]> {
      return db
        .select()
        .from(document)
        .where(
          and(
            filters.solicitudId ? eq(document.solicitudId, filters.solicitudId) : undefined,
            filters.personaId ? eq(document.personaId, filters.personaId) : undefined,
            filters.mascotaId ? eq(document.petId, filters.mascotaId) : undefined,
            filters.movimientoId ? eq(document.movimientoId, filters.movimientoId) : undefined,
            filters.cesionId ? eq(document.cesionId, filters.cesionId) : undefined,
            filters.tipo ? eq(document.tipo, filters.tipo) : undefined,
          ),
        )
        .orderBy(desc(document.createdAt), desc(document.id))
        .limit(500);
    },

    /** The request's documents that are not annulled (at most one: a unique index keeps it so). */
    async liveOfRequest(solicitudId: number): Promise<DocumentRow[]> {
      return db
        .select()
        .from(document)
        .where(and(eq(document.solicitudId, solicitudId), ne(document.estado, 'anulado')))
        .for('update');
    },

    /** The return's actas that are not annulled (at most one: a unique index keeps it so). */
    async liveOfMovement(movimientoId: number): Promise<DocumentRow[]> {
      return db
        .select()
        .from(document)
        .where(and(eq(document.movimientoId, movimientoId), ne(document.estado, 'anulado')))
        .for('update');
    },

    /** The surrender's contracts that are not annulled (at most one: a unique index keeps it so). */
    async liveOfSurrender(cesionId: number): Promise<DocumentRow[]> {
      return db
        .select()
        .from(document)
        .where(and(eq(document.cesionId, cesionId), ne(document.estado, 'anulado')))
        .for('update');
    },

    /** A person's unsigned agreements of one type (preparing again annuls them; a signed one stays, a renewal is a new one). */
    async unsignedOfPerson(personaId: number, tipo: string): Promise<DocumentRow[]> {
      return db
        .select()
        .from(document)
        .where(and(eq(document.personaId, personaId), eq(document.tipo, tipo), inArray(document.estado, ['borrador', 'enviado'])))
        .for('update');
    },

    /** A person's latest agreement of one type that is not annulled (a signed one, or one still to sign), if any. */
    async latestOfPerson(personaId: number, tipo: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(document)
        .where(and(eq(document.personaId, personaId), eq(document.tipo, tipo), ne(document.estado, 'anulado')))
        .orderBy(desc(document.id))
        .limit(1);
      return row;
    },

    /** The surrender's live contract (not annulled), if any. */
    async surrenderDocument(cesionId: number): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(document)
        .where(and(eq(document.cesionId, cesionId), ne(document.estado, 'anulado')))
        .limit(1);
      return row;
    },

    /** The contact a surrender request gave (read model of the surrenders module's table): who signs its contract. */
    async surrenderContact(cesionId: number): Promise<{ nombre: string; email: string; telefono: string } | undefined> {
      const [row] = await db
        .select({ nombre: surrender.nombre, email: surrender.email, telefono: surrender.telefono })
        .from(surrender)
        .where(eq(surrender.id, cesionId));
      return row;
    },

    /** A member of staff by id (who prepared or sent a document), for what is done in their name after a remote signature. */
    async staffMember(id: string): Promise<{ id: string; name: string; lastname: string } | undefined> {
      const [row] = await db.select({ id: user.id, name: user.name, lastname: user.lastname }).from(user).where(eq(user.id, id));
      return row;
    },

    /** A surrender's signed contract joins the pet and the person once the animal has entered: the rows changed. */
    async attachSurrender(cesionId: number, values: { petId: number; personaId: number }): Promise<number[]> {
      const rows = await db
        .update(document)
        .set(values)
        .where(and(eq(document.cesionId, cesionId), eq(document.estado, 'firmado')))
        .returning({ id: document.id });
      return rows.map((r) => r.id);
    },

    async insert(values: DocumentInsert): Promise<DocumentRow> {
      const [row] = await db.insert(document).values(values).returning();
      return row!;
    },

    /** Annuls an unsigned document; false when it was signed or annulled meanwhile. */
    async annul(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(document)
        .set({ estado: 'anulado', anuladoEn: now })
        .where(and(eq(document.id, id), inArray(document.estado, ['borrador', 'enviado'])))
        .returning({ id: document.id });
      return rows.length === 1;
    },

    async markSent(id: number): Promise<void> {
      await db
        .update(document)
        .set({ estado: 'enviado' })
        .where(and(eq(document.id, id), eq(document.estado, 'borrador')));
    },

    /** Signs the document only while it is unsigned: of two signatures at once, exactly one changes the row. */
    async sign(id: number, values: Partial<DocumentInsert>): Promise<DocumentRow | undefined> {
      const [row] = await db
        .update(document)
        .set({ ...values, estado: 'firmado' })
        .where(and(eq(document.id, id), inArray(document.estado, ['borrador', 'enviado'])))
        .returning();
      return row;
    },

    /** Every stored key the rows point at (what the orphan sweep keeps). */
    async storedKeys(): Promise<Set<string>> {
      const rows = await db.select({ a: document.storageKey, b: document.firmadoKey }).from(document);
      return new Set(rows.flatMap((r) => (r.b ? [r.a, r.b] : [r.a])));
    },

    async movePerson(fromId: number, toId: number): Promise<void> {
      await db.update(document).set({ personaId: toId }).where(eq(document.personaId, fromId));
    },

    async ofPerson(personaId: number): Promise<DocumentRow[]> {
      return db.select().from(document).where(eq(document.personaId, personaId)).orderBy(desc(document.id));
    },

    /* ------------------------------------------------------------ links and codes */

    async linkByHash(tokenHash: string): Promise<DocumentLinkRow | undefined> {
      const [row] = await db.select().from(documentLink).where(eq(documentLink.tokenHash, tokenHash));
      return row;
    },

    async lockLink(id: number): Promise<DocumentLinkRow | undefined> {
      const [row] = await db.select().from(documentLink).where(eq(documentLink.id, id)).for('update');
      return row;
    },

    /** The document's link in force (not revoked), the newest. */
    async currentLink(documentId: number): Promise<DocumentLinkRow | undefined> {
      const [row] = await db
        .select()
        .from(documentLink)
        .where(and(eq(documentLink.documentId, documentId), isNull(documentLink.revocadoEn)))
        .orderBy(desc(documentLink.id))
        .limit(1);
      return row;
    },

    async revokeLinks(documentId: number, now: Date): Promise<number[]> {
      const rows = await db
        .update(documentLink)
        .set({ revocadoEn: now })
        .where(and(eq(documentLink.documentId, documentId), isNull(documentLink.revocadoEn)))
        .returning({ id: documentLink.id });
      return rows.map((r) => r.id);
    },

    async insertLink(values: Omit<typeof documentLink.$inferInsert, 'id' | 'createdAt'>): Promise<DocumentLinkRow> {
      const [row] = await db.insert(documentLink).values(values).returning();
      return row!;
    },

    /** One more wrong code; the `limit`-th locks the link. Answers the count now. */
    async addFailure(linkId: number, limit: number, now: Date): Promise<number> {
      const [row] = await db
        .update(documentLink)
        .set({
          fallos: sql`${documentLink.fallos} + 1`,
          bloqueadoEn: sql`CASE WHEN ${documentLink.fallos} + 1 >= ${limit} THEN ${now.toISOString()}::timestamptz ELSE ${documentLink.bloqueadoEn} END`,
        })
        .where(eq(documentLink.id, linkId))
        .returning({ fallos: documentLink.fallos });
      return row?.fallos ?? limit;
    },

    async codesSince(linkId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(documentCode)
        .where(and(eq(documentCode.linkId, linkId), gte(documentCode.createdAt, since)));
      return Number(row?.n ?? 0);
    },

    async insertCode(values: Omit<typeof documentCode.$inferInsert, 'id'>): Promise<DocumentCodeRow> {
      const [row] = await db.insert(documentCode).values(values).returning();
      return row!;
    },

    /** The latest code of a link (a new one replaces the earlier). */
    async latestCode(linkId: number): Promise<DocumentCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(documentCode)
        .where(eq(documentCode.linkId, linkId))
        .orderBy(desc(documentCode.createdAt), desc(documentCode.id))
        .limit(1);
      return row;
    },

    /** Uses the code once: false when it was used meanwhile. */
    async useCode(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(documentCode)
        .set({ usadoEn: now })
        .where(and(eq(documentCode.id, id), isNull(documentCode.usadoEn)))
        .returning({ id: documentCode.id });
      return rows.length === 1;
    },

    /* ------------------------------------------------------------ the fee */

    async fee(solicitudId: number, options: { lock?: boolean } = {}): Promise<AdoptionFeeRow | undefined> {
      const query = db.select().from(adoptionFee).where(eq(adoptionFee.solicitudId, solicitudId));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    /** Writes the fee when it is still at `version` (0: none yet); false when someone saved it meanwhile. */
    async saveFee(
      solicitudId: number,
      version: number,
      values: Omit<typeof adoptionFee.$inferInsert, 'solicitudId' | 'version' | 'updatedAt'>,
    ): Promise<boolean> {
      if (version === 0) {
        const rows = await db
          .insert(adoptionFee)
          .values({ solicitudId, ...values, version: 1 })
          .onConflictDoNothing()
          .returning({ id: adoptionFee.solicitudId });
        return rows.length === 1;
      }
      const rows = await db
        .update(adoptionFee)
        .set({ ...values, version: version + 1 })
        .where(and(eq(adoptionFee.solicitudId, solicitudId), eq(adoptionFee.version, version)))
        .returning({ id: adoptionFee.solicitudId });
      return rows.length === 1;
    },
  };
}

export function createDocumentsRepository(db: Database): Transactional<ReturnType<typeof queries>> {
  return transactional(db, queries);
}
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
