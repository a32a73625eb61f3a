import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messageTemplate } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';

export type TemplateRow = typeof messageTemplate.$inferSelect;

function templatesQueries(db: Database) {
  return {
    async all(): Promise<TemplateRow[]> {
      return db.select().from(messageTemplate);
    },

    async find(clave: string, options: { forUpdate?: boolean } = {}): Promise<TemplateRow | undefined> {
      const query = db.select().from(messageTemplate).where(eq(messageTemplate.clave, clave));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** The first save of a key: false when someone saved it meanwhile. */
    async insert(values: { clave: string; asunto: string; cuerpo: string; activa: boolean; updatedBy: string }): Promise<boolean> {
      const rows = await db.insert(messageTemplate).values(values).onConflictDoNothing().returning({ clave: messageTemplate.clave });
      return rows.length === 1;
    },

    /** A later save, only over `version`: false when it is no longer the current one. */
    async update(clave: string, version: number, values: { asunto: string; cuerpo: string; activa: boolean; updatedBy: string }): Promise<boolean> {
      const rows = await db
        .update(messageTemplate)
        .set({ ...values, version: version + 1 })
        .where(and(eq(messageTemplate.clave, clave), eq(messageTemplate.version, version)))
        .returning({ clave: messageTemplate.clave });
      return rows.length === 1;
    },
  };
}

export type TemplatesRepository = Transactional<ReturnType<typeof templatesQueries>>;

export function createTemplatesRepository(db: Database): TemplatesRepository {
  return transactional(db, templatesQueries);
}
