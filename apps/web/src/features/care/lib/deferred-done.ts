import { useSyncExternalStore } from 'react';

/**
 * Marking a dose done is sent a few seconds late, so that 'Deshacer' in its toast undoes it without a second
 * change on the server (the next dose of a repeating record is planned only when the mark is really sent).
 * While waiting, the record is shown as done; leaving the page sends what is waiting (`keepalive`), so a
 * mark is never lost by closing the tab.
 */
interface Waiting {
  timer: ReturnType<typeof setTimeout>;
  send: (options: { keepalive: boolean }) => void;
}

const waiting = new Map<number, Waiting>();
const listeners = new Set<() => void>();
let snapshot: ReadonlySet<number> = new Set();

function changed() {
  snapshot = new Set(waiting.keys());
  listeners.forEach((listener) => listener());
}

/** Waits `delayMs`, then calls `send`; returns the undo (true when it was still waiting). */
export function deferDone(recordId: number, delayMs: number, send: Waiting['send']): () => boolean {
  waiting.get(recordId)?.send({ keepalive: false });
  const timer = setTimeout(() => {
    waiting.delete(recordId);
    changed();
    send({ keepalive: false });
  }, delayMs);
  waiting.set(recordId, { timer, send });
  changed();
  return () => {
    const entry = waiting.get(recordId);
    if (!entry) return false;
    clearTimeout(entry.timer);
    waiting.delete(recordId);
    changed();
    return true;
  };
}

/** Sends everything waiting now (the page is being left). */
export function flushDeferredDone() {
  for (const [id, entry] of [...waiting]) {
    clearTimeout(entry.timer);
    waiting.delete(id);
    entry.send({ keepalive: true });
  }
  changed();
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flushDeferredDone);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The records whose 'Hecho' is waiting to be sent (shown as done meanwhile). */
export function useDeferredDoneIds(): ReadonlySet<number> {
  return useSyncExternalStore(subscribe, () => snapshot);
}
