/*
 * Reads the CSV a Spanish bank exports (`;` or `,`, dates dd/mm/aaaa, amounts 1.234,56) into movements, for
 * bank-statements.ts: the header found by its Spanish column names, the row numbers as the spreadsheet shows them.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { MAX_CSV_RECORD_CHARS, StatementError, type StatementMovement, collapse, parseSpanishAmount, parseSpanishDate } from './statement-common';

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

export function parseCsvStatement(text: string): StatementMovement[] {
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
