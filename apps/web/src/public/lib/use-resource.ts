import { useEffect, useRef, useState } from 'react';

export type Resource<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'success'; data: T };

/**
 * Loads `load()` whenever `key` changes, aborting the previous load; keeps the last data while the next loads.
 * `initial`, asked once when the component mounts, may give the data of that first key already (e.g. sent with the
 * page's HTML): it is shown at once and not loaded again.
 */
export function useResource<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  initial?: () => T | undefined,
): Resource<T> & { reloading: boolean; retry: () => void } {
  const [state, setState] = useState<{ key: string; resource: Resource<T> }>(() => {
    const data = initial?.();
    return data === undefined ? { key: '', resource: { status: 'loading' } } : { key, resource: { status: 'success', data } };
  });
  const [attempt, setAttempt] = useState(0);
  const given = useRef(state.key);
  useEffect(() => {
    if (given.current !== '' && given.current === key && attempt === 0) return;
    given.current = '';
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
