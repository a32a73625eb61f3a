import { type SQL, and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { LinkState } from '@refugio/contracts';
import type { Database } from '../../db/client';
import { type Transactional, transactional } from '../../db/transactional';
import { enlaceRegistro, paquete } from '../../db/schema';

export type LinkRow = typeof enlaceRegistro.$inferSelect & { paqueteNombre: string; estado: LinkState };
export type LinkInsert = Omit<typeof enlaceRegistro.$inferInsert, 'usados' | 'createdAt' | 'updatedAt' | 'revocadoEn'>;

/** A link's state, decided by the database clock (the same on every instance). The order is the check's order. */
export const linkState = sql<LinkState>`CASE
  WHEN ${enlaceRegistro.revocadoEn} IS NOT NULL THEN 'revocado'
  WHEN ${enlaceRegistro.venceEn} <= now() THEN 'vencido'
  WHEN ${enlaceRegistro.usados} >= ${enlaceRegistro.cupo} THEN 'sin_cupo'
  ELSE 'activo' END`;

/** The conditions of a link that can take one more registration. */
const usable = (id: string) =>
  and(
    eq(enlaceRegistro.id, id),
    isNull(enlaceRegistro.revocadoEn),
    sql`${enlaceRegistro.venceEn} > now()`,
    sql`${enlaceRegistro.usados} < ${enlaceRegistro.cupo}`,
  );

function linksQueries(db: Database) {
  const selection = { ...enlaceColumns(), paqueteNombre: paquete.nombre, estado: linkState };
  const base = () => db.select(selection).from(enlaceRegistro).innerJoin(paquete, eq(paquete.id, enlaceRegistro.paqueteId));

  return {
    async findById(id: string): Promise<LinkRow | undefined> {
      const [row] = await base().where(eq(enlaceRegistro.id, id)).limit(1);
      return row;
    },

    async list(filter: { paqueteId?: number | undefined; estado?: LinkState | undefined; page: number; pageSize: number }) {
      const conditions: SQL[] = [];
      if (filter.paqueteId !== undefined) conditions.push(eq(enlaceRegistro.paqueteId, filter.paqueteId));
      if (filter.estado !== undefined) conditions.push(sql`${linkState} = ${filter.estado}`);
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const rows = await base()
        .where(where)
        .orderBy(desc(enlaceRegistro.createdAt), desc(enlaceRegistro.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      const [total] = await db.select({ n: count() }).from(enlaceRegistro).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async insert(values: LinkInsert): Promise<void> {
      await db.insert(enlaceRegistro).values(values);
    },

    /** Revokes a link not yet revoked; false when there was nothing to revoke. */
    async revoke(id: string): Promise<boolean> {
      const rows = await db
        .update(enlaceRegistro)
        .set({ revocadoEn: sql`now()` })
        .where(and(eq(enlaceRegistro.id, id), isNull(enlaceRegistro.revocadoEn)))
        .returning({ id: enlaceRegistro.id });
      return rows.length > 0;
    },

    /** Moves the expiry `days` further, counted from now when it has already passed. */
    async extend(id: string, days: number): Promise<boolean> {
      const rows = await db
        .update(enlaceRegistro)
        .set({ venceEn: sql`greatest(${enlaceRegistro.venceEn}, now()) + make_interval(days => ${days}::int)` })
        .where(eq(enlaceRegistro.id, id))
        .returning({ id: enlaceRegistro.id });
      return rows.length > 0;
    },

    /**
     * Takes one place of the link, atomically: one conditional UPDATE, so of two submissions racing for the
     * last place exactly one gets a row back. False when the link cannot take one more.
     */
    async consume(id: string): Promise<boolean> {
      const rows = await db
        .update(enlaceRegistro)
        .set({ usados: sql`${enlaceRegistro.usados} + 1` })
        .where(usable(id))
        .returning({ id: enlaceRegistro.id });
      return rows.length > 0;
    },

    /* ---- for the persons module (registered through persons.port.ts, person-links.ts) */

    async movePerson(fromId: number, toId: number): Promise<void> {
      await db.update(enlaceRegistro).set({ personaId: toId }).where(eq(enlaceRegistro.personaId, fromId));
    },

    /** The recipient's copies become `name` and blanks; answers the ids touched. */
    async anonymisePerson(personaId: number, name: string): Promise<string[]> {
      const rows = await db
        .update(enlaceRegistro)
        .set({ destinatario: name, email: '', telefono: '' })
        .where(eq(enlaceRegistro.personaId, personaId))
        .returning({ id: enlaceRegistro.id });
      return rows.map((r) => r.id);
    },

    /** The person's links, without their tokens (a link's token is a credential). */
    async ofPerson(personaId: number) {
      const { id: _token, ...columns } = enlaceColumns();
      return db
        .select({ ...columns, paqueteNombre: paquete.nombre, estado: linkState })
        .from(enlaceRegistro)
        .innerJoin(paquete, eq(paquete.id, enlaceRegistro.paqueteId))
        .where(eq(enlaceRegistro.personaId, personaId))
        .orderBy(enlaceRegistro.createdAt);
    },

    /** Links issued with contact data before persons existed, oldest first. */
    async unlinked(limit: number) {
      return db
        .select({
          id: enlaceRegistro.id,
          createdAt: enlaceRegistro.createdAt,
          nombre: enlaceRegistro.destinatario,
          email: enlaceRegistro.email,
          telefono: enlaceRegistro.telefono,
        })
        .from(enlaceRegistro)
        .where(and(isNull(enlaceRegistro.personaId), sql`(${enlaceRegistro.email} <> '' OR ${enlaceRegistro.telefono} <> '')`))
        .orderBy(enlaceRegistro.createdAt, enlaceRegistro.id)
        .limit(limit);
    },

    async attachPerson(id: string, personaId: number): Promise<void> {
      await db.update(enlaceRegistro).set({ personaId }).where(eq(enlaceRegistro.id, id));
    },
  };
}

function enlaceColumns() {
  const { id, paqueteId, destinatario, email, telefono, nota, cupo, usados, venceEn, revocadoEn, personaId, createdBy, createdAt, updatedAt } =
    enlaceRegistro;
  return { id, paqueteId, destinatario, email, telefono, nota, cupo, usados, venceEn, revocadoEn, personaId, createdBy, createdAt, updatedAt };
}

export type LinksRepository = Transactional<ReturnType<typeof linksQueries>>;

export function createLinksRepository(db: Database): LinksRepository {
  return transactional(db, linksQueries);
}
