import { createLiveCache } from '../../lib/live-cache';
import type { ChangeFeed } from '../../plugins/changes';

/** The columns that decide whether a pet is public. */
export interface PetVisibilityRow {
  estado: string;
  publicarEn: Date | null;
  adoptado: boolean;
  deletedAt: Date | null;
}

/**
 * From when a pet is public (DESIGN section 7: published, or scheduled and its time has come; neither adopted
 * nor deleted), in epoch milliseconds: -Infinity when it already is for good, null when it is not and will not
 * become so by itself (a draft, an adopted or deleted pet, one that does not exist).
 */
export function publicFrom(row: PetVisibilityRow | undefined): number | null {
  if (!row || row.deletedAt || row.adoptado) return null;
  if (row.estado === 'publicada') return Number.NEGATIVE_INFINITY;
  if (row.estado === 'programada' && row.publicarEn) return row.publicarEn.getTime();
  return null;
}

/**
 * "Is pet N public?" for every media request, without a database round trip each time: the answer is read once
 * and kept until the pet changes, on any instance (the change feed, plugins/changes.ts), or at most 5 minutes.
 * What is kept is the moment the pet becomes public, so a scheduled pet turns public at its second from memory.
 * While the feed is down every request reads the database.
 */
export function createPetVisibility(options: {
  changes: ChangeFeed;
  load: (petId: number) => Promise<PetVisibilityRow | undefined>;
  maxEntries?: number;
  clock?: () => number;
}) {
  const clock = options.clock ?? Date.now;
  const cache = createLiveCache<number, number | null>(options.changes, {
    maxEntries: options.maxEntries ?? 10_000,
    ttlMs: 5 * 60_000,
    dependsOn: 'pet',
    clock,
  });

  return {
    async isPublic(petId: number): Promise<boolean> {
      const from = await cache.get(petId, async () => ({ value: publicFrom(await options.load(petId)) }));
      return from !== null && clock() >= from;
    },
    /** The answer held in memory, or undefined when knowing it would take a database lookup. */
    isPublicFromMemory(petId: number): boolean | undefined {
      const held = cache.peek(petId);
      if (!held) return undefined;
      return held.value !== null && clock() >= held.value;
    },
    size: () => cache.size(),
  };
}

export type PetVisibility = ReturnType<typeof createPetVisibility>;
