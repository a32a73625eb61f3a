import { NO_SHELTER_CAPACITY, ORGANIZATION_CAPACITY_MAX, type OrganizationSettings, PET_TYPES, type ShelterCapacity } from '@refugio/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { orgSetting } from '../../db/schema';

/** The `org_setting` row that keeps what administrators saved on "Configuración" (one JSON value, saved whole). */
export const ORGANIZATION_SETTING_KEY = 'organizacion';

/** What administrators save: every field, null when left empty. */
export interface StoredOrganization {
  nombre: string | null;
  email: string | null;
  telefono: string | null;
  direccion: string | null;
  web: string | null;
  zonaHoraria: string;
  /** The fiscal data (DESIGN section 15); values saved before they existed read as null and false. */
  nif: string | null;
  /** Whether gifts are deductible under Ley 49/2002. */
  ley49: boolean;
  registroEntidades: string | null;
  nucleoZoologico: string | null;
  /** The SEPA creditor identifier (AT-02), normalised. */
  acreedorSepa: string | null;
  /** The IBAN of the account the SEPA direct debits are paid into (electronic format). */
  ibanAcreedor: string | null;
  /**
   * Whether Voluntariado sees the phone and address of the foster home of a pet it works with (DESIGN section 20's
   * exception to its masking); off until an administrator turns it on.
   */
  contactoAcogidaVoluntariado: boolean;
  /** The shelter's places per species (null: no limit written); values saved before it existed read as no limit. */
  capacidad: ShelterCapacity;
  /** 0 for the environment's values; each save adds one. */
  version: number;
}

/** The fiscal data before an administrator writes it. */
const NO_FISCAL_DATA = { nif: null, ley49: false, registroEntidades: null, nucleoZoologico: null, acreedorSepa: null, ibanAcreedor: null } as const;

/** The capacity as stored: each species an integer within 0..ORGANIZATION_CAPACITY_MAX, anything else no limit. */
function parseCapacity(value: unknown): ShelterCapacity {
  const out: ShelterCapacity = { ...NO_SHELTER_CAPACITY };
  if (typeof value !== 'object' || value === null) return out;
  for (const especie of PET_TYPES) {
    const n = (value as Record<string, unknown>)[especie];
    if (typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= ORGANIZATION_CAPACITY_MAX) out[especie] = n;
  }
  return out;
}

/** The stored value, or null when there is none or it cannot be read (then the environment's defaults apply). */
export function parseStoredOrganization(valor: string | undefined): StoredOrganization | null {
  if (!valor) return null;
  try {
    const parsed = JSON.parse(valor) as Partial<StoredOrganization>;
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.zonaHoraria !== 'string') return null;
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    return {
      nombre: text(parsed.nombre),
      email: text(parsed.email),
      telefono: text(parsed.telefono),
      direccion: text(parsed.direccion),
      web: text(parsed.web),
      zonaHoraria: parsed.zonaHoraria,
      nif: text(parsed.nif),
      ley49: parsed.ley49 === true,
      registroEntidades: text(parsed.registroEntidades),
      nucleoZoologico: text(parsed.nucleoZoologico),
      acreedorSepa: text(parsed.acreedorSepa),
      ibanAcreedor: text(parsed.ibanAcreedor),
      contactoAcogidaVoluntariado: parsed.contactoAcogidaVoluntariado === true,
      capacidad: parseCapacity(parsed.capacidad),
      version: typeof parsed.version === 'number' ? parsed.version : 1,
    };
  } catch {
    return null;
  }
}

/**
 * The organisation's settings (name, contact, time zone), read through this one function wherever the server
 * needs them. Until an administrator saves them on "Configuración" they come from the environment (ORG_NAME,
 * ORG_CONTACT_EMAIL, ORG_CONTACT_PHONE, ORG_TIME_ZONE); afterwards from the database, so every instance reads the
 * same values at once (one primary-key read: no cache to keep in step). Without `db` only the environment counts.
 */
export function createOrganizationSettings(
  config: Pick<Config, 'orgTimeZone' | 'orgContact'> & Partial<Pick<Config, 'smtpUrl' | 'mailFrom'>>,
  db?: Pick<Database, 'select'>,
) {
  const correoConfigurado = Boolean(config.smtpUrl && config.mailFrom);
  function fromEnvironment(): StoredOrganization {
    return {
      ...config.orgContact,
      direccion: null,
      web: null,
      zonaHoraria: config.orgTimeZone,
      ...NO_FISCAL_DATA,
      contactoAcogidaVoluntariado: false,
      capacidad: { ...NO_SHELTER_CAPACITY },
      version: 0,
    };
  }
  /** The saved settings, or the environment's when none were saved. `handle` reads inside a caller's transaction. */
  async function stored(handle: Pick<Database, 'select'> | undefined = db): Promise<StoredOrganization> {
    if (!handle) return fromEnvironment();
    const [row] = await handle.select({ valor: orgSetting.valor }).from(orgSetting).where(eq(orgSetting.clave, ORGANIZATION_SETTING_KEY));
    return parseStoredOrganization(row?.valor) ?? fromEnvironment();
  }
  return {
    stored,
    /** The organisation's time zone: the one saved on "Configuración", or ORG_TIME_ZONE until one is saved. */
    async timeZone(handle?: Pick<Database, 'select'>): Promise<string> {
      return (await stored(handle)).zonaHoraria;
    },
    async get(handle?: Pick<Database, 'select'>): Promise<OrganizationSettings> {
      const org = await stored(handle);
      return { ...org, contacto: { nombre: org.nombre, email: org.email, telefono: org.telefono }, correoConfigurado };
    },
  };
}

export type OrganizationSettingsSource = ReturnType<typeof createOrganizationSettings>;

/**
 * Where a day computation reads the organisation's time zone (read when needed: an administrator may change it).
 * Inside a transaction pass its handle (on PGlite a read beside the transaction would wait for it).
 */
export type TimeZoneSource = (handle?: Pick<Database, 'select'>) => Promise<string>;

/** The organisation's time zone as every module reads it: the saved one, or ORG_TIME_ZONE until one is saved. */
export function organizationTimeZone(config: Parameters<typeof createOrganizationSettings>[0], db: Pick<Database, 'select'>): TimeZoneSource {
  const settings = createOrganizationSettings(config, db);
  return (handle) => settings.timeZone(handle);
}
