import type { Database } from '../../db/client';
import { createFosterPortalRepository } from './foster-portal.repository';

/* What other modules may ask of the foster portal: the count of news waiting ("Pendientes"). */

/** Built once (foster-portal.module.ts); each read runs on the handle it is given. */
export function createFosterPortalPort() {
  return {
    pendingCount: (executor: Database): Promise<number> => createFosterPortalRepository(executor).pendingCount(),
  };
}

export type FosterPortalPort = ReturnType<typeof createFosterPortalPort>;
