import { useEffect, useState } from 'react';

export type Resource<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'success'; data: T };

/** Loads `load()` whenever `key` changes, aborting the previous load; keeps the last data while the next loads. */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Resource<T> & { reloading: boolean; retry: () => void } {
  const [state, setState] = useState<{ key: string; resource: Resource<T> }>({ key: '', resource: { status: 'loading' } });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ key, resource: { status: 'success', data } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, resource: { status: 'error', error } });
      },
    );
    return () => controller.abort();
    // `load` is a new function every render; the key says when the data to load changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  return { ...state.resource, reloading: state.key !== key, retry: () => setAttempt((n) => n + 1) };
}
