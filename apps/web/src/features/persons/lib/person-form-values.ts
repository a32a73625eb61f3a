import {
  type CreatePersonInput,
  fiscalIdKind,
  isValidFiscalId,
  normaliseFiscalId,
  normalisePostcode,
  type Person,
  type PersonRole,
  type CustomFieldValues,
} from '@refugio/contracts';
import { camposOf, toCustomFieldFormValues, type CustomFieldFormValues } from '../../../lib/custom-fields';

/** The identity fields a person's form edits, in the order the form shows them. */
export const personTextFields = ['nombre', 'apellidos', 'email', 'telefono', 'documento', 'nif', 'ciudad', 'codigoPostal', 'direccion'] as const;
export type PersonTextField = (typeof personTextFields)[number];

export const personFieldLabels: Record<PersonTextField | 'roles' | 'consentimientos', string> = {
  nombre: 'Nombre',
  apellidos: 'Apellidos',
  email: 'Correo electrónico',
  telefono: 'Teléfono',
  documento: 'DNI, NIE o pasaporte',
  nif: 'NIF distinto del documento (CIF u otro)',
  ciudad: 'Ciudad',
  codigoPostal: 'Código postal',
  direccion: 'Dirección',
  roles: 'Roles',
  consentimientos: 'Consentimientos',
};

/** What the form holds: every text as typed (empty when unknown), the roles and both consents. */
export interface PersonFormValues extends Record<PersonTextField, string> {
  /**
   * The NIF is typed apart (a company's CIF, another person's NIF): off, the NIF is the document itself when that is
   * a Spanish DNI or NIE, so the DNI is typed once.
   */
  nifDistinto: boolean;
  roles: PersonRole[];
  consentimientoEmail: boolean;
  consentimientoWhatsapp: boolean;
  /** The organisation's own fields, as their inputs hold them (`campos.<clave>`). */
  campos: CustomFieldFormValues;
}

/**
 * What `PATCH /api/personas/{id}` receives: empty texts are sent as '' (unknown), an empty e-mail, phone, NIF or
 * postcode as null (removed); the NIF and the postcode as the server stores them (12345678Z).
 */
export interface PersonInput {
  nombre: string;
  apellidos: string;
  email: string | null;
  telefono: string | null;
  documento: string;
  nif: string | null;
  ciudad: string;
  codigoPostal: string | null;
  direccion: string;
  roles: PersonRole[];
  consentimientos: { email: boolean; whatsapp: boolean };
  /** The own fields the form shows (`null` clears one); only those that changed on an edit. */
  campos?: CustomFieldValues;
}

export const emptyPersonFormValues: PersonFormValues = {
  nombre: '',
  apellidos: '',
  email: '',
  telefono: '',
  documento: '',
  nif: '',
  nifDistinto: false,
  ciudad: '',
  codigoPostal: '',
  direccion: '',
  roles: [],
  consentimientoEmail: false,
  consentimientoWhatsapp: false,
  campos: {},
};

export function toPersonFormValues(person: Person): PersonFormValues {
  return {
    nombre: person.nombre,
    apellidos: person.apellidos ?? '',
    email: person.email ?? '',
    telefono: person.telefono ?? '',
    documento: person.documento ?? '',
    nif: person.nif ?? '',
    nifDistinto: person.nif !== null && person.nif !== spanishPersonId(person.documento ?? ''),
    ciudad: person.ciudad ?? '',
    codigoPostal: person.codigoPostal ?? '',
    direccion: person.direccion ?? '',
    roles: [...person.roles],
    consentimientoEmail: person.consentimientos.email,
    consentimientoWhatsapp: person.consentimientos.whatsapp,
    campos: toCustomFieldFormValues(camposOf(person)),
  };
}

/** The document as a NIF when it is a valid Spanish DNI or NIE (normalised: 12345678Z), else null (a passport). */
export function spanishPersonId(documento: string): string | null {
  const n = normaliseFiscalId(documento);
  const kind = fiscalIdKind(n);
  return (kind === 'nif' || kind === 'nie') && isValidFiscalId(n) ? n : null;
}

