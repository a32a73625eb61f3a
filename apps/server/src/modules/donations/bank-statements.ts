/*
 * Reads a bank statement into movements: the CSV that Spanish banks export, or a Norma 43 file (AEB "cuaderno 43",
 * fixed-width records of 80 characters). Amounts become integer cents by reading the digits, never through floats.
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
import { parse as parseCsv } from 'csv-parse/sync';
import iconv from 'iconv-lite';

export interface StatementMovement {
  /** The row the person sees: the spreadsheet's row number (header = row 1) or the Norma 43 line number. */
  fila: number;
  fecha: string;
  /** Positive: money in; negative: money out. */
  importeCentimos: number;
  concepto: string;
  referencia: string;
}

export interface BankStatement {
  formato: 'csv' | 'norma43';
  movimientos: StatementMovement[];
}

export class StatementError extends Error {
  override readonly name = 'StatementError';
  constructor(readonly motivo: string) {
    super(`El archivo no parece un extracto bancario: ${motivo}`);
  }
}

/** A statement of several years of a busy account is far below this; anything bigger is refused unread. */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;
/** No bank writes a CSV record this long; a longer one is not a statement. */
const MAX_CSV_RECORD_CHARS = 64 * 1024;
const MAX_N43_LINE_CHARS = 200;
/** Up to 999,999,999,999.99: 14 digits of cents stay a safe integer. */
const MAX_AMOUNT_DIGITS = 14;

// ---------------------------------------------------------------------------------------------------------------
// Bytes to text

const MAGIC: ReadonlyArray<[string, number[]]> = [
  ['una imagen PNG', [0x89, 0x50, 0x4e, 0x47]],
  ['una imagen JPEG', [0xff, 0xd8, 0xff]],
  ['una imagen GIF', [0x47, 0x49, 0x46, 0x38]],
  ['un PDF; descargue el extracto en CSV o Norma 43', [0x25, 0x50, 0x44, 0x46]],
  ['un archivo comprimido o una hoja Excel; guárdelo como CSV', [0x50, 0x4b, 0x03, 0x04]],
  ['una hoja Excel antigua; guárdela como CSV', [0xd0, 0xcf, 0x11, 0xe0]],
];

function startsWith(buffer: Uint8Array, bytes: number[]): boolean {
  return bytes.every((b, i) => buffer[i] === b);
}

/** UTF-8 when the bytes are valid UTF-8 (with or without BOM), UTF-16 with its BOM, otherwise Windows-1252. */
function decode(buffer: Uint8Array): string {
  if (startsWith(buffer, [0xff, 0xfe])) return iconv.decode(Buffer.from(buffer.subarray(2)), 'utf-16le');
  if (startsWith(buffer, [0xfe, 0xff])) return iconv.decode(Buffer.from(buffer.subarray(2)), 'utf-16be');
  const body = startsWith(buffer, [0xef, 0xbb, 0xbf]) ? buffer.subarray(3) : buffer;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return iconv.decode(Buffer.from(body), 'win1252');
  }
}

function toText(buffer: Uint8Array): string {
  if (!(buffer instanceof Uint8Array)) throw new StatementError('no se ha recibido ningún archivo');
  if (buffer.length > MAX_STATEMENT_BYTES) throw new StatementError('ocupa más de 10 MB');
  for (const [what, bytes] of MAGIC) {
    if (startsWith(buffer, bytes)) throw new StatementError(`es ${what}`);
  }
  const text = decode(buffer);
  if (text.trim() === '') throw new StatementError('está vacío');
  // Text files have no NUL and almost no control characters; binary files have many.
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) throw new StatementError('es un archivo binario, no de texto');
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 26) || c === 0xfffd) control++;
  }
  if (control > text.length / 100 + 2) throw new StatementError('es un archivo binario, no de texto');
  return text;
}

// ---------------------------------------------------------------------------------------------------------------
// Shared readers

function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `dd/mm/aaaa` (also with `-` or `.`, or a two-digit year) or ISO `aaaa-mm-dd`. */
export function parseSpanishDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const es = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(value);
  if (!es) return null;
  const year = es[3]!.length === 2 ? 2000 + Number(es[3]) : Number(es[3]);
  return isoDay(year, Number(es[2]), Number(es[1]));
}

