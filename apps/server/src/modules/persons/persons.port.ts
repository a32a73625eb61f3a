import { type FieldErrors, type HistoryActor, type HistoryValue, type PersonRole, normaliseFiscalId, personMessages } from '@refugio/contracts';
import type { CountryCode } from 'libphonenumber-js/max';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { normaliseEmail, normalisePhone } from '../../lib/contact';
import type { HistoryPort } from '../history/history.port';
import { createPersonImport } from './person-import';
import { type PersonRow, type PersonUpdate, createPersonsRepository } from './persons.repository';

/*
 * What other modules may ask of the persons module (DESIGN section 10), the only way into it from outside.
 * Every function takes the executor it runs on: the caller's transaction handle (`tx.handle`) when its writes
 * must commit with the caller's, or the app's database.
 */

/** How a message or a document addresses a person. */
export interface PersonContact {
  id: number;
  nombre: string;
  apellidos: string;
  email: string | null;
  telefono: string | null;
  consentimientos: { email: boolean; whatsapp: boolean };
  bloqueado: boolean;
  /** The identity was removed: nothing new is linked to this person. */
  anonimizada: boolean;
}

/** The person's contact data and consents, or null when there is no such person. */
async function contactOf(executor: Database, personaId: number): Promise<PersonContact | null> {
  const row = await createPersonsRepository(executor).find(personaId);
  if (!row) return null;
  return {
    id: row.id,
    nombre: row.nombre,
    apellidos: row.apellidos,
    email: row.email,
    telefono: row.telefono,
    consentimientos: { email: row.consentimientoEmail, whatsapp: row.consentimientoWhatsapp },
    bloqueado: row.bloqueado,
    anonimizada: row.anonimizadaEn !== null,
  };
}

/** What a contract names of its person: identity, document and address (null when there is no such person). */
async function identityOf(
  executor: Database,
  personaId: number,
): Promise<(PersonContact & { documento: string; nif: string | null; direccion: string; ciudad: string }) | null> {
  const row = await createPersonsRepository(executor).find(personaId);
  const contact = await contactOf(executor, personaId);
  if (!row || !contact) return null;
  return { ...contact, documento: row.documento, nif: row.nif, direccion: row.direccion, ciudad: row.ciudad };
}

/** Names of some persons (`nombre apellidos`), by id; missing ids are left out. */
async function namesOf(executor: Database, ids: number[]): Promise<Map<number, string>> {
  const rows = ids.length === 0 ? [] : await createPersonsRepository(executor).findMany([...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, `${row.nombre} ${row.apellidos}`.trim()]));
}

/** A person named by identifiers written in free text, with which of the values given name them (as given). */
export interface IdentifiedPerson {
  id: number;
  nombre: string;
  por: { tipo: 'nif' | 'email' | 'telefono'; valor: string }[];
}

/**
 * Live (not anonymised) persons whose NIF, e-mail or phone is one of these, as read in free text (a bank movement's
 * concept): each value is normalised as the persons module stores it (a phone with the organisation's country), and
 * one that is not valid is left out. Never by a name.
 */
async function byIdentifiers(
  executor: Database,
  country: CountryCode,
  ids: { nifs: string[]; emails: string[]; telefonos: string[] },
): Promise<IdentifiedPerson[]> {
  const normalised = (values: string[], normalise: (v: string) => string | null) =>
    new Map(
      values.flatMap((raw) => {
        const n = normalise(raw);
        return n ? [[raw, n] as const] : [];
      }),
    );
  const nifs = normalised(ids.nifs, normaliseFiscalId);
  const emails = normalised(ids.emails, normaliseEmail);
  const telefonos = normalised(ids.telefonos, (t) => normalisePhone(t, country));
  const rows = await createPersonsRepository(executor).byIdentifiers({
    nifs: [...new Set(nifs.values())],
    emails: [...new Set(emails.values())],
    telefonos: [...new Set(telefonos.values())],
  });
  const naming = (tipo: IdentifiedPerson['por'][number]['tipo'], values: Map<string, string>, stored: string | null) =>
    stored === null ? [] : [...values].filter(([, n]) => n === stored).map(([valor]) => ({ tipo, valor }));
  return rows.map((r) => ({
    id: r.id,
    nombre: `${r.nombre} ${r.apellidos}`.trim(),
    por: [...naming('nif', nifs, r.nif), ...naming('telefono', telefonos, r.telefono), ...naming('email', emails, r.email)],
  }));
}

