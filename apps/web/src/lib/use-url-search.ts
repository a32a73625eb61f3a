import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/** How long typing pauses before the address (and so the search) follows the box. */
export const URL_SEARCH_DELAY_MS = 300;

/**
 * A search box whose text is kept in the address: the box shows what is typed at once (`draft`), the address
 * follows after a pause (`writeToUrl`), and when the address changes by other means (back button, a link,
 * 'Limpiar filtros') the box follows it. The address catching up with the box's own write never undoes what was
 * typed since (on a busy machine the address may arrive after the next keystroke).
 */
export function useUrlSearch(valueInUrl: string, writeToUrl: (value: string) => void, delayMs = URL_SEARCH_DELAY_MS) {
  const [draft, setDraft] = useState(valueInUrl);
  const [lastSeen, setLastSeen] = useState(valueInUrl);
  // The value this box last wrote: when the address catches up with it, whatever was typed since stays.
  const [ownWrite, setOwnWrite] = useState<string | null>(null);
  if (valueInUrl !== lastSeen) {
    setLastSeen(valueInUrl);
    setOwnWrite(null);
    if (valueInUrl !== ownWrite) setDraft(valueInUrl);
  }
  const writeLater = useDebouncedCallback((value: string) => {
    setOwnWrite(value);
    writeToUrl(value);
  }, delayMs);
  /** The box changed: show it now, write it to the address after the pause. */
  const change = (next: string) => {
    setDraft(next);
    writeLater(next);
  };
  /** Empties the box and drops a pending write; the caller clears the address (alone or with other filters). */
  const reset = () => {
    writeLater.cancel();
    setOwnWrite(null);
    setDraft('');
  };
  return { draft, change, reset };
}
