/** How long one instance trusts what it read about a pet's publication (see `createPetVisibility`). */
export const PET_VISIBILITY_CACHE_MS = 5_000;

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

interface Entry {
  publicFrom: Promise<number | null>;
  expiresAt: number;
}

/**
 * "Is pet N public?" for every media request, without a database round trip each time: the answer is read once
 * and reused for `ttlMs` (5 s) by this instance. What is kept is the moment the pet becomes public, so a scheduled
 * pet turns public at its second even from the cache. A change made on this instance (publication, adoption,
 * deletion, a save) calls `forget(id)` and takes effect on its next request; a change made on another instance
 * is seen here within `ttlMs`. The number of pets kept is bounded (oldest out first); failed reads are not kept.
 */
export function createPetVisibility(options: {
  load: (petId: number) => Promise<PetVisibilityRow | undefined>;
  ttlMs?: number;
  maxEntries?: number;
  clock?: () => number;
}) {
  const ttlMs = options.ttlMs ?? PET_VISIBILITY_CACHE_MS;
  const maxEntries = options.maxEntries ?? 10_000;
  const clock = options.clock ?? Date.now;
  const entries = new Map<number, Entry>();

  function lookUp(petId: number): Promise<number | null> {
    const now = clock();
    const cached = entries.get(petId);
    if (cached && cached.expiresAt > now) return cached.publicFrom;
    if (cached) entries.delete(petId);
    const entry: Entry = { publicFrom: options.load(petId).then(publicFrom), expiresAt: now + ttlMs };
    if (ttlMs <= 0) return entry.publicFrom;
    entries.set(petId, entry);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entry.publicFrom.catch(() => {
      if (entries.get(petId) === entry) entries.delete(petId);
    });
    return entry.publicFrom;
  }

  return {
    async isPublic(petId: number): Promise<boolean> {
      const from = await lookUp(petId);
      return from !== null && clock() >= from;
    },
    /** After this instance changed the pet: its next request reads it again. */
    forget(petId: number): void {
      entries.delete(petId);
    },
    size: () => entries.size,
    ttlMs,
  };
}

export type PetVisibility = ReturnType<typeof createPetVisibility>;
