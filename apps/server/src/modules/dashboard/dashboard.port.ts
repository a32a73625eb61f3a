import type { Database } from '../../db/client';
import { followTimeZone } from './dashboard.repository';

/*
 * What other modules may ask of the dashboard: the monthly figures follow the organisation's time zone when an
 * administrator saves another one (in the same transaction as the save, so every instance reads them alike).
 */
export const dashboardPort = {
  /** Rebuilds the monthly figures in `timeZone` when they were built in another; true when it rebuilt. */
  followTimeZone: (handle: Database, timeZone: string): Promise<boolean> => followTimeZone(handle, timeZone),
};
