import { useSyncExternalStore } from 'react';

/**
 * The records a person has just marked 'Hecho': shown as done at once, while the mark travels (it is sent at
 * once, and outlives the page) and until the lists have read the records again, so nothing comes back for a
 * moment under the finger.
 */
const shown = new Map<number, number>();
const listeners = new Set<() => void>();
let snapshot: ReadonlySet<number> = new Set();

function changed() {
  snapshot = new Set(shown.keys());
  listeners.forEach((listener) => listener());
}

/** Shows `recordId` as done until the matching `stopShowingAsDone` (marks of the same record are counted). */
export function showAsDone(recordId: number) {
  shown.set(recordId, (shown.get(recordId) ?? 0) + 1);
  changed();
}

export function stopShowingAsDone(recordId: number) {
  const count = shown.get(recordId) ?? 0;
  if (count <= 1) shown.delete(recordId);
  else shown.set(recordId, count - 1);
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The records just marked 'Hecho' whose lists have not read them again yet (shown as done meanwhile). */
export function useMarkingDoneIds(): ReadonlySet<number> {
  return useSyncExternalStore(subscribe, () => snapshot);
}
