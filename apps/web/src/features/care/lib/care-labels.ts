import type { CareType } from '@refugio/contracts';

/** The headings that group a pet's records by type on its health page (one record is named by `careTypeLabels`). */
export const careTypeGroupLabels: Record<CareType, string> = {
  vacuna: 'Vacunas',
  desparasitacion_interna: 'Desparasitación interna',
  desparasitacion_externa: 'Desparasitación externa',
  test: 'Tests',
  tratamiento: 'Tratamientos',
  cirugia: 'Cirugías',
  esterilizacion: 'Esterilización',
  revision: 'Revisiones',
  peso: 'Pesos',
};

const dayFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar day ('YYYY-MM-DD') as Spanish text, e.g. "5 mar 2026"; the day itself, never shifted by a zone. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const date = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date).replace('.', '');
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'): negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
}

/** `day` plus `days` ('YYYY-MM-DD'). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
