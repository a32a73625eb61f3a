import { type SQL, and, count, desc, eq, sql } from 'drizzle-orm';
import { MESSAGE_PAGE_SIZE, type ListMessagesQuery } from '@refugio/contracts';
import type { Database } from '../../db/client';
import { message } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';

export type MessageRow = typeof message.$inferSelect;
export type MessageInsert = typeof message.$inferInsert;

function messagesQueries(db: Database) {
  return {
    async insert(values: MessageInsert): Promise<MessageRow> {
      const [row] = await db.insert(message).values(values).returning();
      return row!;
    },

    async findById(id: number): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(message).where(eq(message.id, id));
      return row;
    },

    async list(query: ListMessagesQuery): Promise<{ rows: MessageRow[]; total: number }> {
      const filters: SQL[] = [];
      if (query.personaId !== undefined) filters.push(eq(message.personaId, query.personaId));
      if (query.estado !== undefined) filters.push(eq(message.estado, query.estado));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(message)
          .where(where)
          .orderBy(desc(message.creadoEn), desc(message.id))
          .limit(MESSAGE_PAGE_SIZE)
          .offset((query.page - 1) * MESSAGE_PAGE_SIZE),
        db.select({ n: count() }).from(message).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The messages about one record (`relacion`), the most recent first. */
    async aboutEntity(entidad: string, id: string, limit: number): Promise<MessageRow[]> {
      return db
        .select()
        .from(message)
        .where(and(eq(message.relacionEntidad, entidad), eq(message.relacionId, id)))
        .orderBy(desc(message.creadoEn), desc(message.id))
        .limit(limit);
    },

    /** After an attempt: how it went. Never touches a message already sent. */
    async recordAttempt(
      id: number,
      values: { estado: 'enviado' | 'pendiente' | 'fallido'; error: string | null; enviadoEn?: Date },
    ): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(message)
        .set({ ...values, intentos: sql`${message.intentos} + 1` })
        .where(and(eq(message.id, id), sql`${message.estado} <> 'enviado'`))
        .returning();
      return row;
    },

    /** A failed e-mail back to `pendiente` (its attempts start again); undefined when it is not failed. */
    async requeue(id: number): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(message)
        .set({ estado: 'pendiente' })
        .where(and(eq(message.id, id), eq(message.estado, 'fallido')))
        .returning();
      return row;
    },

    /** A merge: every message of `fromId` becomes `toId`'s. */
    async movePerson(fromId: number, toId: number): Promise<void> {
      await db.update(message).set({ personaId: toId }).where(eq(message.personaId, fromId));
    },

    /** An anonymisation: the copies of the person's identity and the texts written to them are removed; the rows stay. */
    async anonymisePerson(personaId: number, nombre: string): Promise<number[]> {
      const rows = await db
        .update(message)
        .set({ paraNombre: nombre, paraEmail: null, paraTelefono: null, asunto: '', cuerpo: '', html: null })
        .where(eq(message.personaId, personaId))
        .returning({ id: message.id });
      return rows.map((r) => r.id);
    },

    async ofPerson(personaId: number): Promise<MessageRow[]> {
      return db.select().from(message).where(eq(message.personaId, personaId)).orderBy(message.id);
    },

    async countByState(estado: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(message).where(eq(message.estado, estado));
      return row?.n ?? 0;
    },
  };
}

export type MessagesRepository = Transactional<ReturnType<typeof messagesQueries>>;

export function createMessagesRepository(db: Database): MessagesRepository {
  return transactional(db, messagesQueries);
}
