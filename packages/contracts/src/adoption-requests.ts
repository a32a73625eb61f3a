import { z } from 'zod';
import { publicCareBadgesSchema } from './care-badges';
import { multiLineText, oneLineText } from './text';
import { PERSON_ALERTS, PERSON_DUPLICATE_REASONS, PERSON_EMAIL_MAX, PERSON_PHONE_MAX, personMessages } from './persons';
import { PET_GENDERS, PET_SIZES, PET_TYPES, petMessages } from './pets';
import {
  ADOPTION_PAGE_SIZE_DEFAULT,
  ADOPTION_PAGE_SIZE_MAX,
  ADOPTION_STATES,
  type AdoptionState,
  APPLICANT_ADDRESS_MAX,
  APPLICANT_AGE_MAX,
  APPLICANT_AGE_MIN,
  APPLICANT_CITY_MAX,
  APPLICANT_EMAIL_MAX,
  APPLICANT_NAME_MAX,
  APPLICANT_PHONE_MAX,
  APPLICATION_TEXT_MAX,
  CHILDREN_AT_HOME_MAX,
  HOUSING_TYPES,
  PEOPLE_AT_HOME_MAX,
  PUBLIC_PAGE_SIZE_DEFAULT,
  PUBLIC_PAGE_SIZE_MAX,
  STAFF_NOTE_MAX,
  adoptionMessages,
} from './adoption-messages';
export * from './adoption-messages';
import { APPLICANT_PHONE_PATTERN, APPLICATION_FORMULA_START, APPLICATION_HTML_TAG } from './adoption-application-check';

/* ------------------------------------------------------------------ the public application (POST /api/public/solicitudes-adopcion) */

const HTML_TAG = APPLICATION_HTML_TAG;
const FORMULA_START = APPLICATION_FORMULA_START;

