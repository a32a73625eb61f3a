import { customFieldValuesAnswerSchema, customFieldValuesSchema } from './custom-field-values';
import { z } from 'zod';
import { clearableFiscalField, countryInput, fiscalIdSchema, fiscalMessages, postcodeSchema } from './fiscal';
import { multiLineText, oneLineText } from './text';

/*
 * People outside the staff (DESIGN section 10): one record per person, linked to every application, registration
 * and registration link that names them. Contact data is normalised by the server (e-mail lower-cased, phone in
 * E.164); the schemas here check shape and length, the server answers an invalid e-mail or phone with a 400.
 */

export const PERSON_ROLES = ['adoptante', 'acogida', 'voluntario', 'rescatador', 'socio', 'padrino', 'donante', 'cedente'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

export const PERSON_DUPLICATE_REASONS = ['mismo_email', 'mismo_telefono', 'nombre_parecido'] as const;
export type PersonDuplicateReason = (typeof PERSON_DUPLICATE_REASONS)[number];

/** What staff see on an application whose applicant's person is blocked (the applicant is told nothing). */
export const PERSON_ALERTS = ['persona_bloqueada'] as const;
export type PersonAlert = (typeof PERSON_ALERTS)[number];

/** The fields a merge can take from either record, chosen field by field (the fiscal data as the document). */
export const PERSON_MERGE_FIELDS = [
  'nombre',
  'apellidos',
  'email',
  'telefono',
  'documento',
  'nif',
  'ciudad',
  'direccion',
  'codigoPostal',
  'pais',
] as const;
export type PersonMergeField = (typeof PERSON_MERGE_FIELDS)[number];

export const PERSON_NAME_MAX = 100;
export const PERSON_SURNAME_MAX = 150;
export const PERSON_EMAIL_MAX = 254;
export const PERSON_PHONE_MAX = 30;
export const PERSON_DOCUMENT_MAX = 30;
export const PERSON_CITY_MAX = 100;
export const PERSON_ADDRESS_MAX = 200;
export const PERSON_BLOCK_REASON_MAX = 500;
export const PERSON_PAGE_SIZE_DEFAULT = 20;
export const PERSON_PAGE_SIZE_MAX = 100;

/** What the anonymised person and the anonymised copies in requests are called. */
export const ANONYMISED_NAME = 'Persona anonimizada';

export const personRoleLabels: Record<PersonRole, string> = {
  adoptante: 'Adoptante',
  acogida: 'Acogida',
  voluntario: 'Voluntario/a',
  rescatador: 'Rescatador/a',
  socio: 'Socio/a',
  padrino: 'Padrino/madrina',
  donante: 'Donante',
  cedente: 'Cedente',
};

export const personDuplicateReasonLabels: Record<PersonDuplicateReason, string> = {
  mismo_email: 'Mismo correo electrónico',
  mismo_telefono: 'Mismo teléfono',
  nombre_parecido: 'Nombre parecido',
};

export const personMessages = {
  nameRequired: 'Escribe el nombre.',
  nameTooLong: `El nombre no puede superar los ${PERSON_NAME_MAX} caracteres.`,
  surnameTooLong: `Los apellidos no pueden superar los ${PERSON_SURNAME_MAX} caracteres.`,
  emailInvalid: 'Escribe un correo electrónico válido.',
  phoneInvalid: 'Escribe un teléfono válido (con el prefijo del país si no es de aquí, por ejemplo +52 o +54).',
  contactRequired: 'Indica al menos un correo electrónico o un teléfono.',
  documentTooLong: `El documento no puede superar los ${PERSON_DOCUMENT_MAX} caracteres.`,
  cityTooLong: `La ciudad no puede superar los ${PERSON_CITY_MAX} caracteres.`,
  addressTooLong: `La dirección no puede superar los ${PERSON_ADDRESS_MAX} caracteres.`,
  blockReasonRequired: 'Escribe el motivo del bloqueo.',
  blockReasonTooLong: `El motivo no puede superar los ${PERSON_BLOCK_REASON_MAX} caracteres.`,
  roleInvalid: 'Elige un rol de la lista.',
  notFound: 'La persona no existe.',
  stale: 'Otra persona cambió esta ficha mientras la editabas. Recarga para ver los cambios.',
  mergeSelf: 'No se puede fusionar una persona consigo misma.',
  mergeOtherNotFound: 'La persona con la que quieres fusionar no existe.',
  anonymised: 'Esta persona está anonimizada: sus datos ya no se pueden editar.',
  duplicateNotFound: 'Estas dos personas no figuran como posibles duplicados.',
} as const;

const trimmed = (max: number, tooLong: string) => oneLineText().trim().max(max, tooLong);

/** An e-mail as typed (shape only; the server normalises and checks it). '' or null clears it on a patch. */
const emailInput = oneLineText().trim().max(PERSON_EMAIL_MAX, personMessages.emailInvalid);
const phoneInput = oneLineText().trim().max(PERSON_PHONE_MAX, personMessages.phoneInvalid);

/** The NIF, NIE or CIF (DESIGN section 15), check character verified, stored normalised ('12.345.678-z' -> '12345678Z'). */
const nifInput = clearableFiscalField(fiscalIdSchema, fiscalMessages.fiscalIdFormat);
/** The postcode, 5 digits from 01000 to 52999 (its first two are the province, as the modelo 182 reads it). */
const postcodeInput = clearableFiscalField(postcodeSchema, fiscalMessages.postcode);

export const personConsentSchema = z.object({ email: z.boolean(), whatsapp: z.boolean() });
export type PersonConsent = z.infer<typeof personConsentSchema>;

/** When and how each consent was given (or withdrawn): shown on the person's page. */
export const personConsentOriginSchema = z.object({
  en: z.string().nullable(),
  fuente: z.string(),
});

export const personSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  apellidos: z.string(),
  email: z.string().nullable(),
  telefono: z.string().nullable().describe('E.164'),
  documento: z.string(),
  nif: z.string().nullable().describe('NIF, NIE o CIF, normalizado (12345678Z)'),
  ciudad: z.string(),
  direccion: z.string(),
  codigoPostal: z.string().nullable().describe('5 cifras, de 01000 a 52999'),
  pais: z.string().nullable().describe('País de residencia (ISO 3166-1, dos letras) de quien reside fuera de España; null: reside en España'),
  roles: z.array(z.enum(PERSON_ROLES)),
  bloqueado: z.boolean(),
  motivoBloqueo: z.string(),
  consentimientos: personConsentSchema,
  consentimientosOrigen: z.object({ email: personConsentOriginSchema, whatsapp: personConsentOriginSchema }),
  /** How many not dismissed possible duplicates this person has. */
  posiblesDuplicados: z.number().int(),
  anonimizada: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The organisation's own fields; a `sensible` one reads `***` for a role that masks persons. */
  campos: customFieldValuesAnswerSchema,
});
export type Person = z.infer<typeof personSchema>;

