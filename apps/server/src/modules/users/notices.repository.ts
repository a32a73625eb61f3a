import type { StaffNotices } from '@refugio/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffNotice } from '../../db/schema';

/** Each account's choice of e-mail notices (`staff_notice`); no row: told of nothing. */
export function createNoticesRepository(db: Database) {
  return {
    async get(userId: string): Promise<StaffNotices> {
      const [row] = await db.select().from(staffNotice).where(eq(staffNotice.userId, userId));
      return {
        solicitudes: row?.solicitudes ?? false,
        registros: row?.registros ?? false,
        seguimientos: row?.seguimientos ?? false,
        turnos: row?.turnos ?? false,
      };
    },
    async set(userId: string, values: StaffNotices): Promise<StaffNotices> {
      const set = { solicitudes: values.solicitudes, registros: values.registros, seguimientos: values.seguimientos, turnos: values.turnos };
      await db
        .insert(staffNotice)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: staffNotice.userId, set });
      return set;
    },
  };
}
