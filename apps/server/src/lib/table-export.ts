import { Readable } from 'node:stream';
import { csvCell, csvLine } from '@refugio/contracts';
import type { FastifyReply } from 'fastify';

/** What a cell of an export holds before it is written: booleans become "sí"/"no", missing values empty. */
export type ExportValue = string | number | boolean | Date | null | undefined;

/** One column of an exported list: its Spanish header and how a row gives its value. */
export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => ExportValue;
  /** Width in characters in the .xlsx (the CSV has none). */
  width?: number;
}

/** A list exported as .csv or .xlsx: its columns, its rows read in pages, and the organisation's time zone for dates. */
export interface TableExport<Row> {
  columns: readonly ExportColumn<Row>[];
  pages: () => AsyncIterable<Row[]>;
  timeZone: string;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** "2026-11-24 10:30" in `timeZone`: what a person in the organisation reads on the wall clock. */
export function formatDateTimeInZone(date: Date, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The text of a cell: dates in the organisation's time zone, booleans in Spanish, missing values empty. */
export function exportText(value: ExportValue, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDateTimeInZone(value, timeZone);
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  return String(value);
}

/** `base-YYYY-MM-DD.ext`, the day being the organisation's (not the server's, not UTC's). */
export function exportFileName(base: string, extension: 'csv' | 'xlsx', now: Date, timeZone: string): string {
  return `${base}-${formatDateTimeInZone(now, timeZone).slice(0, 10)}.${extension}`;
}

/**
 * The CSV: UTF-8 with a BOM (spreadsheets open accents correctly), one header row, every cell quoted and
 * formula-safe however the file is split (`csvCell`); rows read and written a page at a time, never whole.
 */
export async function* writeCsv<Row>({ columns, pages, timeZone }: TableExport<Row>): AsyncGenerator<string> {
  yield `\uFEFF${columns.map((column) => csvCell(column.header)).join(',')}\r\n`;
  for await (const rows of pages()) {
    yield rows.map((row) => csvLine(columns.map((column) => exportText(column.value(row), timeZone)))).join('');
  }
}

/**
 * The same list as an Excel workbook: one sheet, a bold frozen header row, and every cell typed as text, so a
 * spreadsheet shows exactly what was stored (no formula runs, no apostrophe added, "0034…" keeps its zeros).
 * Rows are read in pages; the workbook itself is built in memory (the lists are bounded, see the callers).
 */
export async function writeXlsx<Row>({ columns, pages, timeZone }: TableExport<Row>, sheet: string): Promise<Buffer> {
  const data: { value: string; type: StringConstructor; fontWeight?: 'bold' }[][] = [
    columns.map((column) => ({ value: column.header, type: String, fontWeight: 'bold' as const })),
  ];
  for await (const rows of pages()) {
    for (const row of rows) data.push(columns.map((column) => ({ value: exportText(column.value(row), timeZone), type: String })));
  }
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  return writeXlsxFile(data, { sheet, stickyRowsCount: 1, columns: columns.map((column) => ({ width: column.width ?? 16 })) }).toBuffer();
}

/** Reads `page(afterId, size)` until a short page or `maxRows`: keyset paging by id, so rows added meanwhile never repeat one. */
export async function* pagesById<Row extends { id: number }>(
  page: (afterId: number, limit: number) => Promise<Row[]>,
  maxRows: number,
  pageSize = 500,
): AsyncGenerator<Row[]> {
  let afterId = 0;
  let left = maxRows;
  while (left > 0) {
    const rows = await page(afterId, Math.min(pageSize, left));
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    afterId = rows[rows.length - 1]!.id;
    if (rows.length < pageSize) return;
  }
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Answers an export as a download named `base-<the organisation's day>.<format>`, never cached. */
export async function sendTableExport<Row>(
  reply: FastifyReply,
  table: TableExport<Row>,
  options: { format: 'csv' | 'xlsx'; base: string; sheet: string; now?: Date },
): Promise<FastifyReply> {
  const name = exportFileName(options.base, options.format, options.now ?? new Date(), table.timeZone);
  reply.type(CONTENT_TYPES[options.format]).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
  return reply.send(options.format === 'csv' ? Readable.from(writeCsv(table)) : await writeXlsx(table, options.sheet));
}
