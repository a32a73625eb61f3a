import { type ImportDryRun, csvLine } from '@refugio/contracts';

/** What the report lists: every row with an error, and every row matched to a record that exists already. */
export interface ReportRow {
  fila: number;
  tipo: 'error' | 'duplicado';
  columna: string;
  mensaje: string;
  existenteId?: number;
  /** Only looks like a record already there (no microchip): the person decides whether it is imported. */
  posible?: boolean;
  incluida?: boolean;
}

export type ReportFilter = 'todas' | 'error' | 'duplicado';

/** The dry run's rows in spreadsheet order (errors before duplicates of the same row). */
export function reportRows(run: ImportDryRun): ReportRow[] {
  const rows: ReportRow[] = [
    ...run.errores.map((e) => ({ fila: e.fila, tipo: 'error' as const, columna: e.columna, mensaje: e.mensaje })),
    ...run.duplicados.map((d) => ({
      fila: d.fila,
      tipo: 'duplicado' as const,
      columna: '',
      mensaje: d.motivo,
      existenteId: d.existenteId,
      ...(d.posible ? { posible: true, incluida: d.incluida === true } : {}),
    })),
  ];
  return rows.sort((a, b) => a.fila - b.fila || (a.tipo === b.tipo ? 0 : a.tipo === 'error' ? -1 : 1));
}

export function filterRows(rows: ReportRow[], filter: ReportFilter): ReportRow[] {
  return filter === 'todas' ? rows : rows.filter((r) => r.tipo === filter);
}

/** The rows to fix as a CSV (UTF-8 with BOM, `,`, formula-safe cells): Fila, Columna, Problema. */
export function rowsToFixCsv(run: ImportDryRun): string {
  return `\uFEFF${csvLine(['Fila', 'Columna', 'Problema'])}${run.errores.map((e) => csvLine([e.fila, e.columna, e.mensaje])).join('')}`;
}