/** The person's roles, or null when there is no such person (a gift asks whether its donor is a member already). */
async function rolesOf(executor: Database, personaId: number): Promise<PersonRole[] | null> {
  const row = await createPersonsRepository(executor).find(personaId);
  return row ? (row.roles as PersonRole[]) : null;
}

/**
 * Gives the person a role (a foster profile makes them `acogida`), in the caller's transaction, with its history
 * event; nothing when they have it already.
 */
async function addRole(
  history: Pick<HistoryPort, 'record'>,
  executor: Database,
  personaId: number,
  rol: PersonRole,
  actor: HistoryActor,
): Promise<void> {
  const repo = createPersonsRepository(executor);
  const row = await repo.find(personaId, { forUpdate: true });
  if (!row || row.roles.includes(rol)) return;
  const roles = [...row.roles, rol];
  await repo.update(personaId, { roles });
  await history.record(executor, {
    actor,
    entidad: 'persona',
    entidadId: personaId,
    accion: 'modificar',
    cambios: { roles: [row.roles, roles] },
  });
}

/** The persons that `personaId` may duplicate (pairs not dismissed), with why: what an application shows staff. */
async function duplicatesOf(
  executor: Database,
  personaId: number,
): Promise<{ persona: { id: number; nombre: string; email: string | null; telefono: string | null }; motivos: string[] }[]> {
  const repo = createPersonsRepository(executor);
  const pairs = await repo.duplicatesOf(personaId);
  const rows = new Map((await repo.findMany(pairs.map((p) => p.otraId))).map((r) => [r.id, r]));
  return pairs.flatMap((pair) => {
    const row = rows.get(pair.otraId);
    if (!row) return [];
    return [
      { persona: { id: row.id, nombre: `${row.nombre} ${row.apellidos}`.trim(), email: row.email, telefono: row.telefono }, motivos: pair.motivos },
    ];
  });
}

/** Not dismissed pairs of possible duplicates ("Pendientes"). */
async function openDuplicatePairs(executor: Database): Promise<number> {
  return createPersonsRepository(executor).countOpenDuplicates();
}

/** Contact data as typed, normalised: an invalid e-mail or phone throws the 400 with its field's Spanish message. */
export function normaliseContact(
  input: { email?: string | null | undefined; telefono?: string | null | undefined },
  country: CountryCode,
  fieldNames: { email: string; telefono: string } = { email: 'email', telefono: 'telefono' },
): { email: string | null; telefono: string | null } {
  const fieldErrors: FieldErrors = {};
  let email: string | null = null;
  let telefono: string | null = null;
  if (input.email && input.email.trim() !== '') {
    email = normaliseEmail(input.email);
    if (!email) fieldErrors[fieldNames.email] = personMessages.emailInvalid;
  }
  if (input.telefono && input.telefono.trim() !== '') {
    telefono = normalisePhone(input.telefono, country);
    if (!telefono) fieldErrors[fieldNames.telefono] = personMessages.phoneInvalid;
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError('VALIDATION_ERROR', { message: Object.values(fieldErrors)[0], fieldErrors });
  }
  return { email, telefono };
}

