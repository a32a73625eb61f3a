import { type SQL, sql } from 'drizzle-orm';
import type { HistoryPort } from '../history/history.port';
import type { PersonsPort } from '../persons/persons.port';
import { createGiftImport } from './gift-import';

/** What other modules may ask of the donations module (DESIGN section 9): today, the import of gifts from a spreadsheet. */
export function createDonationsPort(deps: { history: Pick<HistoryPort, 'record'>; persons: Pick<PersonsPort, 'rolesOf' | 'addRole'> }) {
  return { ...createGiftImport(deps) };
}

export type DonationsPort = ReturnType<typeof createDonationsPort>;

/*
 * Money received (DESIGN section 15), the one rule, written once here in TypeScript with its SQL twin beside it:
 * a gift is money received when it is `registrado` and its date has come (`fecha` <= the organisation's `today`).
 * A direct debit's gift is dated on its collection day, so it counts from that day on, not from the day its batch
 * was made; a returned (`devuelto`) or annulled one never counts, nor a pending one. Every total of money received
 * (the list's sum, the dashboard's month, the reports, certificates, the modelo 182) reads this rule; certificates
 * and the modelo 182 also ask that the gift be deductible (`deducible`, Ley 49/2002 art. 24).
 */

/** True when the gift is money received on `today` (YYYY-MM-DD in the organisation's time zone). */
export function isReceivedGift(gift: { estado: string; fecha: string }, today: string): boolean {
  return gift.estado === 'registrado' && gift.fecha <= today;
}

/** The SQL twin of `isReceivedGift`, over the gift table or its alias. */
export function receivedGiftSql(today: string, alias = 'gift'): SQL {
  const t = sql.identifier(alias);
  return sql`(${t}.estado = 'registrado' AND ${t}.fecha <= ${today}::date)`;
}

/** Received and deductible: what certificates and the modelo 182 declare. */
export function certifiableGiftSql(today: string, alias = 'gift'): SQL {
  return sql`(${receivedGiftSql(today, alias)} AND ${sql.identifier(alias)}.deducible)`;
}
