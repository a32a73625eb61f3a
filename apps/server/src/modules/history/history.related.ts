import type { Database } from '../../db/client';

/*
 * Records whose events belong in a pet's or a person's history besides the pet's and the person's own (a pet's
 * follow-ups after its adoption): the module that owns them registers which of its records concern a pet or persons.
 */

export interface RelatedHistory {
  entidad: string;
  /** The ids of the records of `entidad` about the pet. */
  ofPet(handle: Database, petId: number): Promise<(string | number)[]>;
  /** The ids of the records of `entidad` about these persons (a person and those merged into it). */
  ofPersons(handle: Database, personaIds: number[]): Promise<(string | number)[]>;
}

/** The registry of related records, one per app (history.module.ts): modules register theirs through the history port. */
export function createRelatedHistory() {
  const related = new Map<string, RelatedHistory>();
  return {
    register(entry: RelatedHistory): void {
      related.set(entry.entidad, entry);
    },
    /** The related records of a pet (`mascota`) or of persons (`persona`), as filters of the history's list. */
    async recordsOf(handle: Database, of: { petId: number } | { personaIds: number[] }): Promise<{ entidad: string; ids: string[] }[]> {
      const out: { entidad: string; ids: string[] }[] = [];
      for (const entry of related.values()) {
        const ids = 'petId' in of ? await entry.ofPet(handle, of.petId) : await entry.ofPersons(handle, of.personaIds);
        if (ids.length > 0) out.push({ entidad: entry.entidad, ids: ids.map(String) });
      }
      return out;
    },
  };
}

export type RelatedHistoryRegistry = ReturnType<typeof createRelatedHistory>;
