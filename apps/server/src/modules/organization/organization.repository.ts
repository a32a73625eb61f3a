import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orgSetting } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import { ORGANIZATION_SETTING_KEY, type StoredOrganization } from './organization-settings';

function organizationQueries(db: Database) {
  return {
    /** Inside a transaction: the saved row locked (or, before the first save, the key's advisory lock). */
    async lock(): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`org_setting:${ORGANIZATION_SETTING_KEY}`}))`);
    },

    async save(value: StoredOrganization): Promise<void> {
      const valor = JSON.stringify(value);
      await db.insert(orgSetting).values({ clave: ORGANIZATION_SETTING_KEY, valor }).onConflictDoUpdate({ target: orgSetting.clave, set: { valor } });
    },
  };
}

export type OrganizationRepository = Transactional<ReturnType<typeof organizationQueries>>;

export function createOrganizationRepository(db: Database): OrganizationRepository {
  return transactional(db, organizationQueries);
}
