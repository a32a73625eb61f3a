import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, importMessages } from '@refugio/contracts';
import { parse as parseCsv } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { readSheet } from 'read-excel-file/node';
import yauzl from 'yauzl';

/*
 * Reads an uploaded spreadsheet (DESIGN section 18) into its header and rows of cell texts: a CSV in UTF-8 (with or
 * without BOM) or Windows-1252, separated by `,` or `;`; or an .xlsx (first sheet), its ZIP checked before anything
 * is unpacked (paths, sizes, macros). Whatever is not such a file is refused with a Spanish reason (400).
 */

export class ImportFileError extends Error {}

export interface ReadSheet {
  columnas: string[];
  /** Data rows, row 2 of the spreadsheet first (empty rows kept, so an index gives the row number). */
  filas: string[][];
}

/** The most an .xlsx may unpack to, and the ratio of unpacked to packed size beyond which it is a bomb. */
export const XLSX_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
const XLSX_MAX_RATIO = 200;
const XLSX_MAX_ENTRIES = 2000;

function startsWith(buffer: Uint8Array, bytes: number[]): boolean {
  return bytes.every((b, i) => buffer[i] === b);
}
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

export async function readSpreadsheet(fileName: string, data: Buffer): Promise<ReadSheet> {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (extension === 'xlsm' || extension === 'xltm' || extension === 'xlsb') throw new ImportFileError(importMessages.macros);
  if (extension === 'xls' || startsWith(data, OLE)) throw new ImportFileError(importMessages.oldExcel);
  let sheet: ReadSheet;
  if (extension === 'csv' || extension === 'txt') sheet = readCsv(data);
  else if (extension === 'xlsx') sheet = await readXlsx(data);
  else throw new ImportFileError(importMessages.unknownExtension);
  if (sheet.filas.every((row) => row.every((cell) => cell.trim() === ''))) throw new ImportFileError(importMessages.empty);
  return sheet;
}

/** Header names made unique and never empty (`Columna 3`, `Nombre (2)`). */
function headerOf(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, index) => {
    const base = cell.trim().replace(/^\uFEFF/, '') || `Columna ${index + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

function sheetOf(records: string[][]): ReadSheet {
  const [header, ...rows] = records;
  if (!header) throw new ImportFileError(importMessages.empty);
  // Trailing empty header cells (a spreadsheet's stray formatting) are not columns.
  let width = header.length;
  while (width > 0 && header[width - 1]!.trim() === '' && rows.every((r) => (r[width - 1] ?? '').trim() === '')) width--;
  if (width > IMPORT_MAX_COLUMNS) throw new ImportFileError(importMessages.tooManyColumns(IMPORT_MAX_COLUMNS));
  if (width === 0) throw new ImportFileError(importMessages.empty);
  let last = rows.length;
  while (last > 0 && rows[last - 1]!.every((c) => c.trim() === '')) last--;
  if (last > IMPORT_MAX_ROWS) throw new ImportFileError(importMessages.tooManyRows(IMPORT_MAX_ROWS));
  return {
    columnas: headerOf(header.slice(0, width)),
    filas: rows.slice(0, last).map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// CSV

function decode(buffer: Buffer): string {
  const body = startsWith(buffer, [0xef, 0xbb, 0xbf]) ? buffer.subarray(3) : buffer;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return iconv.decode(body, 'win1252');
  }
}

const BINARY = [ZIP, [0x25, 0x50, 0x44, 0x46], [0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46, 0x38], [0x1f, 0x8b]];

/** `;` or `,` (or a tab), whichever the header line holds most of outside quotes. */
function delimiterOf(text: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![1] === 0 ? ',' : [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

function readCsv(data: Buffer): ReadSheet {
  if (BINARY.some((magic) => startsWith(data, magic))) throw new ImportFileError(importMessages.notText);
  const text = decode(data);
  if (text.includes('\u0000')) throw new ImportFileError(importMessages.notText);
  let control = 0;
  for (let i = 0; i < Math.min(text.length, 65_536); i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd) control++;
  }
  if (control > 8) throw new ImportFileError(importMessages.notText);
  const delimiter = delimiterOf(text);
  // The header first, alone: a file of thousands of columns is refused before its rows are read.
  const firstLine = text.slice(0, 1_000_000).split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.split(delimiter).length > IMPORT_MAX_COLUMNS * 2) throw new ImportFileError(importMessages.tooManyColumns(IMPORT_MAX_COLUMNS));
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: 1_000_000,
      to_line: IMPORT_MAX_ROWS + 50,
    });
  } catch (error) {
    throw new ImportFileError(importMessages.csvUnreadable((error as Error).message.split('\n')[0]!.slice(0, 200)));
  }
  if (text.split(/\r?\n/, IMPORT_MAX_ROWS + 60).length > IMPORT_MAX_ROWS + 50 && records.length > IMPORT_MAX_ROWS + 1) {
    throw new ImportFileError(importMessages.tooManyRows(IMPORT_MAX_ROWS));
  }
  return sheetOf(records);
}

// ---------------------------------------------------------------------------------------------------------------
// XLSX

/** Reads the ZIP's directory only (nothing unpacked): unsafe paths, a bomb, macros, or no workbook are refused. */
function checkZip(data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true }, (openError, zip) => {
      if (openError || !zip) return reject(new ImportFileError(importMessages.notXlsx));
      let total = 0;
      let entries = 0;
      let workbook = false;
      const fail = (message: string) => {
        zip.close();
        reject(new ImportFileError(message));
      };
      zip.on('error', (error: Error) =>
        fail(/relative path|absolute path|invalid characters/i.test(error.message) ? importMessages.zipPath : importMessages.notXlsx),
      );
      zip.on('entry', (entry: yauzl.Entry) => {
        entries++;
        const name = entry.fileName;
        if (name.split('/').includes('..') || name.startsWith('/') || /^[a-z]:/i.test(name) || name.includes('\\'))
          return fail(importMessages.zipPath);
        if (/vbaProject\.bin$/i.test(name)) return fail(importMessages.macros);
        if (name === 'xl/workbook.xml') workbook = true;
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (total > XLSX_MAX_UNPACKED_BYTES || entries > XLSX_MAX_ENTRIES || (entry.uncompressedSize > 1_000_000 && ratio > XLSX_MAX_RATIO)) {
          return fail(importMessages.zipBomb);
        }
        zip.readEntry();
      });
      zip.on('end', () => (workbook ? resolve() : reject(new ImportFileError(importMessages.notXlsx))));
      zip.readEntry();
    });
  });
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

async function readXlsx(data: Buffer): Promise<ReadSheet> {
  if (!startsWith(data, ZIP)) throw new ImportFileError(importMessages.notXlsx);
  await checkZip(data);
  let rows: unknown[][];
  try {
    // Numbers exactly as written in the file (a microchip keeps its digits, or shows it lost them).
    rows = await readSheet(data, { parseNumber: (value: string) => value });
  } catch {
    throw new ImportFileError(importMessages.notXlsx);
  }
  if (rows.length > IMPORT_MAX_ROWS + 1) throw new ImportFileError(importMessages.tooManyRows(IMPORT_MAX_ROWS));
  return sheetOf(rows.map((row) => row.map(cellText)));
}
