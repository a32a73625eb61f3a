import type { OrganizationSettings } from '@refugio/contracts';
import type { Config } from '../config';

/**
 * The organisation's settings (time zone, public contact), read through this one function wherever the server
 * needs them. Today they come from the environment (ORG_TIME_ZONE, ORG_NAME, ORG_CONTACT_EMAIL,
 * ORG_CONTACT_PHONE); a settings screen can later keep them in the database without changing any caller.
 */
export function createOrganizationSettings(config: Pick<Config, 'orgTimeZone' | 'orgContact'>) {
  return {
    async get(): Promise<OrganizationSettings> {
      return { zonaHoraria: config.orgTimeZone, contacto: { ...config.orgContact } };
    },
  };
}

export type OrganizationSettingsSource = ReturnType<typeof createOrganizationSettings>;
