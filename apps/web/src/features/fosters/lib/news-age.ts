/** A home without news for this many days is highlighted in "Acogidas". */
export const NEWS_STALE_DAYS = 14;

/**
 * Whether a home with animals has gone quiet: no news at all, or the last one more than 14 days before `today`
 * (AAAA-MM-DD). A home without animals is never stale.
 */
export function isNewsStale(ultimaNovedad: string | null, animals: number, today: string): boolean {
  if (animals === 0) return false;
  if (!ultimaNovedad) return true;
  const last = Date.parse(`${ultimaNovedad.slice(0, 10)}T00:00:00Z`);
  const now = Date.parse(`${today}T00:00:00Z`);
  return now - last > NEWS_STALE_DAYS * 86_400_000;
}
