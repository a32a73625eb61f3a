import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizationRole } from '../../db/schema';
import { createRolesRepository } from './roles.repository';
import { effectiveCapabilities } from './roles.service';

/** What an organisation role means for the users who have it: the session resolves it, the users module assigns it. */
export interface ResolvedRole {
  id: number;
  nombre: string;
  basadoEn: string;
  capacidades: string[];
  enmascarar: boolean;
}

/** What other parts of the server ask of the organisation's roles (DESIGN section 9: one public face). */
export function createRolesPort(db: Database) {
  const resolved = (row: typeof organizationRole.$inferSelect): ResolvedRole => ({
    id: row.id,
    nombre: row.nombre,
    basadoEn: row.basadoEn,
    capacidades: effectiveCapabilities(row),
    enmascarar: row.enmascarar,
  });
  return {
    /** The role as a session sees it, or undefined when it no longer exists. */
    async resolve(id: number): Promise<ResolvedRole | undefined> {
      const [row] = await db.select().from(organizationRole).where(eq(organizationRole.id, id)).limit(1);
      return row ? resolved(row) : undefined;
    },
    /**
     * Inside the caller's transaction (`executor`): the role being assigned to a user, share-locked so that it
     * cannot be deleted before the assignment commits; undefined when it does not exist.
     */
    async forAssignment(executor: Database, id: number): Promise<ResolvedRole | undefined> {
      const row = await createRolesRepository(executor).findForShare(id);
      return row ? resolved(row) : undefined;
    },
  };
}

export type RolesPort = ReturnType<typeof createRolesPort>;
