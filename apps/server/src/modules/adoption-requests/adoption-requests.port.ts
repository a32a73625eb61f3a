import { and, desc, eq } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js/max';
import type { Database } from '../../db/client';
import { normalisePhone } from '../../lib/contact';
import { adoptionRequest } from '../../db/schema';

/*
 * What other modules may ask of an adoption request: the few facts a contract needs (its state, pet and person),
 * read on the caller's handle; `lock` holds the row until the caller's transaction ends (two "Preparar contrato"
 * at once prepare one after the other).
 */

export interface RequestForContract {
  id: number;
  estado: string;
  petId: number;
  personaId: number | null;
}

async function requestForContract(executor: Database, id: number, options: { lock?: boolean } = {}): Promise<RequestForContract | undefined> {
  const query = executor
    .select({ id: adoptionRequest.id, estado: adoptionRequest.estado, petId: adoptionRequest.petId, personaId: adoptionRequest.personaId })
    .from(adoptionRequest)
    .where(eq(adoptionRequest.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Where everything about an application goes: its applicant's name and contact. */
export interface ApplicationContact {
  solicitudId: number;
  nombre: string;
  email: string | null;
  telefono: string | null;
  /** Staff confirmed this contact instead of the one the application gave. */
  confirmado: boolean;
}

const contactColumns = {
  id: adoptionRequest.id,
  nombre: adoptionRequest.nombre,
  email: adoptionRequest.email,
  telefono: adoptionRequest.telefono,
  contactoEmail: adoptionRequest.contactoEmail,
  contactoTelefono: adoptionRequest.contactoTelefono,
  contactoConfirmadoEn: adoptionRequest.contactoConfirmadoEn,
};

function toContact(
  row: {
    id: number;
    nombre: string;
    email: string;
    telefono: string;
    contactoEmail: string | null;
    contactoTelefono: string | null;
    contactoConfirmadoEn: Date | null;
  },
  country: CountryCode,
): ApplicationContact {
  const confirmado = row.contactoConfirmadoEn !== null;
  const blankAsNull = (v: string | null) => (v && v.trim() !== '' ? v.trim() : null);
  const telefono = blankAsNull(confirmado ? row.contactoTelefono : row.telefono);
  return {
    solicitudId: row.id,
    nombre: row.nombre,
    email: blankAsNull(confirmado ? row.contactoEmail : row.email)?.toLowerCase() ?? null,
    // Applications stored before phones were normalised: read as the organisation's country reads them.
    telefono: telefono ? (normalisePhone(telefono, country) ?? telefono) : null,
    confirmado,
  };
}

/**
 * The contact of an application (DESIGN section 10, hardened): the one its applicant gave, or the one staff
 * confirmed instead. Never the person's stored contact: the person may have been linked by someone else's data.
 */
async function applicationContact(executor: Database, solicitudId: number, country: CountryCode): Promise<ApplicationContact | undefined> {
  const [row] = await executor.select(contactColumns).from(adoptionRequest).where(eq(adoptionRequest.id, solicitudId));
  return row ? toContact(row, country) : undefined;
}

/** The contact of the approved application that an adoption of `petId` by `personaId` came from (the latest), if any. */
async function adoptionContact(executor: Database, petId: number, personaId: number, country: CountryCode): Promise<ApplicationContact | undefined> {
  const [row] = await executor
    .select(contactColumns)
    .from(adoptionRequest)
    .where(and(eq(adoptionRequest.petId, petId), eq(adoptionRequest.personaId, personaId), eq(adoptionRequest.estado, 'aprobada')))
    .orderBy(desc(adoptionRequest.updatedAt), desc(adoptionRequest.id))
    .limit(1);
  return row ? toContact(row, country) : undefined;
}

/** The port, built once (adoption-requests.module.ts), bound to the organisation's country (ORG_COUNTRY). */
export function createAdoptionRequestsPort(country: CountryCode) {
  return {
    requestForContract,
    applicationContact: (executor: Database, solicitudId: number) => applicationContact(executor, solicitudId, country),
    adoptionContact: (executor: Database, petId: number, personaId: number) => adoptionContact(executor, petId, personaId, country),
  };
}

export type AdoptionRequestsPort = ReturnType<typeof createAdoptionRequestsPort>;
