import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  parsePetListColumns,
  petListColumnsStorageKey,
  readPetListColumnsRaw,
  savePetListColumns,
  type ColumnsStorage,
} from '../lib/pet-list-columns';

function browserStorage(): ColumnsStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

// Screens of this tab that show the list hear a change at once; other tabs hear it through the 'storage' event.
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(petListColumnsStorageKey(''))) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The own fields this person chose to see as columns of the pet list on this device, and a function to change the
 * choice. Without a known user (the session still loading) there is no choice, and changing it keeps nothing.
 */
export function usePetListColumns(userId: string | undefined): [string[], (claves: string[]) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => (userId ? readPetListColumnsRaw(browserStorage(), userId) : null),
    () => null,
  );
  const claves = useMemo(() => parsePetListColumns(raw), [raw]);
  const choose = useCallback(
    (next: string[]) => {
      if (!userId) return;
      savePetListColumns(browserStorage(), userId, next);
      listeners.forEach((listener) => listener());
    },
    [userId],
  );
  return [claves, choose];
}
