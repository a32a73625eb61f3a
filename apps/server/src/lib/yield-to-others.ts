/**
 * Lets everything else waiting in this process run before going on: incoming requests, timers, and queries
 * queued for the database connection. A long loop of awaited database calls can otherwise run as one unbroken
 * chain of promise callbacks (PGlite runs every query in this process, on its one connection), so nothing else
 * is read from the network until it ends. Call it between the steps of long work (a bulk action's pets).
 */
export function yieldToOthers(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