export const createPersonSchema = z
  .object({
    nombre: oneLineText({ error: personMessages.nameRequired })
      .trim()
      .min(1, personMessages.nameRequired)
      .max(PERSON_NAME_MAX, personMessages.nameTooLong),
    apellidos: trimmed(PERSON_SURNAME_MAX, personMessages.surnameTooLong).default(''),
    email: emailInput.optional(),
    telefono: phoneInput.optional(),
    documento: trimmed(PERSON_DOCUMENT_MAX, personMessages.documentTooLong).default(''),
    nif: nifInput.optional(),
    ciudad: trimmed(PERSON_CITY_MAX, personMessages.cityTooLong).default(''),
    direccion: trimmed(PERSON_ADDRESS_MAX, personMessages.addressTooLong).default(''),
    codigoPostal: postcodeInput.optional(),
    pais: countryInput.optional(),
    roles: z
      .array(z.enum(PERSON_ROLES, { message: personMessages.roleInvalid }))
      .max(PERSON_ROLES.length)
      .default([]),
    consentimientos: personConsentSchema.partial().optional(),
    /** The organisation's own fields (DESIGN section 21): `{ clave: valor }`, checked against their definitions. */
    campos: customFieldValuesSchema.optional(),
  })
  .refine((v) => Boolean(v.email) || Boolean(v.telefono), { message: personMessages.contactRequired, path: ['email'] });
export type CreatePersonInput = z.infer<typeof createPersonSchema>;

