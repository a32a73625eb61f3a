import { type StaffNotices } from '@refugio/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffNotice, user } from '../../db/schema';

/*
 * What other modules ask of the staff accounts: who wants to be told by e-mail of new work (each account chooses
 * on its own, `GET|PUT /api/cuenta/avisos`). Disabled accounts are never told.
 */

export type StaffNoticeKind = keyof StaffNotices;

export interface StaffRecipient {
  id: string;
  nombre: string;
  email: string;
}

export function createUsersPort() {
  return {
    /** The active accounts that asked to be told of `kind`, read on `executor` (the caller's transaction). */
    async noticeRecipients(executor: Database, kind: StaffNoticeKind): Promise<StaffRecipient[]> {
      const rows = await executor
        .select({ id: user.id, name: user.name, lastname: user.lastname, email: user.email })
        .from(staffNotice)
        .innerJoin(user, eq(user.id, staffNotice.userId))
        .where(and(eq(staffNotice[kind], true), eq(user.banned, false)));
      return rows.map((r) => ({ id: r.id, nombre: `${r.name} ${r.lastname}`.trim(), email: r.email }));
    },
  };
}

export type UsersPort = ReturnType<typeof createUsersPort>;
