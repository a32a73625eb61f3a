import { countLabel } from '@refugio/contracts';
import { daysBetween } from './care-labels';

export type DueState = { kind: 'overdue' | 'today' | 'upcoming'; text: string; color: string };

/** How late (or how soon) a planned record is, counted in the organisation's days. */
export function describeDue(fechaProgramada: string, today: string): DueState {
  const days = daysBetween(today, fechaProgramada);
  if (days < 0) return { kind: 'overdue', text: `Vencido hace ${countLabel(-days, 'día', 'días')}`, color: 'red' };
  if (days === 0) return { kind: 'today', text: 'Hoy', color: 'orange' };
  return { kind: 'upcoming', text: days === 1 ? 'Mañana' : `En ${countLabel(days, 'día', 'días')}`, color: 'blue' };
}
