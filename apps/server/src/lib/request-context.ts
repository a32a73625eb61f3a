import { AsyncLocalStorage } from 'node:async_hooks';

/** What every piece of code running for one request may know about it without being handed it. */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` (and everything it starts) as part of the request `context`. */
export function runInRequestContext(context: RequestContext, work: () => void): void {
  storage.run(context, work);
}

/** The request being served, when this code runs for one (undefined in jobs, start-up and scripts). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
