import type { Database } from '../../db/client';
import { createFosterPortalRepository } from './foster-portal.repository';

/* What other modules may ask of the foster portal: the count of news waiting ("Pendientes") and each foster's latest news. */

export function createFosterPortalPort(db: Database) {
  const repo = createFosterPortalRepository(db);
  return {
    pendingCount: (): Promise<number> => repo.pendingCount(),
    /** The date-time of each person's latest news not rejected (accepted or waiting). */
    lastNewsDates: (): Promise<Map<number, string>> => repo.lastNewsDates(),
  };
}