/** Short free text: trimmed, bounded, no HTML tags, no spreadsheet formula start. */
function shortText(required: string, tooLong: string, max: number) {
  return oneLineText({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((v) => !HTML_TAG.test(v), adoptionMessages.noHtml)
    .refine((v) => !FORMULA_START.test(v), adoptionMessages.noFormula);
}

function longText(max = APPLICATION_TEXT_MAX) {
  return multiLineText({ error: adoptionMessages.textTooLong })
    .trim()
    .max(max, adoptionMessages.textTooLong)
    .refine((v) => !HTML_TAG.test(v), adoptionMessages.noHtml);
}

function int(message: string, min: number, max: number) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

const yesNo = z.boolean({ error: adoptionMessages.yesNoRequired });

/** Cross-field rules run whenever the body is an object, even with other problems in it. */
const isObjectPayload = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

export const adoptionApplicationInputSchema = z
  .object({
    mascotaId: z.number({ error: adoptionMessages.petRequired }).int(adoptionMessages.petRequired).min(1).max(2_147_483_647),
    nombre: shortText(adoptionMessages.nameRequired, adoptionMessages.nameTooLong, APPLICANT_NAME_MAX),
    email: oneLineText({ error: adoptionMessages.emailInvalid })
      .trim()
      .max(APPLICANT_EMAIL_MAX, adoptionMessages.emailInvalid)
      .pipe(z.email({ error: adoptionMessages.emailInvalid })),
    telefono: oneLineText({ error: adoptionMessages.phoneInvalid })
      .trim()
      .max(APPLICANT_PHONE_MAX, adoptionMessages.phoneInvalid)
      .regex(APPLICANT_PHONE_PATTERN, adoptionMessages.phoneInvalid)
      .refine((v) => v.replace(/\D/g, '').length >= 6, adoptionMessages.phoneInvalid),
    edad: z
      .number({ error: adoptionMessages.ageInvalid })
      .int(adoptionMessages.ageInvalid)
      .min(APPLICANT_AGE_MIN, adoptionMessages.ageMinor)
      .max(APPLICANT_AGE_MAX, adoptionMessages.ageTooHigh),
    ciudad: shortText(adoptionMessages.cityRequired, adoptionMessages.cityTooLong, APPLICANT_CITY_MAX),
    direccion: shortText(adoptionMessages.addressRequired, adoptionMessages.addressTooLong, APPLICANT_ADDRESS_MAX),
    vivienda: z.enum(HOUSING_TYPES, { error: adoptionMessages.housingInvalid }),
    viviendaPropia: yesNo,
    /** Required (and must be true) when the home is rented; ignored when it is owned. */
    permiteMascotas: z.boolean({ error: adoptionMessages.landlordRequired }).nullable().optional(),
    patio: yesNo,
    personasEnCasa: int(adoptionMessages.peopleInvalid, 1, PEOPLE_AT_HOME_MAX),
    ninosEnCasa: int(adoptionMessages.childrenInvalid, 0, CHILDREN_AT_HOME_MAX),
    horasSolo: int(adoptionMessages.hoursInvalid, 0, 24),
    otrasMascotas: longText().default(''),
    experiencia: longText().default(''),
    motivo: multiLineText({ error: adoptionMessages.reasonRequired })
      .trim()
      .min(1, adoptionMessages.reasonRequired)
      .max(APPLICATION_TEXT_MAX, adoptionMessages.textTooLong)
      .refine((v) => !HTML_TAG.test(v), adoptionMessages.noHtml),
    aceptaVisita: z.literal(true, { error: adoptionMessages.visitRequired }),
    aceptaPrivacidad: z.literal(true, { error: adoptionMessages.privacyRequired }),
    /**
     * Honeypot: a field the page hides from people (and from screen readers). A person leaves it empty;
     * a bot that fills every field gets a 201-looking answer and nothing is stored.
     */
    sitioWeb: oneLineText().max(500).optional(),
  })
  // Cross-field rules, checked even when other fields have problems (`when`), so every message shows at once.
  .refine((v) => v.viviendaPropia !== false || (v.permiteMascotas !== undefined && v.permiteMascotas !== null), {
    path: ['permiteMascotas'],
    message: adoptionMessages.landlordRequired,
    when: isObjectPayload,
  })
  .refine((v) => v.viviendaPropia !== false || v.permiteMascotas !== false, {
    path: ['permiteMascotas'],
    message: adoptionMessages.landlordRefused,
    when: isObjectPayload,
  })
  .refine((v) => typeof v.ninosEnCasa !== 'number' || typeof v.personasEnCasa !== 'number' || v.ninosEnCasa <= v.personasEnCasa, {
    path: ['ninosEnCasa'],
    message: adoptionMessages.childrenMoreThanPeople,
    when: isObjectPayload,
  });
export type AdoptionApplicationInput = z.input<typeof adoptionApplicationInputSchema>;
export type AdoptionApplication = z.output<typeof adoptionApplicationInputSchema>;

export const adoptionApplicationResultSchema = z.object({
  id: z.number().int().describe('Identificador de la solicitud (0 cuando el campo trampa venía lleno: no se guardó nada)'),
  estado: z.literal('nueva'),
});

/* ------------------------------------------------------------------ the public catalogue (GET /api/public/mascotas) */

export const publicPetSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  edad: z.string(),
  tipo: z.string(),
  genero: z.string(),
  tamano: z.string(),
  discapacidad: z.enum(['0', '1']),
  personalidad: z.string(),
  historia: z.string(),
  tags: z.array(z.string()),
  imagenPrincipal: z.string().nullable().describe('URL de la imagen principal'),
  imagenes: z.array(z.string()).describe('URLs de las imágenes adicionales, en orden'),
  videos: z.array(z.string()).describe('URLs de los videos (admiten HTTP Range)'),
  miniatura: z.string().nullable().describe('URL de la miniatura WebP de la imagen principal'),
  miniaturas: z.array(z.string()).describe('URLs de las miniaturas WebP de `imagenes`, en el mismo orden'),
  salud: publicCareBadgesSchema.describe('Distintivos de salud, derivados de los registros (sin fechas, productos, números ni notas)'),
  campos: z
    .array(z.object({ etiqueta: z.string(), valor: z.string() }))
    .describe('Los campos propios marcados «público» de su especie que tienen valor, en su orden y como se leen («Sí», 01/03/2026…)'),
});
export type PublicPet = z.infer<typeof publicPetSchema>;

export const listPublicPetsQuerySchema = z.object({
  q: oneLineText().trim().max(100).optional().describe('Busca en nombre, historia, personalidad y etiquetas, sin distinguir acentos'),
  tipo: z.enum(PET_TYPES, { error: petMessages.typeInvalid }).optional(),
  tamano: z.enum(PET_SIZES, { error: petMessages.sizeInvalid }).optional(),
  genero: z.enum(PET_GENDERS, { error: petMessages.genderInvalid }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PUBLIC_PAGE_SIZE_MAX).default(PUBLIC_PAGE_SIZE_DEFAULT),
});
export type ListPublicPetsQuery = z.infer<typeof listPublicPetsQuerySchema>;