export function toPersonInput(values: PersonFormValues): PersonInput {
  const contact = (value: string) => (value.trim() === '' ? null : value.trim());
  const dni = spanishPersonId(values.documento);
  return {
    nombre: values.nombre.trim(),
    apellidos: values.apellidos.trim(),
    email: contact(values.email),
    telefono: contact(values.telefono),
    documento: dni ?? values.documento.trim(),
    // One DNI typed once: the NIF follows the document unless another one is typed apart.
    nif: values.nifDistinto ? (contact(values.nif) === null ? null : normaliseFiscalId(values.nif)) : dni,
    ciudad: values.ciudad.trim(),
    codigoPostal: contact(values.codigoPostal) === null ? null : normalisePostcode(values.codigoPostal),
    direccion: values.direccion.trim(),
    roles: values.roles,
    consentimientos: { email: values.consentimientoEmail, whatsapp: values.consentimientoWhatsapp },
  };
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Only what changed from `base`, so a save sends the fields the person touched. */
export function changedPersonInput(base: PersonFormValues, values: PersonFormValues): Partial<PersonInput> {
  const before = toPersonInput(base);
  const after = toPersonInput(values);
  const changes: Partial<PersonInput> = {};
  for (const field of personTextFields) {
    if (before[field] !== after[field]) Object.assign(changes, { [field]: after[field] });
  }
  if (!sameRoles(before.roles, after.roles)) changes.roles = after.roles;
  if (before.consentimientos.email !== after.consentimientos.email || before.consentimientos.whatsapp !== after.consentimientos.whatsapp) {
    changes.consentimientos = after.consentimientos;
  }
  return changes;
}

export const personFormFields = [...personTextFields, 'roles', 'consentimientoEmail', 'consentimientoWhatsapp'] as const;
export type PersonFormField = (typeof personFormFields)[number];

const formFieldLabels: Record<PersonFormField, string> = {
  ...personFieldLabels,
  consentimientoEmail: 'Acepta correos',
  consentimientoWhatsapp: 'Acepta WhatsApp',
};

/** Whether two form states hold a different value for `field` (roles compared as a set, texts trimmed). */
export function fieldDiffers(a: PersonFormValues, b: PersonFormValues, field: PersonFormField): boolean {
  const x = a[field];
  const y = b[field];
  if (Array.isArray(x) && Array.isArray(y)) return !sameRoles(x, y);
  if (typeof x === 'string' && typeof y === 'string') return x.trim() !== y.trim();
  return x !== y;
}

/** A field's value as a person reads it, for the conflict notice and the merge comparison. */
export function describePersonValue(value: unknown, labelOf: (item: string) => string = (item) => item): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return '(vacío)';
  if (Array.isArray(value)) return value.length === 0 ? '(ninguno)' : value.map((item) => labelOf(String(item))).join(', ');
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

export interface PersonConflict {
  field: PersonFormField;
  label: string;
  mine: string;
  theirs: string;
}

/**
 * After someone else saved the person: the fields this form changed (from `base`) that the newer version also
 * changed to something else. Those are the ones where a save would replace another person's work.
 */
export function personConflicts(
  base: PersonFormValues,
  typed: PersonFormValues,
  latest: PersonFormValues,
  labelOf?: (item: string) => string,
): PersonConflict[] {
  return personFormFields
    .filter((field) => fieldDiffers(base, typed, field) && fieldDiffers(base, latest, field) && fieldDiffers(typed, latest, field))
    .map((field) => ({
      field,
      label: formFieldLabels[field],
      mine: describePersonValue(typed[field], labelOf),
      theirs: describePersonValue(latest[field], labelOf),
    }));
}

/** What `POST /api/personas` receives: an e-mail, a phone, a NIF or a postcode left empty is not sent. */
export function toCreatePersonInput(values: PersonFormValues): CreatePersonInput {
  const { email, telefono, nif, codigoPostal, ...rest } = toPersonInput(values);
  return {
    ...rest,
    ...(email ? { email } : {}),
    ...(telefono ? { telefono } : {}),
    ...(nif ? { nif } : {}),
    ...(codigoPostal ? { codigoPostal } : {}),
  };
}