/** Digits of whole euros and of cents (at most 14 + 2, a safe integer) as integer cents. */
function digitsToCents(units: string, decimals: string): number {
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}

/**
 * A Spanish amount as integer cents: `1.234,56`, `-12,00`, `+3`, `12,5`, `1234.56`, with an optional `€`/`EUR`.
 * The last `,` or `.` followed by one or two digits is the decimal mark; the others must group thousands.
 */
export function parseSpanishAmount(text: string): number | null {
  let value = text.trim().replace(/\s|€|EUR$/gi, '');
  let sign = 1;
  if (/^[-−+]/.test(value)) {
    if (value[0] !== '+') sign = -1;
    value = value.slice(1);
  } else if (/-$/.test(value)) {
    sign = -1;
    value = value.slice(0, -1);
  }
  if (!/^\d[\d.,]*$/.test(value)) return null;
  let units = value;
  let decimals = '';
  const decimal = /^(.*)[.,](\d{1,2})$/.exec(value);
  if (decimal) {
    units = decimal[1]!;
    decimals = decimal[2]!;
  }
  if (/[.,]/.test(units)) {
    // Thousands grouped by one mark only, in groups of three: 1.234.567 or 1,234,567.
    if (!/^\d{1,3}([.,])\d{3}(\1\d{3})*$/.test(units)) return null;
    const separator = units[units.search(/[.,]/)];
    if (decimal && value[value.length - decimals.length - 1] === separator) return null;
    units = units.replace(/[.,]/g, '');
  }
  if (units.length > MAX_AMOUNT_DIGITS) return null;
  const cents = digitsToCents(units, decimals);
  return cents === 0 ? 0 : sign * cents;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

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
  concepts: string[];
  commonConcept: string;
}

interface N43Account {
  line: number;
  openingCents: number;
  movements: N43Movement[];
}

function looksLikeNorma43(lines: string[]): boolean {
  const first = lines.find((l) => l.trim() !== '');
  return first !== undefined && /^11\d{18}\d{12}[12]\d{14}/.test(first);
}

