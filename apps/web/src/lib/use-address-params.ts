import { useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The address's parameters, with updates that build on each other. React Router's functional update is handed the
 * address of the last render, not of the last update: a filter chosen and then a search written before the screen
 * renders again (the search box writes after a pause, and on a busy machine the filter's navigation may still be
 * loading then) would drop the filter. Here each update starts from the one before it until the address shows it, or
 * moves elsewhere (the back button, a link).
 */
export function useAddressParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const shown = searchParams.toString();
  // The last update asked for (`to`) and the address shown when it was asked (`from`).
  const pending = useRef<{ from: string; to: string } | null>(null);
  useEffect(() => {
    if (pending.current && pending.current.from !== shown) pending.current = null;
  }, [shown]);

  const update = (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
    const base = pending.current?.from === shown ? pending.current.to : shown;
    const next = change(new URLSearchParams(base));
    pending.current = { from: shown, to: next.toString() };
    setSearchParams(next, options);
  };
  return [searchParams, update] as const;
}
