import type { HistoryPort } from '../history/history.port';
import type { PersonsPort } from '../persons/persons.port';
import { createGiftImport } from './gift-import';

/** What other modules may ask of the donations module (DESIGN section 9): today, the import of gifts from a spreadsheet. */
export function createDonationsPort(deps: { history: Pick<HistoryPort, 'record'>; persons: Pick<PersonsPort, 'rolesOf' | 'addRole'> }) {
  return { ...createGiftImport(deps) };
}

export type DonationsPort = ReturnType<typeof createDonationsPort>;
