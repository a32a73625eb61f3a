import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/** How long typing pauses before the address (and so the search) follows the box. */
export const URL_SEARCH_DELAY_MS = 300;

/**
 * A search box whose text is kept in the address: the box shows what is typed at once (`draft`), the address
 * follows after a pause (`writeToUrl`), and when the address changes by other means (back button, a link,
 * 'Limpiar filtros') the box follows it.
 */
export function useUrlSearch(valueInUrl: string, writeToUrl: (value: string) => void, delayMs = URL_SEARCH_DELAY_MS) {
  const [draft, setDraft] = useState(valueInUrl);
  const [lastSeen, setLastSeen] = useState(valueInUrl);
  if (valueInUrl !== lastSeen) {
    setLastSeen(valueInUrl);
    setDraft(valueInUrl);
  }
  const writeLater = useDebouncedCallback(writeToUrl, delayMs);
  /** The box changed: show it now, write it to the address after the pause. */
  const change = (next: string) => {
    setDraft(next);
    writeLater(next);
  };
  /** Empties the box and drops a pending write; the caller clears the address (alone or with other filters). */
  const reset = () => {
    writeLater.cancel();
    setDraft('');
  };
  return { draft, change, reset };
}