export const listPublicPetsResponseSchema = z.object({
  items: z.array(publicPetSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListPublicPetsResponse = z.infer<typeof listPublicPetsResponseSchema>;

/* ------------------------------------------------------------------ staff (/api/solicitudes-adopcion) */

export const ADOPTION_SORT_FIELDS = ['createdAt', 'nombre', 'estado'] as const;

export const listAdoptionRequestsQuerySchema = z.object({
  estado: z.enum(ADOPTION_STATES, { error: adoptionMessages.stateInvalid }).optional(),
  mascotaId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  personaId: z.coerce.number().int().min(1).max(2_147_483_647).optional().describe('Solo las solicitudes de esta persona'),
  q: oneLineText().trim().max(100).optional().describe('Busca en nombre, correo y teléfono, sin distinguir acentos'),
  sort: z.enum(ADOPTION_SORT_FIELDS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADOPTION_PAGE_SIZE_MAX).default(ADOPTION_PAGE_SIZE_DEFAULT),
});
export type ListAdoptionRequestsQuery = z.infer<typeof listAdoptionRequestsQuerySchema>;

const adoptionStateSchema = z.enum(ADOPTION_STATES);

export const adoptionRequestPetSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  tipo: z.string(),
  genero: z.string().describe("'macho' o 'hembra': los textos que la nombran concuerdan con él"),
  miniatura: z.string().nullable(),
  adoptado: z.enum(['0', '1']),
  eliminada: z.boolean(),
});

export const adoptionRequestListItemSchema = z.object({
  id: z.number().int(),
  estado: adoptionStateSchema,
  nombre: z.string(),
  email: z.string(),
  telefono: z.string(),
  ciudad: z.string(),
  mascota: adoptionRequestPetSchema,
  /** The applicant's person (DESIGN section 10). */
  personaId: z.number().int().nullable(),
  /** 'persona_bloqueada': the applicant's person was blocked when they applied (staff only; the applicant is told nothing). */
  alerta: z.enum(PERSON_ALERTS).nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdoptionRequestListItem = z.infer<typeof adoptionRequestListItemSchema>;

export const adoptionStateCountsSchema = z.object(
  Object.fromEntries(ADOPTION_STATES.map((s) => [s, z.number().int()])) as Record<AdoptionState, z.ZodNumber>,
);
export type AdoptionStateCounts = z.infer<typeof adoptionStateCountsSchema>;

export const listAdoptionRequestsResponseSchema = z.object({
  items: z.array(adoptionRequestListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: adoptionStateCountsSchema.describe('Solicitudes por estado con los mismos filtros salvo el estado'),
});
export type ListAdoptionRequestsResponse = z.infer<typeof listAdoptionRequestsResponseSchema>;

export const adoptionRequestEventSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(['estado', 'nota']),
  deEstado: adoptionStateSchema.nullable(),
  aEstado: adoptionStateSchema.nullable(),
  nota: z.string(),
  autor: z.object({ id: z.string(), nombre: z.string() }).nullable().describe('null: automática o la persona ya no existe'),
  createdAt: z.string(),
});
export type AdoptionRequestEvent = z.infer<typeof adoptionRequestEventSchema>;

/** Where everything about an application goes (contract, codes, follow-ups, reminders). */
export const applicationContactSchema = z
  .object({
    email: z.string().nullable(),
    telefono: z.string().nullable(),
    confirmado: z.boolean().describe('true: el equipo confirmó este contacto en lugar del que dio la solicitud'),
    confirmadoEn: z.string().nullable(),
  })
  .describe('El contacto de la solicitud: el que dio quien la envió, salvo que el equipo confirme otro');
export type ApplicationContact = z.infer<typeof applicationContactSchema>;

/** A person who shares the applicant's e-mail or phone but was not trusted as the applicant. */
export const applicationDuplicateSchema = z.object({
  persona: z.object({ id: z.number().int(), nombre: z.string(), email: z.string().nullable(), telefono: z.string().nullable() }),
  motivos: z.array(z.enum(PERSON_DUPLICATE_REASONS)),
});
export type ApplicationDuplicate = z.infer<typeof applicationDuplicateSchema>;

/** `POST /api/solicitudes-adopcion/{id}/contacto`: staff confirm another contact for the application. */
export const confirmApplicationContactInputSchema = z
  .object({
    email: oneLineText().trim().max(PERSON_EMAIL_MAX, personMessages.emailInvalid).nullable().optional(),
    telefono: oneLineText().trim().max(PERSON_PHONE_MAX, personMessages.phoneInvalid).nullable().optional(),
  })
  .refine((v) => Boolean(v.email) || Boolean(v.telefono), { message: personMessages.contactRequired, path: ['email'] });
export type ConfirmApplicationContactInput = z.infer<typeof confirmApplicationContactInputSchema>;

export const adoptionRequestSchema = adoptionRequestListItemSchema.extend({
  edad: z.number().int(),
  direccion: z.string(),
  vivienda: z.enum(HOUSING_TYPES),
  viviendaPropia: z.boolean(),
  permiteMascotas: z.boolean().nullable(),
  patio: z.boolean(),
  personasEnCasa: z.number().int(),
  ninosEnCasa: z.number().int(),
  horasSolo: z.number().int(),
  otrasMascotas: z.string(),
  experiencia: z.string(),
  motivo: z.string(),
  aceptaVisita: z.boolean(),
  aceptaPrivacidad: z.boolean(),
  otrasAbiertas: z.number().int().describe('Otras solicitudes abiertas para la misma mascota'),
  contacto: applicationContactSchema,
  posiblesDuplicados: z
    .array(applicationDuplicateSchema)
    .describe(
      'Otras personas con el mismo correo o teléfono que no se dieron por la misma (p. ej. mismo teléfono y nombre con otro correo): nunca se confía en ellas sin que el equipo lo confirme',
    ),
  eventos: z.array(adoptionRequestEventSchema).describe('Movimientos de estado y notas, del más antiguo al más reciente'),
});
export type AdoptionRequest = z.infer<typeof adoptionRequestSchema>;

export const adoptionRequestIdParamsSchema = z.object({
  id: z.coerce.number({ error: adoptionMessages.notFound }).int(adoptionMessages.notFound).min(1).max(2_147_483_647),
});

const noteSchema = multiLineText({ error: adoptionMessages.noteRequired }).trim().max(STAFF_NOTE_MAX, adoptionMessages.noteTooLong);

export const moveAdoptionRequestInputSchema = z.object({
  estado: z.enum(ADOPTION_STATES, { error: adoptionMessages.stateInvalid }),
  nota: noteSchema.optional(),
  version: z.number({ error: adoptionMessages.versionInvalid }).int().min(1),
  /** Only with `aprobada`: mark the pet adopted in the same transaction. */
  marcarAdoptada: z.boolean().optional(),
  /** Only with `aprobada`: the pet's other open requests become `rechazada` with an automatic note. */
  cerrarOtras: z.boolean().optional(),
});
export type MoveAdoptionRequestInput = z.infer<typeof moveAdoptionRequestInputSchema>;

export const addAdoptionNoteInputSchema = z.object({ nota: noteSchema.pipe(multiLineText().min(1, adoptionMessages.noteRequired)) });
export type AddAdoptionNoteInput = z.infer<typeof addAdoptionNoteInputSchema>;

/** What starts a formula in a spreadsheet cell: = + - @ (after any spaces or quotes), a tab or a carriage return. */
const CSV_FORMULA_START = /^[\s"]*[=+\-@]|^[\t\r]/;
/**
 * A separator that some spreadsheet may split on (`,` in most, `;` in Spanish Excel, tab, line breaks), then
 * optional spaces or quotes and a formula character: whatever splits the file there would begin a cell with a formula.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n][ \t"]*)(?=[=+\-@])/g;

/**
 * One CSV cell, always quoted (`"` doubled). A formula is neutralised with a `'` wherever a spreadsheet could
 * start a cell, however it splits the file: at the start of the text, and after every `,` `;` tab or line
 * break inside it ("Madrid;=1+1" becomes "Madrid;'=1+1"), so no piece of any split starts with = + - @.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? 'sí' : 'no') : String(value);
  if (CSV_FORMULA_START.test(text)) text = `'${text}`;
  text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return `"${text.replace(/"/g, '""')}"`;
}

/** One CSV line (CRLF) of cells, each through `csvCell`. */
export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
