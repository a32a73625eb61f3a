import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { twoFactor } from '../db/schema';

/** The second step's record as the replay rule reads and writes it (auth/totp-replay.ts). */
export interface TotpStepsRepository {
  /** The user's TOTP secret as better-auth stores it (encrypted), or undefined without the second step. */
  secretOf(userId: string): Promise<string | undefined>;
  /**
   * Records `step` as the user's last accepted 30-second step when no code of that step or a later one was accepted
   * before, and answers whether it did. One conditional UPDATE: of two requests with one code at once exactly one
   * wins, on PGlite (one connection) as on PostgreSQL (the second UPDATE waits for the first and finds the row
   * changed), whatever the number of instances.
   */
  claim(userId: string, step: number): Promise<boolean>;
}

export function createTotpStepsRepository(db: Database): TotpStepsRepository {
  return {
    async secretOf(userId) {
      const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
      return row?.secret;
    },
    async claim(userId, step) {
      const rows = await db
        .update(twoFactor)
        .set({ lastTotpStep: step })
        .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
        .returning({ id: twoFactor.id });
      return rows.length > 0;
    },
  };
}