function parseNorma43(lines: string[]): StatementMovement[] {
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
          importeCentimos: sign === '1' ? -cents : cents,
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
    if (m.importeCentimos < 0) {
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

// ---------------------------------------------------------------------------------------------------------------
// CSV

type Column = 'fecha' | 'fechaValor' | 'importe' | 'cargo' | 'abono' | 'concepto' | 'referencia' | 'otra';

/** Spanish column names as banks write them, without accents, case, dots or a trailing currency. */
const COLUMN_NAMES: Record<string, Column> = {
  fecha: 'fecha',
  'fecha operacion': 'fecha',
  'f operacion': 'fecha',
  'fecha de operacion': 'fecha',
  'fecha contable': 'fecha',
  'fecha movimiento': 'fecha',
  'fecha del movimiento': 'fecha',
  'fecha valor': 'fechaValor',
  'f valor': 'fechaValor',
  'fecha de valor': 'fechaValor',
  importe: 'importe',
  cantidad: 'importe',
  'importe euros': 'importe',
  'importe eur': 'importe',
  cargo: 'cargo',
  cargos: 'cargo',
  debe: 'cargo',
  gastos: 'cargo',
  abono: 'abono',
  abonos: 'abono',
  haber: 'abono',
  ingresos: 'abono',
  concepto: 'concepto',
  'concepto comun': 'concepto',
  'concepto propio': 'concepto',
  descripcion: 'concepto',
  movimiento: 'concepto',
  detalle: 'concepto',
  observaciones: 'concepto',
  'mas datos': 'concepto',
  'informacion adicional': 'concepto',
  ordenante: 'concepto',
  beneficiario: 'concepto',
  referencia: 'referencia',
  'referencia 1': 'referencia',
  'referencia 2': 'referencia',
  ref: 'referencia',
  documento: 'referencia',
  'n documento': 'referencia',
  'numero de documento': 'referencia',
  saldo: 'otra',
  'saldo disponible': 'otra',
  divisa: 'otra',
  moneda: 'otra',
  oficina: 'otra',
  categoria: 'otra',
  subcategoria: 'otra',
};

function columnOf(header: string): Column | undefined {
  const name = header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\((eur|euros|€)\)|€/g, '')
    .replace(/[.:º°]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return COLUMN_NAMES[name];
}

interface CsvLayout {
  headerIndex: number;
  date: number;
  amount?: number;
  debit?: number;
  credit?: number;
  concepts: number[];
  references: number[];
}

/** The header is the first row (of the first 30) whose cells are known names, with a date and an amount. */
function findLayout(rows: string[][]): CsvLayout | null {
  for (let r = 0; r < Math.min(rows.length, 30); r++) {
    const cells = rows[r]!;
    const columns = cells.map(columnOf);
    const known = columns.filter((c) => c !== undefined).length;
    if (known < 2) continue;
    const at = (c: Column) => columns.indexOf(c);
    const all = (c: Column) => columns.flatMap((col, i) => (col === c ? [i] : []));
    const date = at('fecha') >= 0 ? at('fecha') : at('fechaValor');
    const amount = at('importe');
    const debit = at('cargo');
    const credit = at('abono');
    if (date < 0 || (amount < 0 && (debit < 0 || credit < 0))) continue;
    return {
      headerIndex: r,
      date,
      ...(amount >= 0 ? { amount } : { debit, credit }),
      concepts: all('concepto'),
      references: all('referencia'),
    };
  }
  return null;
}

function readCsvRows(text: string, delimiter: string, toLine?: number): string[][] {
  const rows: string[][] = parseCsv(text, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_CSV_RECORD_CHARS,
    ...(toLine ? { to_line: toLine } : {}),
  });
  return rows;
}

function parseCsvStatement(text: string): StatementMovement[] {
  let chosen: { delimiter: string; layout: CsvLayout } | null = null;
  for (const delimiter of [';', ',', '\t']) {
    let head: string[][];
    try {
      head = readCsvRows(text, delimiter, 30);
    } catch {
      continue;
    }
    const layout = findLayout(head);
    if (layout) {
      chosen = { delimiter, layout };
      break;
    }
  }
  if (!chosen) throw new StatementError('no tiene una fila de cabecera con columnas de fecha e importe');

  let rows: string[][];
  try {
    rows = readCsvRows(text, chosen.delimiter);
  } catch (err) {
    throw new StatementError(`el CSV está mal formado (${(err as Error).message.split('\n')[0]})`);
  }
  const { layout } = chosen;
  const cell = (row: string[], i: number | undefined) => (i === undefined ? '' : (row[i] ?? '').trim());
  const movements: StatementMovement[] = [];

  for (let r = layout.headerIndex + 1; r < rows.length; r++) {
    const row = rows[r]!;
    const fila = r + 1;
    if (row.every((c) => c.trim() === '')) continue;
    const dateText = cell(row, layout.date);
    const amountText =
      layout.amount !== undefined
        ? cell(row, layout.amount)
        : cell(row, layout.credit) || (cell(row, layout.debit) ? `-${cell(row, layout.debit).replace(/^[-−]/, '')}` : '');
    // Summary rows under the movements ("Total", "Saldo final") and rows with no date are not movements.
    if (dateText === '' || /^(total|saldo|suma)/i.test(dateText)) continue;
    const fecha = parseSpanishDate(dateText);
    if (!fecha) throw new StatementError(`la fecha «${dateText.slice(0, 40)}» de la fila ${fila} no es dd/mm/aaaa`);
    const cents = parseSpanishAmount(amountText);
    if (cents === null) throw new StatementError(`el importe «${amountText.slice(0, 40)}» de la fila ${fila} no es válido`);
    movements.push({
      fila,
      fecha,
      importeCentimos: cents,
      concepto: collapse(
        layout.concepts
          .map((i) => cell(row, i))
          .filter(Boolean)
          .join(' · '),
      ),
      referencia: collapse(
        layout.references
          .map((i) => cell(row, i))
          .filter(Boolean)
          .join(' / '),
      ),
    });
  }
  return movements;
}

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
