import type { ChangeFeed, ChangedPets } from '../plugins/changes';

export interface LiveCacheOptions {
  /** Entries kept at most (the oldest go first). */
  maxEntries: number;
  /** The longest an entry is kept, whatever the feed says: a bound on the damage of a change nobody announced. */
  ttlMs: number;
  /**
   * Which entries a change of some pets drops: 'pet' (an entry belongs to the pet it is keyed by: drop those of
   * the changed pets) or 'any' (an entry may show any pet: a change of any pet drops them all).
   */
  dependsOn: 'pet' | 'any';
  clock?: () => number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/** What a load returns: the value, and (optionally) the moment it stops being true by itself. */
export interface Loaded<V> {
  value: V;
  /** Epoch milliseconds, e.g. when a scheduled pet becomes public. */
  expiresAt?: number;
}

/**
 * A read-through cache kept right by the change feed: an entry is dropped as soon as this instance hears that
 * its pet changed (or any pet, for `dependsOn: 'any'`), when its own `expiresAt` passes, and after `ttlMs`.
 * While the feed is not live nothing is served from or stored in memory. A load that was under way when a
 * change arrived is not stored (it may have read the old row). Concurrent misses of one key share one load.
 * Failures (a 404 included) are never cached.
 */
export function createLiveCache<K extends string | number, V>(feed: ChangeFeed, options: LiveCacheOptions) {
  const clock = options.clock ?? Date.now;
  const entries = new Map<K, Entry<V>>();
  const loading = new Map<K, { generation: number; promise: Promise<V> }>();
  let generation = 0;

  feed.onPets((pets: ChangedPets) => {
    generation += 1;
    if (pets === 'all' || options.dependsOn === 'any') {
      entries.clear();
      loading.clear();
      return;
    }
    for (const id of pets) {
      entries.delete(id as K);
      loading.delete(id as K);
    }
  });

  async function load(key: K, loader: () => Promise<Loaded<V>>): Promise<V> {
    const startedIn = generation;
    const loaded = await loader();
    if (startedIn === generation && feed.live) {
      const now = clock();
      entries.delete(key);
      entries.set(key, { value: loaded.value, expiresAt: Math.min(now + options.ttlMs, loaded.expiresAt ?? Number.POSITIVE_INFINITY) });
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    }
    return loaded.value;
  }

  return {
    /** The cached value of `key`, or `loader`'s (stored when the feed allows). */
    get(key: K, loader: () => Promise<Loaded<V>>): Promise<V> {
      if (!feed.live) return loader().then((l) => l.value);
      const hit = entries.get(key);
      if (hit) {
        if (hit.expiresAt > clock()) return Promise.resolve(hit.value);
        entries.delete(key);
      }
      const pending = loading.get(key);
      if (pending && pending.generation === generation) return pending.promise;
      const promise = load(key, loader);
      const mine = { generation, promise };
      loading.set(key, mine);
      const done = () => {
        if (loading.get(key) === mine) loading.delete(key);
      };
      promise.then(done, done);
      return promise;
    },
    /** The value held in memory for `key`, or undefined when reading it would call the loader. */
    peek(key: K): { value: V } | undefined {
      if (!feed.live) return undefined;
      const hit = entries.get(key);
      return hit && hit.expiresAt > clock() ? { value: hit.value } : undefined;
    },
    size: () => entries.size,
  };
}

export type LiveCache<K extends string | number, V> = ReturnType<typeof createLiveCache<K, V>>;
