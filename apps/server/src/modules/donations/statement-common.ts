/*
 * What the bank statement readers share (bank-statements.ts): the movement they answer, the refusal, the limits, the
 * bytes-to-text decoding, and the Spanish dates and amounts read as integer cents.
 */
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
export const MAX_CSV_RECORD_CHARS = 64 * 1024;
export const MAX_N43_LINE_CHARS = 200;
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

export function toText(buffer: Uint8Array): string {
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

export function isoDay(year: number, month: number, day: number): string | null {
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
export function digitsToCents(units: string, decimals: string): number {
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

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
