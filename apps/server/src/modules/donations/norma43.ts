/*
 * Reads a Norma 43 file (AEB "cuaderno 43", fixed-width records of 80 characters) into movements, for
 * bank-statements.ts. Amounts become integer cents by reading the digits, never through floats.
 *
 * Norma 43 positions (1-based, as the AEB specification numbers them), checked against OCA/l10n-spain
 * `l10n_es_account_statement_import_n43/wizards/account_statement_import_n43.py` and its sample
 * `tests/test.n43`:
 *   11 account header: 3-6 bank, 7-10 branch, 11-20 account, 21-26 start date AAMMDD, 27-32 end date,
 *      33 sign of the opening balance (1 debit, 2 credit), 34-47 opening balance (12 + 2 decimals), 48-50 currency,
 *      51 information mode, 52-77 holder's name.
 *   22 movement: 7-10 origin branch, 11-16 operation date, 17-22 value date, 23-24 common concept, 25-27 own
 *      concept, 28 debit (1) or credit (2), 29-42 amount (12 + 2 decimals), 43-52 document number,
 *      53-64 reference 1, 65-80 reference 2.
 *   23 complementary concept (up to 5 per movement): 3-4 line number, 5-42 and 43-80 concept text.
 *   24 currency equivalence of the movement (ignored).
 *   33 account end: 21-25 number of debits, 26-39 total debits, 40-44 number of credits, 45-58 total credits,
 *      59 sign of the closing balance, 60-73 closing balance, 74-76 currency.
 *   88 end of file: 21-26 number of records (22, 23, 24 and 33 ones; some banks count 11 and 88 too).
 */
import { MAX_N43_LINE_CHARS, StatementError, type StatementMovement, collapse, digitsToCents, isoDay } from './statement-common';

// ---------------------------------------------------------------------------------------------------------------
// Norma 43

function n43Date(field: string, line: number): string {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(field);
  const day = m ? isoDay(2000 + Number(m[1]), Number(m[2]), Number(m[3])) : null;
  if (!day) throw new StatementError(`la fecha «${field}» de la línea ${line} no es válida`);
  return day;
}

function n43Amount(field: string, line: number): number {
  if (!/^\d{14}$/.test(field)) throw new StatementError(`el importe «${field.trim()}» de la línea ${line} no es válido`);
  return digitsToCents(field.slice(0, 12), field.slice(12));
}

function n43Count(field: string, line: number): number {
  if (!/^\d+$/.test(field)) throw new StatementError(`el número «${field.trim()}» de la línea ${line} no es válido`);
  return Number(field);
}

function n43Reference(ref1: string, ref2: string, documentNumber: string): string {
  const meaningful = (s: string) => (/^0*$/.test(s) ? '' : s);
  const refs = [meaningful(ref1.trim()), meaningful(ref2.trim())].filter(Boolean);
  if (refs.length > 0) return refs.join(' / ');
  return meaningful(documentNumber.trim());
}

interface N43Movement extends StatementMovement {
  /** Key 1 (debe): a debit, even of 0,00 (whose cents cannot carry the sign), as the 33 record counts it. */
  debit: boolean;
  concepts: string[];
  commonConcept: string;
}

interface N43Account {
  line: number;
  openingCents: number;
  movements: N43Movement[];
}

export function looksLikeNorma43(lines: string[]): boolean {
  const first = lines.find((l) => l.trim() !== '');
  return first !== undefined && /^11\d{18}\d{12}[12]\d{14}/.test(first);
}

