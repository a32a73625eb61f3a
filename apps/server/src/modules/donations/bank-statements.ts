/*
 * Reads a bank statement into movements: the CSV that Spanish banks export (bank-csv.ts), or a Norma 43 file
 * (norma43.ts, whose header names the positions and the published implementation they were checked against).
 * Amounts become integer cents by reading the digits, never through floats.
 */
import { parseCsvStatement } from './bank-csv';
import { looksLikeNorma43, parseNorma43 } from './norma43';
import { type BankStatement, StatementError, toText } from './statement-common';

export { MAX_STATEMENT_BYTES, StatementError, parseSpanishAmount, parseSpanishDate } from './statement-common';
export type { BankStatement, StatementMovement } from './statement-common';

// ---------------------------------------------------------------------------------------------------------------

/**
 * Reads a bank statement (CSV or Norma 43, told apart by content; a `.n43`/`.aeb`/`.csb` name insists on
 * Norma 43). Throws a StatementError, with a Spanish message for the person, for anything else.
 */
export function parseBankStatement(buffer: Uint8Array, fileName?: string): BankStatement {
  const text = toText(buffer);
  const lines = text.split('\n');
  const named43 = fileName !== undefined && /\.(n43|aeb|aeb43|csb|csb43|q43)$/i.test(fileName);
  if (looksLikeNorma43(lines) || named43) {
    if (!looksLikeNorma43(lines)) throw new StatementError('no empieza por un registro 11 de Norma 43');
    return { formato: 'norma43', movimientos: parseNorma43(lines) };
  }
  return { formato: 'csv', movimientos: parseCsvStatement(text) };
}