/** What a submission names about its author. */
export interface LinkContact {
  nombre: string;
  apellidos?: string | undefined;
  email?: string | null | undefined;
  telefono?: string | null | undefined;
  /** Where the author lives, as the submission gives it: kept on the person when the person has none. */
  ciudad?: string | undefined;
  direccion?: string | undefined;
  /**
   * Fiscal data the submission gives (/colabora), already checked and normalised: kept on a NEW person only. An
   * existing person's NIF and postcode are never set by a public form, not even when empty (their certificate and
   * modelo 182 would carry a stranger's NIF): the submission keeps what it said and staff apply it. A person whose
   * stored NIF is another is never trusted as the author.
   */
  nif?: string | undefined;
  codigoPostal?: string | undefined;
  /**
   * The identity document the submission gives (the owner's DNI or NIE on /cesion), already checked and normalised:
   * kept on a new person, and on a person linked who holds none; a document the person holds is never replaced
   * (staff see the difference and confirm it).
   */
  documento?: string | undefined;
}

/** What linking did: the person, whether they are blocked, and the persons the new one may duplicate (not trusted). */
export interface LinkResult {
  personaId: number;
  bloqueada: boolean;
  /** Persons sharing the e-mail or phone who were not trusted as this author (a new person was made instead). */
  posiblesDuplicados: number[];
}

/** Where an automatically given e-mail consent came from (the person wrote their address to hear back). */
const consentSource: Record<PersonRole, string> = {
  adoptante: 'Solicitud de adopción',
  rescatador: 'Registro de mascota',
  acogida: 'Ficha de acogida',
  voluntario: 'Alta de voluntariado',
  socio: 'Alta de socio',
  padrino: 'Apadrinamiento',
  donante: 'Donación',
  cedente: 'Solicitud de cesión',
};

/**
 * The linking rule, inside the caller's transaction (DESIGN section 10, hardened): a person is trusted as the author
 * only when the first name matches (accents and case ignored) AND the contact that reaches the author matches: the
 * same normalised e-mail when the submission gives one, else the same phone. A match by phone and first name whose
 * stored e-mail is another (or none) is never trusted: whoever wrote first could otherwise receive the later
 * author's contracts and codes, or read what staff keep about them. Such a match, and the same e-mail or phone
 * under another first name, make a new person marked as a possible duplicate of each such person; otherwise a new
 * person. A name alone never links. On the person linked, the role is added and what the submission gives that
 * the person lacks (e-mail, phone, city, address, identity document) is filled in, never overwriting what is kept; the fiscal identity
 * (NIF, postcode) is never written on a person who existed (DESIGN section 15: staff confirm it). Race-safe: the
 * contact values are locked (advisory, until the transaction ends) before they are looked up, so two submissions
 * from one new person make one person.
 */
