import { useCallback, useSyncExternalStore } from 'react';
import { defaultLayoutSettings, layoutSettingsSchema, type LayoutSettings } from '@refugio/contracts';

export const LAYOUT_SETTINGS_STORAGE_KEY = 'refugio-admin:layout-settings';

/** The part of `Storage` the settings need; tests pass a plain object. */
export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Turns what was stored into settings. Stored values are merged over the defaults first so that a
 * setting added in a later release does not throw away the others; anything invalid (garbage JSON,
 * a wrong type, an unknown width) falls back to the defaults as a whole.
 */
export function parseLayoutSettings(raw: string | null): LayoutSettings {
  if (raw === null) return defaultLayoutSettings;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return defaultLayoutSettings;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return defaultLayoutSettings;
  const result = layoutSettingsSchema.safeParse({ ...defaultLayoutSettings, ...stored });
  return result.success ? result.data : defaultLayoutSettings;
}

export function loadLayoutSettings(storage: SettingsStorage | undefined): LayoutSettings {
  try {
    return parseLayoutSettings(storage?.getItem(LAYOUT_SETTINGS_STORAGE_KEY) ?? null);
  } catch {
    // Storage can throw (disabled cookies, privacy modes); the app still works with defaults.
    return defaultLayoutSettings;
  }
}

export function saveLayoutSettings(storage: SettingsStorage | undefined, settings: LayoutSettings): void {
  try {
    storage?.setItem(LAYOUT_SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Full or unavailable storage only costs persistence, never the change on screen.
  }
}

export type LayoutSettingsUpdate = Partial<LayoutSettings> | ((current: LayoutSettings) => Partial<LayoutSettings>);

export interface LayoutSettingsStore {
  getSnapshot: () => LayoutSettings;
  subscribe: (listener: () => void) => () => void;
  update: (change: LayoutSettingsUpdate) => void;
  /** Re-reads storage, e.g. after another tab changed it. */
  reload: () => void;
}

export function createLayoutSettingsStore(storage: SettingsStorage | undefined): LayoutSettingsStore {
  let current = loadLayoutSettings(storage);
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  return {
    getSnapshot: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update: (change) => {
      const partial = typeof change === 'function' ? change(current) : change;
      const next = layoutSettingsSchema.safeParse({ ...current, ...partial });
      if (!next.success) return;
      current = next.data;
      saveLayoutSettings(storage, current);
      notify();
    },
    reload: () => {
      current = loadLayoutSettings(storage);
      notify();
    },
  };
}

function getBrowserStorage(): SettingsStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const layoutSettingsStore = createLayoutSettingsStore(getBrowserStorage());

if (typeof window !== 'undefined') {
  // Keeps several open tabs in step with the one where the setting was changed.
  window.addEventListener('storage', (event) => {
    if (event.key === LAYOUT_SETTINGS_STORAGE_KEY) layoutSettingsStore.reload();
  });
}

/** The layout settings and a function to change some of them; changes persist in localStorage. */
export function useLayoutSettings(): [LayoutSettings, (change: LayoutSettingsUpdate) => void] {
  const settings = useSyncExternalStore(layoutSettingsStore.subscribe, layoutSettingsStore.getSnapshot);
  const update = useCallback((change: LayoutSettingsUpdate) => layoutSettingsStore.update(change), []);
  return [settings, update];
}
