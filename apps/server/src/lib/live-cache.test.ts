import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangedPets } from '../plugins/changes';
import { createLiveCache } from './live-cache';

/** A change feed driven by the test: `change(...)` announces, `live` switches it. */
function fakeFeed() {
  const listeners: ((pets: ChangedPets) => void)[] = [];
  const feed = {
    live: true,
    onPets: (listener: (pets: ChangedPets) => void) => listeners.push(listener),
    petsChanged: () => Promise.resolve(),
    caughtUp: () => Promise.resolve(),
    change: (pets: ChangedPets) => listeners.forEach((l) => l(pets)),
  };
  return feed as typeof feed & ChangeFeed;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createLiveCache', () => {
  it('loads once and answers from memory until the pet changes; other pets keep their entries', async () => {
    const feed = fakeFeed();
    const cache = createLiveCache<number, string>(feed, { maxEntries: 10, ttlMs: 60_000, dependsOn: 'pet' });
    let loads = 0;
    const load = (v: string) => () => Promise.resolve({ value: `${v}${++loads}` });
    expect(await cache.get(1, load('a'))).toBe('a1');
    expect(await cache.get(1, load('a'))).toBe('a1');
    expect(await cache.get(2, load('b'))).toBe('b2');
    feed.change([1]);
    expect(await cache.get(1, load('a'))).toBe('a3');
    expect(await cache.get(2, load('b'))).toBe('b2');
    feed.change('all');
    expect(await cache.get(2, load('b'))).toBe('b4');
  });

  it("drops every entry on any pet's change when entries may show any pet", async () => {
    const feed = fakeFeed();
    const cache = createLiveCache<string, number>(feed, { maxEntries: 10, ttlMs: 60_000, dependsOn: 'any' });
    let loads = 0;
    await cache.get('page=1', () => Promise.resolve({ value: ++loads }));
    await cache.get('page=2', () => Promise.resolve({ value: ++loads }));
    feed.change([42]);
    expect(await cache.get('page=1', () => Promise.resolve({ value: ++loads }))).toBe(3);
    expect(await cache.get('page=2', () => Promise.resolve({ value: ++loads }))).toBe(4);
  });

  it('does not keep what a load read while a change arrived (it may be the old row)', async () => {
    const feed = fakeFeed();
    const cache = createLiveCache<number, string>(feed, { maxEntries: 10, ttlMs: 60_000, dependsOn: 'pet' });
    const slow = deferred<{ value: string }>();
    const first = cache.get(1, () => slow.promise);
    feed.change([1]);
    // A request that arrives after the change does not join the load that started before it.
    const fresh = cache.get(1, () => Promise.resolve({ value: 'nuevo' }));
    slow.resolve({ value: 'viejo' });
    expect(await first).toBe('viejo');
    expect(await fresh).toBe('nuevo');
    expect(await cache.get(1, () => Promise.resolve({ value: 'otra carga' }))).toBe('nuevo');
  });

  it('shares one load among concurrent misses of a key', async () => {
    const feed = fakeFeed();
    const cache = createLiveCache<number, string>(feed, { maxEntries: 10, ttlMs: 60_000, dependsOn: 'pet' });
    let loads = 0;
    const slow = deferred<{ value: string }>();
    const answers = Promise.all([1, 2, 3].map(() => cache.get(7, () => (++loads, slow.promise))));
    slow.resolve({ value: 'x' });
    expect(await answers).toEqual(['x', 'x', 'x']);
    expect(loads).toBe(1);
  });

  it('serves nothing from memory while the feed is not live, and stores nothing then', async () => {
    const feed = fakeFeed();
    const cache = createLiveCache<number, number>(feed, { maxEntries: 10, ttlMs: 60_000, dependsOn: 'pet' });
    let loads = 0;
    const load = () => Promise.resolve({ value: ++loads });
    await cache.get(1, load);
    feed.live = false;
    expect(await cache.get(1, load)).toBe(2);
    expect(await cache.get(1, load)).toBe(3);
    feed.live = true;
    feed.change('all'); // what the plugin says when the feed comes back
    expect(await cache.get(1, load)).toBe(4);
    expect(await cache.get(1, load)).toBe(4);
  });

  it('expires entries at their own time and after ttlMs, and keeps at most maxEntries', async () => {
    const feed = fakeFeed();
    let now = 1_000;
    const cache = createLiveCache<number, number>(feed, { maxEntries: 2, ttlMs: 500, dependsOn: 'pet', clock: () => now });
    let loads = 0;
    const load = (expiresAt?: number) => () => Promise.resolve({ value: ++loads, expiresAt });
    expect(await cache.get(1, load(1_100))).toBe(1);
    expect(await cache.get(2, load())).toBe(2);
    now = 1_099;
    expect(await cache.get(1, load())).toBe(1);
    now = 1_100; // a scheduled pet's publication second
    expect(await cache.get(1, load())).toBe(3);
    now = 1_501; // past the ttl of entry 2
    expect(await cache.get(2, load())).toBe(4);
    await cache.get(3, load());
    expect(cache.size()).toBe(2);
    // The oldest entry (1) went first.
    expect(await cache.get(1, load())).toBe(6);
  });

  it('caches no failure', async () => {
    const feed = fakeFeed();
    const cache = createLiveCache<number, string>(feed, { maxEntries: 10, ttlMs: 60_000, dependsOn: 'pet' });
    await expect(cache.get(1, () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(await cache.get(1, () => Promise.resolve({ value: 'ya existe' }))).toBe('ya existe');
  });
});