async function linkPerson(
  history: Pick<HistoryPort, 'record'>,
  executor: Database,
  contact: LinkContact,
  rol: PersonRole,
  actor: HistoryActor,
  country: CountryCode,
  lenient = false,
): Promise<LinkResult> {
  const repo = createPersonsRepository(executor);
  const { email, telefono } = lenient
    ? { email: contact.email ? normaliseEmail(contact.email) : null, telefono: contact.telefono ? normalisePhone(contact.telefono, country) : null }
    : normaliseContact(contact, country);
  const nombre = contact.nombre.trim();
  const ciudad = contact.ciudad?.trim() ?? '';
  const direccion = contact.direccion?.trim() ?? '';
  const documento = contact.documento?.trim() ?? '';
  await repo.lockContacts([email ? `email:${email}` : '', telefono ? `tel:${telefono}` : ''].filter((v) => v !== ''));
  const candidates = await repo.byContact(email, telefono, nombre);
  const nif = contact.nif?.trim() || null;
  const codigoPostal = contact.codigoPostal?.trim() || null;
  const trusted = (c: (typeof candidates)[number]) =>
    c.mismoNombre && (email ? c.email === email : telefono !== null && c.telefono === telefono) && !(nif && c.nif && c.nif !== nif);
  const same = candidates.find(trusted);
  if (same) {
    type Filled = 'roles' | 'email' | 'telefono' | 'ciudad' | 'direccion' | 'documento';
    const changes: Partial<Record<Filled, [HistoryValue, HistoryValue]>> = {};
    const values: PersonUpdate = {};
    const roles = same.roles.includes(rol) ? same.roles : [...same.roles, rol];
    if (roles !== same.roles) {
      changes.roles = [same.roles, roles];
      values.roles = roles;
    }
    const fill = (field: Exclude<Filled, 'roles'>, value: string | null) => {
      const kept = same[field];
      if (value && (kept === null || kept.trim() === '')) {
        changes[field] = [kept === '' ? '' : null, value];
        values[field] = value;
      }
    };
    fill('email', email);
    fill('telefono', telefono);
    fill('ciudad', ciudad);
    fill('direccion', direccion);
    fill('documento', documento);
    // Never nif nor codigoPostal: the fiscal identity of a known person changes only by staff (applyIdentity).
    if (Object.keys(changes).length > 0) {
      await repo.update(same.id, { ...values, ...(changes.email && !same.consentimientoEmailEn ? consentGiven(rol) : {}) });
      await history.record(executor, { actor, entidad: 'persona', entidadId: same.id, accion: 'modificar', cambios: changes });
    }
    return { personaId: same.id, bloqueada: same.bloqueado, posiblesDuplicados: [] };
  }
  const created = await repo.insert({
    nombre,
    apellidos: contact.apellidos?.trim() ?? '',
    email,
    telefono,
    ciudad,
    direccion,
    documento,
    nif,
    codigoPostal,
    roles: [rol],
    ...(email ? consentGiven(rol) : {}),
  });
  await history.record(executor, {
    actor,
    entidad: 'persona',
    entidadId: created.id,
    accion: 'crear',
    cambios: { nombre: [null, created.nombre], roles: [null, [rol]] },
  });
  const posiblesDuplicados: number[] = [];
  for (const other of candidates) {
    const motivos = [...duplicateReasons(other, email, telefono), ...(other.mismoNombre ? ['nombre_parecido'] : [])];
    await repo.markDuplicates(created.id, other.id, motivos);
    posiblesDuplicados.push(other.id);
  }
  return { personaId: created.id, bloqueada: false, posiblesDuplicados };

  function consentGiven(role: PersonRole) {
    return { consentimientoEmail: true, consentimientoEmailEn: new Date(), consentimientoEmailFuente: consentSource[role] };
  }
}

/**
 * Staff apply to a person the fiscal identity or address a public submission gave ("Usar estos datos"), in the
 * caller's transaction, with the person's history event; an anonymised or missing person: 409 / 404. Answers
 * whether anything changed: the record is read locked, so of two applications at once the second finds it done.
 */
async function applyIdentity(
  history: Pick<HistoryPort, 'record'>,
  executor: Database,
  personaId: number,
  values: Partial<Record<'nif' | 'codigoPostal' | 'direccion', string>>,
  actor: HistoryActor,
): Promise<boolean> {
  const repo = createPersonsRepository(executor);
  const before = await repo.find(personaId, { forUpdate: true });
  if (!before) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
  if (before.anonimizadaEn !== null) throw new AppError('CONFLICT', { message: personMessages.anonymised });
  const changes: Record<string, [HistoryValue, HistoryValue]> = {};
  const update: PersonUpdate = {};
  for (const campo of ['nif', 'codigoPostal', 'direccion'] as const) {
    const value = values[campo];
    if (value === undefined || value === before[campo]) continue;
    changes[campo] = [before[campo], value];
    update[campo] = value;
  }
  if (Object.keys(changes).length === 0) return false;
  await repo.update(personaId, update);
  await history.record(executor, { actor, entidad: 'persona', entidadId: personaId, accion: 'modificar', cambios: changes });
  return true;
}

/** Why `other` may be the same person as one with this e-mail and phone. */
export function duplicateReasons(other: Pick<PersonRow, 'email' | 'telefono'>, email: string | null, telefono: string | null): string[] {
  const motivos: string[] = [];
  if (email && other.email === email) motivos.push('mismo_email');
  if (telefono && other.telefono === telefono) motivos.push('mismo_telefono');
  return motivos;
}

