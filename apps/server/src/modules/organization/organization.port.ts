import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { orgSetting } from '../../db/schema';
import { type TimeZoneSource, createOrganizationSettings } from './organization-settings';

export type { OrganizationSettingsSource, StoredOrganization, TimeZoneSource } from './organization-settings';

/*
 * What other modules may ask of the organisation (DESIGN section 10): its settings (name, contact, time zone) and
 * the other values kept in `org_setting`, which only this module writes. Built once in organization.module.ts.
 */

/** Told, in the save's transaction, when an administrator changes the time zone (the dashboard rebuilds its months). */
export type TimeZoneListener = (tx: Tx, timeZone: string) => Promise<void>;

export function createOrganizationPort(config: Parameters<typeof createOrganizationSettings>[0], db: Database) {
  const settings = createOrganizationSettings(config, db);
  const timeZoneListeners: TimeZoneListener[] = [];
  const timeZone: TimeZoneSource = (handle) => settings.timeZone(handle);
  return {
    /** The saved settings, or the environment's when none were saved (`handle`: inside a caller's transaction). */
    stored: (handle?: Pick<Database, 'select'>) => settings.stored(handle),
    get: (handle?: Pick<Database, 'select'>) => settings.get(handle),
    /** The organisation's time zone: the one saved on "Configuración", or ORG_TIME_ZONE until one is saved. */
    timeZone,
    /** Another module's value kept in `org_setting` under its own key (`undefined`: never written). */
    async setting(executor: Pick<Database, 'select'>, clave: string): Promise<string | undefined> {
      const [row] = await executor.select({ valor: orgSetting.valor }).from(orgSetting).where(eq(orgSetting.clave, clave));
      return row?.valor;
    },
    /** Writes another module's value under its key, in the caller's transaction. */
    async saveSetting(tx: Tx, clave: string, valor: string): Promise<void> {
      await tx.insert(orgSetting).values({ clave, valor }).onConflictDoUpdate({ target: orgSetting.clave, set: { valor } });
    },
    /** Subscribes to changes of the time zone made on "Configuración". */
    onTimeZoneChange(listener: TimeZoneListener): void {
      timeZoneListeners.push(listener);
    },
    /** For the organisation's service: tells the listeners, in the save's transaction. */
    async announceTimeZone(tx: Tx, zone: string): Promise<void> {
      for (const listener of timeZoneListeners) await listener(tx, zone);
    },
  };
}

export type OrganizationPort = ReturnType<typeof createOrganizationPort>;
