import { type DestinationStream, destination } from 'pino';

/** How long a log line may wait in memory before it is written. */
const FLUSH_EVERY_MS = 100;
/** Lines are written together once this many bytes wait (about 25 access-log lines). */
const WRITE_AT_BYTES = 4096;
/** pino's number for `warn`: such lines and worse are written at once. */
const WARN = 40;

export interface LogDestination {
  stream: DestinationStream;
  /** Writes whatever waits, now (before an error is reported, at shutdown). */
  flush(): void;
  close(): void;
}

/**
 * Standard output for the server's log, written in batches instead of one blocking write per line: on a small
 * request the synchronous write of its access-log line was the largest single cost (bench README, "Where the
 * milliseconds of a request went"). A line waits at most FLUSH_EVERY_MS; a warning or an error is written at once,
 * with everything waiting before it; at exit (a crash included) pino writes what waits. Only a kill -9 can
 * lose the last FLUSH_EVERY_MS of access lines.
 */
export function createLogDestination(): LogDestination {
  const stream = destination({ dest: 1, sync: false, minLength: WRITE_AT_BYTES });
  const timer = setInterval(() => stream.flush(), FLUSH_EVERY_MS);
  timer.unref();
  const flush = () => {
    try {
      stream.flushSync();
    } catch {
      // Not open yet, or already closed: pino's own exit handler writes what waits.
    }
  };
  return {
    stream,
    flush,
    close() {
      clearInterval(timer);
      flush();
    },
  };
}

/** pino's `hooks.logMethod` for this destination: a warning or an error reaches the output before the call returns. */
export function flushOnWarning(log: LogDestination) {
  return function logMethod(this: unknown, args: Parameters<typeof console.log>, method: (...args: unknown[]) => void, level: number) {
    method.apply(this, args);
    if (level >= WARN) log.flush();
  };
}
