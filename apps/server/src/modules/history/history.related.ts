import type { Database } from '../../db/client';

/*
 * Records whose events belong in a pet's or a person's history besides the pet's and the person's own (a pet's
 * follow-ups after its adoption): the module that owns them registers which of its records concern a pet or persons.
 */

export interface RelatedHistory {
  entidad: string;
  /**
   * Only administrators see these events in a pet's or a person's history (fees and gifts: the team sees no money,
   * DESIGN section 20). The audit (`/api/auditoria`) is for administrators and lists them anyway.
   */
  adminOnly?: boolean;
  /** The ids of the records of `entidad` about the pet. */
  ofPet(handle: Database, petId: number): Promise<(string | number)[]>;
  /** The ids of the records of `entidad` about these persons (a person and those merged into it). */
  ofPersons(handle: Database, personaIds: number[]): Promise<(string | number)[]>;
}

/** Who reads a history: an administrator sees the related records registered `adminOnly` too. */
export interface HistoryViewer {
  admin: boolean;
}

/** The registry of related records, one per app (history.module.ts): modules register theirs through the history port. */
export function createRelatedHistory() {
  const related = new Map<string, RelatedHistory>();
  return {
    register(entry: RelatedHistory): void {
      related.set(entry.entidad, entry);
    },
    /**
     * The related records of a pet (`mascota`) or of persons (`persona`), as filters of the history's list; those
     * registered `adminOnly` only for an administrator (`viewer.admin`).
     */
    async recordsOf(
      handle: Database,
      of: { petId: number } | { personaIds: number[] },
      viewer: HistoryViewer,
    ): Promise<{ entidad: string; ids: string[] }[]> {
      const out: { entidad: string; ids: string[] }[] = [];
      for (const entry of related.values()) {
        if (entry.adminOnly && !viewer.admin) continue;
        const ids = 'petId' in of ? await entry.ofPet(handle, of.petId) : await entry.ofPersons(handle, of.personaIds);
        if (ids.length > 0) out.push({ entidad: entry.entidad, ids: ids.map(String) });
      }
      return out;
    },
  };
}

export type RelatedHistoryRegistry = ReturnType<typeof createRelatedHistory>;
