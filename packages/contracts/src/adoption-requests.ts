import { z } from 'zod';
import { publicCareBadgesSchema } from './care-badges';
import { safeText } from './text';
import { PERSON_ALERTS } from './persons';
import { PET_GENDERS, PET_SIZES, PET_TYPES, petMessages } from './pets';

/* ------------------------------------------------------------------ constants (DESIGN sections 5 and 7) */

export const ADOPTION_STATES = ['nueva', 'en_revision', 'aprobada', 'rechazada', 'retirada'] as const;
export type AdoptionState = (typeof ADOPTION_STATES)[number];
/** States in which a request is still being decided. */
export const ADOPTION_OPEN_STATES = ['nueva', 'en_revision'] as const satisfies readonly AdoptionState[];
export const HOUSING_TYPES = ['casa', 'departamento', 'otro'] as const;

/** The only moves staff may make: nueva -> en_revision -> aprobada | rechazada; retirada from any open state. */
export const ADOPTION_MOVES: Record<AdoptionState, readonly AdoptionState[]> = {
  nueva: ['en_revision', 'retirada'],
  en_revision: ['aprobada', 'rechazada', 'retirada'],
  aprobada: [],
  rechazada: [],
  retirada: [],
};

export function canMove(from: AdoptionState, to: AdoptionState): boolean {
  return ADOPTION_MOVES[from].includes(to);
}

export function isOpenState(estado: AdoptionState): boolean {
  return (ADOPTION_OPEN_STATES as readonly AdoptionState[]).includes(estado);
}

export const APPLICANT_NAME_MAX = 100;
export const APPLICANT_EMAIL_MAX = 254;
export const APPLICANT_PHONE_MAX = 30;
export const APPLICANT_CITY_MAX = 100;
export const APPLICANT_ADDRESS_MAX = 200;
export const APPLICANT_AGE_MIN = 18;
export const APPLICANT_AGE_MAX = 120;
export const PEOPLE_AT_HOME_MAX = 30;
export const CHILDREN_AT_HOME_MAX = 20;
export const APPLICATION_TEXT_MAX = 2000;
export const STAFF_NOTE_MAX = 2000;
export const ADOPTION_PAGE_SIZE_DEFAULT = 20;
export const ADOPTION_PAGE_SIZE_MAX = 100;
/** The .csv and .xlsx exports stop after this many rows (the list's filters narrow it). */
export const ADOPTION_EXPORT_MAX_ROWS = 10_000;
export const PUBLIC_PAGE_SIZE_DEFAULT = 12;
export const PUBLIC_PAGE_SIZE_MAX = 48;

/* ------------------------------------------------------------------ Spanish texts */

export const adoptionStateLabels: Record<AdoptionState, string> = {
  nueva: 'Nueva',
  en_revision: 'En revisión',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
  retirada: 'Retirada',
};

export const housingLabels: Record<(typeof HOUSING_TYPES)[number], string> = {
  casa: 'Casa',
  departamento: 'Departamento',
  otro: 'Otro',
};

