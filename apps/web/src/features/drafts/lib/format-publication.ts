import { type PublicationBatchResult, countLabel } from '@refugio/contracts';

/** An instant as a Spanish date and time in the organisation's zone, e.g. "5 mar 2026, 10:30". */
export function formatInZone(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('es-ES', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The heading of a day in the timeline, e.g. "lunes, 23 de noviembre de 2026". */
export function formatDayInZone(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('es-ES', { timeZone, dateStyle: 'full' }).format(new Date(iso));
}

/** The time of day in the organisation's zone, e.g. "10:30". */
export function formatTimeInZone(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('es-ES', { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** The outcome of a bulk change in one sentence, e.g. "3 mascotas cambiadas; 1 no: otra persona la cambió...". */
export function summarizeBatch(result: PublicationBatchResult): { ok: number; failed: number; text: string } {
  const ok = result.resultados.filter((r) => r.ok).length;
  const failures = result.resultados.filter((r) => !r.ok);
  const changed = countLabel(ok, 'mascota cambiada', 'mascotas cambiadas');
  if (failures.length === 0) return { ok, failed: 0, text: `${changed}.` };
  const first = failures[0];
  const reason = first && !first.ok ? first.message : '';
  return { ok, failed: failures.length, text: `${changed}; ${failures.length} sin cambiar: ${reason}` };
}
