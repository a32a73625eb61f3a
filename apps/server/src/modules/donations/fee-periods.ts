/*
 * When a recurring fee is due (DESIGN section 15): its periods start on `desde` and then every 1, 3, 6 or 12 months
 * (a start on the 31st falls on the last day of shorter months). A batch on a day charges the period that day falls
 * in, once: a period already charged by an earlier batch is not charged again (the table's unique key
 * `remesa_linea_fee_period` makes that certain), and periods that no batch charged are not charged late.
 */
import type { FeePeriod } from '@refugio/contracts';

export const PERIOD_MONTHS: Record<FeePeriod, number> = { mensual: 1, trimestral: 3, semestral: 6, anual: 12 };

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `day` plus `months` calendar months, on the same day of the month or the month's last one. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const date = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

export interface FeeSchedule {
  periodicidad: FeePeriod;
  desde: string;
  /** The fee's last day (its leave), or null while it runs. */
  hasta: string | null;
}

/**
 * The first day of the fee's period that `day` falls in, or null when the fee does not run on `day` (before
 * `desde`, or after its leave).
 */
export function periodStartOn(fee: FeeSchedule, day: string): string | null {
  if (day < fee.desde || (fee.hasta !== null && day > fee.hasta)) return null;
  const step = PERIOD_MONTHS[fee.periodicidad];
  const [y1, m1] = parts(fee.desde);
  const [y2, m2] = parts(day);
  let k = Math.floor(((y2 - y1) * 12 + (m2 - m1)) / step);
  // Clamped month ends keep the starts in order, so at most one step back is ever needed.
  while (k > 0 && addMonths(fee.desde, k * step) > day) k -= 1;
  return addMonths(fee.desde, k * step);
}