export const adoptionMessages = {
  nameRequired: 'Escribe tu nombre completo.',
  nameTooLong: `El nombre no puede superar los ${APPLICANT_NAME_MAX} caracteres.`,
  emailInvalid: 'Escribe un correo electrónico válido.',
  phoneInvalid: 'Escribe un teléfono válido (solo números, espacios, +, guiones o paréntesis).',
  ageInvalid: 'Escribe tu edad en años (un número entero).',
  ageMinor: 'Debes ser mayor de edad (18 años o más) para solicitar una adopción.',
  ageTooHigh: `La edad no puede ser mayor de ${APPLICANT_AGE_MAX}.`,
  cityRequired: 'Escribe tu ciudad.',
  cityTooLong: `La ciudad no puede superar los ${APPLICANT_CITY_MAX} caracteres.`,
  addressRequired: 'Escribe tu dirección.',
  addressTooLong: `La dirección no puede superar los ${APPLICANT_ADDRESS_MAX} caracteres.`,
  housingInvalid: 'Elige casa, departamento u otro.',
  yesNoRequired: 'Elige sí o no.',
  landlordRequired: 'Si alquilas, indica si el propietario permite mascotas.',
  landlordRefused: 'Si alquilas, necesitas el permiso del propietario para tener una mascota.',
  peopleInvalid: `Indica cuántas personas viven en casa (de 1 a ${PEOPLE_AT_HOME_MAX}).`,
  childrenInvalid: `Indica cuántos niños viven en casa (de 0 a ${CHILDREN_AT_HOME_MAX}).`,
  childrenMoreThanPeople: 'Los niños no pueden ser más que las personas que viven en casa.',
  hoursInvalid: 'Indica cuántas horas al día estaría sola la mascota (de 0 a 24).',
  textTooLong: `El texto no puede superar los ${APPLICATION_TEXT_MAX} caracteres.`,
  reasonRequired: 'Cuéntanos por qué quieres adoptar.',
  noHtml: 'No se admiten etiquetas HTML.',
  noFormula: 'No puede empezar con =, +, - o @.',
  visitRequired: 'Debes aceptar la visita al hogar para continuar.',
  privacyRequired: 'Debes aceptar el aviso de privacidad para continuar.',
  petRequired: 'Elige una mascota.',
  petNotFound: 'Esta mascota ya no está disponible para adopción.',
  duplicate: 'Ya enviaste una solicitud para esta mascota con este correo en las últimas 24 horas. La revisaremos pronto.',
  received: '¡Solicitud enviada!',
  receivedText: 'Gracias por querer adoptar. Revisaremos tu solicitud y te contactaremos por correo o teléfono.',
  notFound: 'No existe una solicitud de adopción con ese identificador.',
  forbiddenMove: (from: AdoptionState, to: AdoptionState) =>
    `No se puede pasar una solicitud de «${adoptionStateLabels[from]}» a «${adoptionStateLabels[to]}».`,
  stale: 'Otra persona cambió esta solicitud mientras la revisabas. Recarga para ver su estado actual.',
  stateInvalid: 'El estado debe ser nueva, en_revision, aprobada, rechazada o retirada.',
  noteRequired: 'Escribe la nota.',
  noteTooLong: `La nota no puede superar los ${STAFF_NOTE_MAX} caracteres.`,
  autoClosedNote: 'Cerrada automáticamente: se aprobó otra solicitud para esta mascota.',
  petDeleted: 'Esta mascota está eliminada y no se puede marcar como adoptada. Restáurala antes de aprobar con «marcar como adoptada».',
  busy: 'Otra persona estaba cambiando a la vez las solicitudes de esta mascota. Recarga para ver su estado actual e inténtalo de nuevo.',
  closedPetAdoptedNote: 'Cerrada automáticamente: la mascota se marcó como adoptada.',
  versionInvalid: 'La versión no es válida.',
} as const;

/* ------------------------------------------------------------------ the public application (POST /api/public/solicitudes-adopcion) */

const HTML_TAG = /<\s*\/?\s*[a-z!?]/i;
const FORMULA_START = /^[=+\-@]/;

/** Short free text: trimmed, bounded, no HTML tags, no spreadsheet formula start. */
function shortText(required: string, tooLong: string, max: number) {
  return safeText({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((v) => !HTML_TAG.test(v), adoptionMessages.noHtml)
    .refine((v) => !FORMULA_START.test(v), adoptionMessages.noFormula);
}

function longText(max = APPLICATION_TEXT_MAX) {
  return safeText({ error: adoptionMessages.textTooLong })
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
    email: safeText({ error: adoptionMessages.emailInvalid })
      .trim()
      .max(APPLICANT_EMAIL_MAX, adoptionMessages.emailInvalid)
      .pipe(z.email({ error: adoptionMessages.emailInvalid })),
    telefono: safeText({ error: adoptionMessages.phoneInvalid })
      .trim()
      .max(APPLICANT_PHONE_MAX, adoptionMessages.phoneInvalid)
      .regex(/^\+?[0-9 ()-]{6,}$/, adoptionMessages.phoneInvalid)
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
    motivo: safeText({ error: adoptionMessages.reasonRequired })
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
    sitioWeb: safeText().max(500).optional(),
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
});
export type PublicPet = z.infer<typeof publicPetSchema>;

export const listPublicPetsQuerySchema = z.object({
  q: safeText().trim().max(100).optional().describe('Busca en nombre, historia, personalidad y etiquetas, sin distinguir acentos'),
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
  q: safeText().trim().max(100).optional().describe('Busca en nombre, correo y teléfono, sin distinguir acentos'),
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
  eventos: z.array(adoptionRequestEventSchema).describe('Movimientos de estado y notas, del más antiguo al más reciente'),
});
export type AdoptionRequest = z.infer<typeof adoptionRequestSchema>;

export const adoptionRequestIdParamsSchema = z.object({
  id: z.coerce.number({ error: adoptionMessages.notFound }).int(adoptionMessages.notFound).min(1).max(2_147_483_647),
});

const noteSchema = safeText({ error: adoptionMessages.noteRequired }).trim().max(STAFF_NOTE_MAX, adoptionMessages.noteTooLong);

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

export const addAdoptionNoteInputSchema = z.object({ nota: noteSchema.pipe(safeText().min(1, adoptionMessages.noteRequired)) });
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