export const patchPersonSchema = z
  .object({
    version: z.number().int().min(1),
    nombre: oneLineText({ error: personMessages.nameRequired })
      .trim()
      .min(1, personMessages.nameRequired)
      .max(PERSON_NAME_MAX, personMessages.nameTooLong)
      .optional(),
    apellidos: trimmed(PERSON_SURNAME_MAX, personMessages.surnameTooLong).optional(),
    email: emailInput.nullable().optional(),
    telefono: phoneInput.nullable().optional(),
    documento: trimmed(PERSON_DOCUMENT_MAX, personMessages.documentTooLong).optional(),
    nif: nifInput.optional(),
    ciudad: trimmed(PERSON_CITY_MAX, personMessages.cityTooLong).optional(),
    direccion: trimmed(PERSON_ADDRESS_MAX, personMessages.addressTooLong).optional(),
    codigoPostal: postcodeInput.optional(),
    pais: countryInput.optional(),
    roles: z
      .array(z.enum(PERSON_ROLES, { message: personMessages.roleInvalid }))
      .max(PERSON_ROLES.length)
      .optional(),
    consentimientos: personConsentSchema.partial().optional(),
    bloqueado: z.boolean().optional(),
    motivoBloqueo: multiLineText().trim().max(PERSON_BLOCK_REASON_MAX, personMessages.blockReasonTooLong).optional(),
    /** The fields sent change (`null` clears one); the others keep their values. */
    campos: customFieldValuesSchema.optional(),
  })
  .refine((v) => v.bloqueado !== true || Boolean(v.motivoBloqueo), { message: personMessages.blockReasonRequired, path: ['motivoBloqueo'] });
export type PatchPersonInput = z.infer<typeof patchPersonSchema>;

const booleanQuery = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

export const listPersonsQuerySchema = z.object({
  q: oneLineText().trim().max(200).optional(),
  rol: z.enum(PERSON_ROLES, { message: personMessages.roleInvalid }).optional(),
  /** true: only persons with a possible duplicate not dismissed. */
  duplicados: booleanQuery.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PERSON_PAGE_SIZE_MAX).default(PERSON_PAGE_SIZE_DEFAULT),
});
export type ListPersonsQuery = z.infer<typeof listPersonsQuerySchema>;

export const listPersonsResponseSchema = z.object({
  items: z.array(personSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListPersonsResponse = z.infer<typeof listPersonsResponseSchema>;

export const personDuplicateSchema = z.object({
  persona: personSchema,
  motivos: z.array(z.enum(PERSON_DUPLICATE_REASONS)),
});
export type PersonDuplicate = z.infer<typeof personDuplicateSchema>;

export const mergePersonSchema = z.object({
  conId: z.number().int().min(1),
  /** The values the surviving record keeps, chosen field by field (absent fields keep the survivor's own). */
  valores: z
    .object({
      nombre: oneLineText({ error: personMessages.nameRequired })
        .trim()
        .min(1, personMessages.nameRequired)
        .max(PERSON_NAME_MAX, personMessages.nameTooLong)
        .optional(),
      apellidos: trimmed(PERSON_SURNAME_MAX, personMessages.surnameTooLong).optional(),
      email: emailInput.nullable().optional(),
      telefono: phoneInput.nullable().optional(),
      documento: trimmed(PERSON_DOCUMENT_MAX, personMessages.documentTooLong).optional(),
      nif: nifInput.optional(),
      ciudad: trimmed(PERSON_CITY_MAX, personMessages.cityTooLong).optional(),
      direccion: trimmed(PERSON_ADDRESS_MAX, personMessages.addressTooLong).optional(),
      codigoPostal: postcodeInput.optional(),
      pais: countryInput.optional(),
    })
    .optional(),
});
export type MergePersonInput = z.infer<typeof mergePersonSchema>;

const personId = z.coerce
  .number({ error: personMessages.notFound })
  .int(personMessages.notFound)
  .min(1, personMessages.notFound)
  .max(2_147_483_647, personMessages.notFound);

export const personIdParamsSchema = z.object({ id: personId });
export const personPairParamsSchema = z.object({ id: personId, otraId: personId });

export const personDuplicatesResponseSchema = z.array(personDuplicateSchema);

/** Everything held about a person (the right of access): the record, and the rows of every table that links to it. */
export const personExportSchema = z.object({
  exportadoEn: z.string(),
  persona: personSchema,
  vinculos: z.record(z.string(), z.array(z.unknown())),
  historial: z.array(z.unknown()),
});
export type PersonExport = z.infer<typeof personExportSchema>;

export const personHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