/**
 * A table of another module that points at persons (`persona_id`): registered once by its owner, so that a merge
 * moves its rows, an anonymisation clears its copies of the identity, and the export includes them.
 */
export interface PersonLinkTable {
  /** The key under which the export lists its rows (`solicitudesAdopcion`). */
  clave: string;
  /** Points every row of `fromId` at `toId` (in the merge's transaction). */
  move(tx: Tx, fromId: number, toId: number): Promise<void>;
  /** Replaces the copies of the person's identity in its rows (in the anonymisation's transaction). */
  anonymise(tx: Tx, personaId: number): Promise<void>;
  /** The rows of the person, as the export shows them. */
  exportOf(executor: Database, personaId: number): Promise<unknown[]>;
  /** Money records (fees, gifts, certificates): the export shows them to administrators only (DESIGN section 15). */
  adminOnly?: boolean;
  /** Rows made before persons existed, linked once by the job `personas.vincular-existentes`, oldest first. */
  backfill?: {
    rol: PersonRole;
    /** Up to `limit` rows without a person, oldest first (ties by id). */
    unlinked(executor: Database, limit: number): Promise<UnlinkedRow[]>;
    /** Points the row at its person (`bloqueada`: the person was blocked). */
    attach(executor: Database, rowId: number | string, personaId: number, bloqueada: boolean): Promise<void>;
  };
}

/** A row to link: its id, when it was made, and the contact data it names. */
export interface UnlinkedRow {
  id: number | string;
  createdAt: Date;
  contact: LinkContact;
}

/** The persons port, built once (persons.module.ts), bound to the organisation's country (ORG_COUNTRY, which reads phones written without a prefix). */
export function createPersonsPort({ country, history }: { country: CountryCode; history: Pick<HistoryPort, 'record'> }) {
  const linkTables = new Map<string, PersonLinkTable>();
  return {
    ...createPersonImport({ country, history }),
    contactOf,
    identityOf,
    namesOf,
    rolesOf,
    /** Live persons named by a NIF, e-mail or phone read in free text (normalised here with the organisation's country). */
    byIdentifiers: (executor: Database, ids: { nifs: string[]; emails: string[]; telefonos: string[] }) => byIdentifiers(executor, country, ids),
    duplicatesOf,
    /** Gives the person a role, in the caller's transaction, with its history event; nothing when they have it already. */
    addRole: (tx: Tx, personaId: number, rol: PersonRole, actor: HistoryActor) => addRole(history, tx, personaId, rol, actor),
    openDuplicatePairs,
    normaliseContact: (input: Parameters<typeof normaliseContact>[0], fieldNames?: { email: string; telefono: string }) =>
      normaliseContact(input, country, fieldNames),
    /** The linking rule (see `linkPerson`), in the caller's transaction. */
    link: (tx: Tx, contact: LinkContact, rol: PersonRole, actor: HistoryActor) => linkPerson(history, tx, contact, rol, actor, country),
    /** The same rule for data stored before normalisation existed: an invalid e-mail or phone is left out, never refused. */
    linkStored: (tx: Tx, contact: LinkContact, rol: PersonRole, actor: HistoryActor) => linkPerson(history, tx, contact, rol, actor, country, true),
    /** Staff apply what a public submission said of the person's fiscal identity or address (see `applyIdentity`). */
    applyIdentity: (tx: Tx, personaId: number, values: Partial<Record<'nif' | 'codigoPostal' | 'direccion', string>>, actor: HistoryActor) =>
      applyIdentity(history, tx, personaId, values, actor),
    /** Adds (or replaces, by `clave`) a table of another module that points at persons. */
    registerLinks(table: PersonLinkTable): void {
      linkTables.set(table.clave, table);
    },
    /** Every registered table (the persons module's merge, anonymisation and export walk them). */
    linkTables: (): PersonLinkTable[] => [...linkTables.values()],
  };
}

export type PersonsPort = ReturnType<typeof createPersonsPort>;
