import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizationRole, reportSubscription, user } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';

export type SubscriptionRow = typeof reportSubscription.$inferSelect;

/** Who a report is e-mailed to: a read of the users' table (the users module owns it). */
export interface Subscriber {
  id: string;
  nombre: string;
  email: string;
  role: string;
  /** The capabilities of the subscriber's organisation role, when it has one (they decide instead of `role`). */
  capacidades: string[] | null;
  activo: boolean;
}

function subscriptionQueries(db: Database) {
  return {
    ofUser(userId: string): Promise<SubscriptionRow[]> {
      return db.select().from(reportSubscription).where(eq(reportSubscription.userId, userId)).orderBy(asc(reportSubscription.id));
    },

    async find(id: number, options: { forUpdate?: boolean } = {}): Promise<SubscriptionRow | undefined> {
      const query = db.select().from(reportSubscription).where(eq(reportSubscription.id, id));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** Inserts the user's subscription to `clave`; undefined when it exists already. */
    async insert(userId: string, clave: string, enviadoHasta: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .insert(reportSubscription)
        .values({ userId, clave, periodicidad: 'mensual', enviadoHasta })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async byUserAndKey(userId: string, clave: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(reportSubscription)
        .where(and(eq(reportSubscription.userId, userId), eq(reportSubscription.clave, clave)));
      return row;
    },

    async remove(id: number): Promise<boolean> {
      const deleted = await db.delete(reportSubscription).where(eq(reportSubscription.id, id)).returning({ id: reportSubscription.id });
      return deleted.length > 0;
    },

    /** The subscriptions whose last month sent is before `month`. */
    behind(month: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(reportSubscription)
        .where(or(isNull(reportSubscription.enviadoHasta), lt(reportSubscription.enviadoHasta, month)))
        .orderBy(asc(reportSubscription.id));
    },

    async markSent(id: number, month: string): Promise<void> {
      await db.update(reportSubscription).set({ enviadoHasta: month }).where(eq(reportSubscription.id, id));
    },

    async subscriber(userId: string): Promise<Subscriber | undefined> {
      const [row] = await db
        .select({
          id: user.id,
          name: user.name,
          lastname: user.lastname,
          email: user.email,
          role: user.role,
          capacidades: organizationRole.capacidades,
          banned: user.banned,
        })
        .from(user)
        .leftJoin(organizationRole, eq(organizationRole.id, user.organizationRoleId))
        .where(eq(user.id, userId));
      return row
        ? {
            id: row.id,
            nombre: `${row.name} ${row.lastname}`.trim(),
            email: row.email,
            role: row.role,
            capacidades: row.capacidades,
            activo: !row.banned,
          }
        : undefined;
    },
  };
}

export type SubscriptionsRepository = Transactional<ReturnType<typeof subscriptionQueries>>;

/** The only code that reads or writes the report subscriptions. */
export function createSubscriptionsRepository(db: Database): SubscriptionsRepository {
  return transactional(db, subscriptionQueries);
}