export function parseNorma43(lines: string[]): StatementMovement[] {
  const movements: StatementMovement[] = [];
  let account: N43Account | null = null;
  let current: N43Movement | null = null;
  let records = 0;
  let ended = false;
  let accounts = 0;

  for (let index = 0; index < lines.length; index++) {
    const lineNo = index + 1;
    const line = lines[index]!.replace(/\r$/, '');
    if (line.trim() === '' || line === '\x1a') continue;
    if (ended) throw new StatementError(`hay datos después del registro 88 (línea ${lineNo})`);
    if (line.length > MAX_N43_LINE_CHARS) throw new StatementError(`la línea ${lineNo} es demasiado larga para Norma 43`);
    const rec = line.padEnd(80, ' ');
    const code = rec.slice(0, 2);
    records++;
    switch (code) {
      case '11': {
        if (account) throw new StatementError(`la cuenta de la línea ${account.line} no se cierra con un registro 33`);
        const opening = n43Amount(rec.slice(33, 47), lineNo);
        account = { line: lineNo, openingCents: rec[32] === '1' ? -opening : opening, movements: [] };
        accounts++;
        current = null;
        continue;
      }
      case '22': {
        if (!account) throw new StatementError(`el movimiento de la línea ${lineNo} no tiene cabecera de cuenta (registro 11)`);
        const sign = rec[27];
        if (sign !== '1' && sign !== '2') throw new StatementError(`la clave debe/haber de la línea ${lineNo} no es 1 ni 2`);
        const cents = n43Amount(rec.slice(28, 42), lineNo);
        current = {
          fila: lineNo,
          fecha: n43Date(rec.slice(10, 16), lineNo),
          // `|| 0`: a 0,00 debit is 0 cents, not -0.
          importeCentimos: sign === '1' ? -cents || 0 : cents,
          debit: sign === '1',
          concepto: '',
          referencia: n43Reference(rec.slice(52, 64), rec.slice(64, 80), rec.slice(42, 52)),
          concepts: [],
          commonConcept: rec.slice(22, 24),
        };
        account.movements.push(current);
        n43Date(rec.slice(16, 22), lineNo);
        continue;
      }
      case '23': {
        if (!current) throw new StatementError(`el concepto de la línea ${lineNo} no sigue a un movimiento (registro 22)`);
        const text = collapse(`${rec.slice(4, 42)} ${rec.slice(42, 80)}`);
        if (text) current.concepts.push(text);
        continue;
      }
      case '24':
        if (!current) throw new StatementError(`la línea ${lineNo} no sigue a un movimiento (registro 22)`);
        continue;
      case '33': {
        if (!account) throw new StatementError(`el final de cuenta de la línea ${lineNo} no tiene cabecera (registro 11)`);
        checkAccountTotals(account, rec, lineNo);
        for (const m of account.movements) {
          movements.push({
            fila: m.fila,
            fecha: m.fecha,
            importeCentimos: m.importeCentimos,
            concepto: m.concepts.join(' ') || `Concepto común ${m.commonConcept}`,
            referencia: m.referencia,
          });
        }
        account = null;
        current = null;
        continue;
      }
      case '88': {
        if (account) throw new StatementError(`la cuenta de la línea ${account.line} no se cierra con un registro 33`);
        const declared = n43Count(rec.slice(20, 26), lineNo);
        // The AEB counts the records between the headers and 88 (22, 23, 24, 33); some banks count 11 and 88 too.
        const body = records - 1 - accounts;
        if (declared !== body && declared !== records - 1 && declared !== records) {
          throw new StatementError(`el registro 88 declara ${declared} registros y el archivo tiene ${body}`);
        }
        ended = true;
        continue;
      }
      default:
        throw new StatementError(`la línea ${lineNo} tiene un tipo de registro «${code}» que Norma 43 no conoce`);
    }
  }

  if (account) throw new StatementError('la última cuenta no se cierra con un registro 33');
  if (!ended) throw new StatementError('falta el registro 88 de final de archivo');
  if (accounts === 0) throw new StatementError('no tiene ninguna cuenta (registro 11)');
  return movements;
}

function checkAccountTotals(account: N43Account, rec: string, lineNo: number): void {
  const debitCount = n43Count(rec.slice(20, 25), lineNo);
  const debitCents = n43Amount(rec.slice(25, 39), lineNo);
  const creditCount = n43Count(rec.slice(39, 44), lineNo);
  const creditCents = n43Amount(rec.slice(44, 58), lineNo);
  const closing = n43Amount(rec.slice(59, 73), lineNo);
  const closingCents = rec[58] === '1' ? -closing : closing;
  let debits = 0;
  let debitSum = 0;
  let credits = 0;
  let creditSum = 0;
  for (const m of account.movements) {
    if (m.debit) {
      debits++;
      debitSum -= m.importeCentimos;
    } else {
      credits++;
      creditSum += m.importeCentimos;
    }
  }
  const problems: string[] = [];
  if (debits !== debitCount) problems.push(`${debitCount} cargos declarados y ${debits} leídos`);
  if (credits !== creditCount) problems.push(`${creditCount} abonos declarados y ${credits} leídos`);
  if (debitSum !== debitCents) problems.push(`total de cargos ${formatCents(debitCents)} y suma ${formatCents(debitSum)}`);
  if (creditSum !== creditCents) problems.push(`total de abonos ${formatCents(creditCents)} y suma ${formatCents(creditSum)}`);
  const expectedClosing = account.openingCents + creditSum - debitSum;
  if (problems.length === 0 && closingCents !== expectedClosing) {
    problems.push(`saldo final ${formatCents(closingCents)} y saldo calculado ${formatCents(expectedClosing)}`);
  }
  if (problems.length > 0) {
    throw new StatementError(`los totales del registro 33 (línea ${lineNo}) no cuadran: ${problems.join('; ')}`);
  }
}

function formatCents(cents: number): string {
  const abs = Math.abs(cents);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}${units},${String(abs % 100).padStart(2, '0')}`;
}
