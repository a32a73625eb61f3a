import { defaultLayoutSettings, type LayoutSettings } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import {
  LAYOUT_SETTINGS_STORAGE_KEY,
  createLayoutSettingsStore,
  loadLayoutSettings,
  parseLayoutSettings,
  saveLayoutSettings,
  type SettingsStorage,
} from './layout-settings';

function createMemoryStorage(initial: Record<string, string> = {}): SettingsStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

const customSettings: LayoutSettings = {
  sidebarVisibleMobile: false,
  sidebarVisibleDesktop: false,
  sidebarMini: true,
  headerFixed: false,
  mainContent: 'narrow',
  pageLoader: true,
};

describe('parseLayoutSettings', () => {
  it('uses the defaults when nothing was stored', () => {
    expect(parseLayoutSettings(null)).toEqual(defaultLayoutSettings);
  });

  it('reads valid stored settings', () => {
    expect(parseLayoutSettings(JSON.stringify(customSettings))).toEqual(customSettings);
  });

  it.each([
    ['broken JSON', '{"sidebarMini": tr'],
    ['a JSON string', '"boxed"'],
    ['an array', '[1,2]'],
    ['null', 'null'],
    ['a wrong type', JSON.stringify({ ...customSettings, sidebarMini: 'yes' })],
    ['an unknown content width', JSON.stringify({ ...customSettings, mainContent: 'huge' })],
  ])('falls back to the defaults on %s', (_label, raw) => {
    expect(parseLayoutSettings(raw)).toEqual(defaultLayoutSettings);
  });

  it('keeps stored values and fills settings missing from an older version with defaults', () => {
    expect(parseLayoutSettings(JSON.stringify({ sidebarMini: true }))).toEqual({
      ...defaultLayoutSettings,
      sidebarMini: true,
    });
  });

  it('drops unknown keys', () => {
    expect(parseLayoutSettings(JSON.stringify({ ...customSettings, theme: 'pink' }))).toEqual(customSettings);
  });
});

describe('loading and saving', () => {
  it('round-trips through storage', () => {
    const storage = createMemoryStorage();
    saveLayoutSettings(storage, customSettings);
    expect(storage.data.has(LAYOUT_SETTINGS_STORAGE_KEY)).toBe(true);
    expect(loadLayoutSettings(storage)).toEqual(customSettings);
  });

  it('survives storage that throws', () => {
    const broken: SettingsStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadLayoutSettings(broken)).toEqual(defaultLayoutSettings);
    expect(() => saveLayoutSettings(broken, customSettings)).not.toThrow();
    expect(loadLayoutSettings(undefined)).toEqual(defaultLayoutSettings);
  });
});

describe('createLayoutSettingsStore', () => {
  it('starts from what was stored (settings survive a reload)', () => {
    const storage = createMemoryStorage({ [LAYOUT_SETTINGS_STORAGE_KEY]: JSON.stringify(customSettings) });
    expect(createLayoutSettingsStore(storage).getSnapshot()).toEqual(customSettings);
  });

  it('persists updates and notifies subscribers', () => {
    const storage = createMemoryStorage();
    const store = createLayoutSettingsStore(storage);
    let notified = 0;
    const unsubscribe = store.subscribe(() => {
      notified += 1;
    });

    store.update({ mainContent: 'boxed' });
    store.update((current) => ({ sidebarMini: !current.sidebarMini }));

    expect(store.getSnapshot()).toEqual({ ...defaultLayoutSettings, mainContent: 'boxed', sidebarMini: true });
    expect(notified).toBe(2);
    // A new store on the same storage is what the next page load sees.
    expect(createLayoutSettingsStore(storage).getSnapshot()).toEqual(store.getSnapshot());

    unsubscribe();
    store.update({ pageLoader: true });
    expect(notified).toBe(2);
  });

  it('rejects an invalid update and keeps the current settings', () => {
    const store = createLayoutSettingsStore(createMemoryStorage());
    const before = store.getSnapshot();
    store.update({ mainContent: 'wide' as LayoutSettings['mainContent'] });
    expect(store.getSnapshot()).toBe(before);
  });
});
