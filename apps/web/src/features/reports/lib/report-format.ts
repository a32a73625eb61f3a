import { type Report, formatCents, formatCount, formatDay, formatDecimal } from '@refugio/contracts';

/* How the reports' figures read on screen: counts and days as Spanish writes them, money in euros, days dd/mm/aaaa. */

type ColumnType = Report['columnas'][number]['tipo'];

/** One cell of a report's table or total as text. */
export function formatReportValue(value: string | number | null | undefined, tipo: ColumnType): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number')
    return tipo === 'dinero' ? formatCents(value) : Number.isInteger(value) ? formatCount(value) : formatDecimal(value, 1);
  if (tipo === 'fecha' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value);
  if (/^\d{4}-\d{2}$/.test(value)) return formatMonth(value);
  return value;
}

/** 'YYYY-MM' as a short Spanish month, e.g. "nov 2026". */
export function formatMonth(mes: string): string {
  const date = new Date(`${mes}-01T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return mes;
  return new Intl.DateTimeFormat('es-ES', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date).replace('.', '');
}

/** The chart's points with money series in euros (the API gives cents), months written short. */
export function chartPoints(report: Report): Record<string, string | number>[] {
  const money = new Set(report.columnas.filter((c) => c.tipo === 'dinero').map((c) => c.clave));
  return report.serie.puntos.map((point) => {
    const out: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(point)) {
      if (key === report.serie.eje && typeof value === 'string') out[key] = formatMonth(value);
      else out[key] = typeof value === 'number' && money.has(key) ? value / 100 : value;
    }
    return out;
  });
}

/** The first and last day of the month before `today` ('YYYY-MM-DD'): the range a report opens with. */
export function previousMonthRange(today: string): { desde: string; hasta: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { desde: `${year}-${mm}-01`, hasta: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** Years offered by the annual report's select: the current one and the nine before, newest first. */
export function memoriaYears(currentYear: number, count = 10): number[] {
  return Array.from({ length: count }, (_, i) => currentYear - i);
}
