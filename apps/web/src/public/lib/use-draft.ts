import { useEffect, useState } from 'react';

/*
 * What a visitor typed on a public form, kept in the tab's sessionStorage so that a reload does not lose it (Android
 * reloads the tab after the camera app; a phone drops a tab in the background). Only the typed fields: never the
 * photos' bytes, never the honeypot. `clear()` after a successful send forgets it. Storage that is full, disabled
 * or private just keeps nothing.
 */

const PREFIX = 'borrador:';

function read<T extends object>(key: string, empty: () => T): T {
  try {
    const saved = sessionStorage.getItem(PREFIX + key);
    if (!saved) return empty();
    const parsed = JSON.parse(saved) as unknown;
    if (!parsed || typeof parsed !== 'object') return empty();
    const base = empty();
    // Only the form's own fields, of the type they have: an old or tampered draft cannot add or retype one.
    for (const [field, value] of Object.entries(parsed)) {
      if (field in base && typeof value === typeof base[field as keyof T]) (base as Record<string, unknown>)[field] = value;
    }
    return base;
  } catch {
    return empty();
  }
}

/** The form's values, started from the tab's draft, saved as they change; `omit` names fields never kept. */
export function useDraft<T extends object>(key: string, empty: () => T, omit: readonly (keyof T)[] = []) {
  const [values, setValues] = useState<T>(() => {
    const restored = read(key, empty);
    const blank = empty();
    for (const field of omit) restored[field] = blank[field];
    return restored;
  });
  const [active, setActive] = useState(true);

  useEffect(() => {
    if (!active) return;
    try {
      const kept: Record<string, unknown> = { ...(values as Record<string, unknown>) };
      for (const field of omit) delete kept[field as string];
      sessionStorage.setItem(PREFIX + key, JSON.stringify(kept));
    } catch {
      // Nothing kept: the form still works.
    }
  }, [key, values, omit, active]);

  return {
    values,
    setValues,
    /** Forgets the draft (after the form was sent): nothing is saved again until the page is loaded anew. */
    clear: () => {
      setActive(false);
      try {
        sessionStorage.removeItem(PREFIX + key);
      } catch {
        // Nothing to forget.
      }
    },
  };
}
