import { z } from 'zod';
import { type LocationType, PET_SIZES, PET_TYPES, personRefSchema, petLocationSchema } from './pets';
import { PROCEDENCIAS, PROCEDENCIA_DETAIL_MAX_LENGTH, petIdentityMessages } from './pet-identity';
import { calendarDate, multiLineText, oneLineText } from './text';

/*
 * Where each pet is (DESIGN section 12): its movements (intake, foster placement, adoption, return, transfer,
 * death), the location they give it, and foster homes (a profile on the person, the homes' list and the homes
 * suggested for a pet).
 */

export const MOVEMENT_TYPES = ['ingreso', 'acogida', 'adopcion', 'devolucion', 'traslado', 'fallecimiento'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
/** The movements that place a pet with a person until a `devolucion` closes them. */
export const PLACEMENT_TYPES = ['acogida', 'adopcion'] as const satisfies readonly MovementType[];
/** After these the pet is never public again. */
export const FINAL_MOVEMENT_TYPES = ['traslado', 'fallecimiento'] as const satisfies readonly MovementType[];

export const MOVEMENT_REASON_MAX = 500;
export const MOVEMENT_NOTES_MAX = 2000;
export const MOVEMENT_VET_MAX = 200;
export const FOSTER_CAPACITY_MAX = 50;
export const FOSTER_NOTES_MAX = 2000;
export const FOSTER_UNAVAILABLE_MAX = 50;

export const movementTypeLabels: Record<MovementType, string> = {
  ingreso: 'Ingreso',
  acogida: 'Acogida',
  adopcion: 'Adopción',
  devolucion: 'Devolución',
  traslado: 'Traslado',
  fallecimiento: 'Fallecimiento',
};

export const locationLabels: Record<LocationType, string> = {
  refugio: 'En el refugio',
  acogida: 'En acogida',
  adoptado: 'Adoptado',
  trasladado: 'Trasladado',
  fallecido: 'Fallecido',
};

export const movementMessages = {
  typeInvalid: 'Elige un tipo de movimiento de la lista.',
  dateInvalid: 'Escribe una fecha válida (AAAA-MM-DD).',
  dateInFuture: 'La fecha no puede ser futura.',
  dateBeforePrevious: (previous: string) => `La fecha no puede ser anterior al último movimiento (${previous}).`,
  personRequired: 'Elige la persona con la que va la mascota.',
  personNotFound: 'La persona no existe.',
  personAnonymised: 'Esta persona está anonimizada: no se le pueden asignar mascotas.',
  reasonRequired: 'Escribe el motivo de la devolución.',
  causeRequired: 'Escribe la causa de la muerte.',
  procedenciaOnlyOnEntry: 'La procedencia solo se indica en un ingreso.',
  vetTooLong: `El nombre del veterinario no puede superar los ${MOVEMENT_VET_MAX} caracteres.`,
  reasonTooLong: `El motivo no puede superar los ${MOVEMENT_REASON_MAX} caracteres.`,
  notesTooLong: `Las notas no pueden superar los ${MOVEMENT_NOTES_MAX} caracteres.`,
  placementOpen: 'La mascota ya está en acogida o adoptada: registra antes la devolución.',
  nothingToReturn: 'La mascota no está en acogida ni adoptada: no hay nada que devolver.',
  finalLocation: 'La mascota fue trasladada o falleció: no admite más movimientos.',
  neverPublic: 'La mascota fue trasladada o falleció: no se puede publicar ni programar.',
  stale: 'Otra persona cambió esta mascota mientras registrabas el movimiento. Recarga para ver los cambios.',
  returnedFromList: 'Desmarcada como adoptada desde la lista',
  adoptionRecordedBefore: 'Adopción registrada antes de los movimientos',
} as const;

export const fosterMessages = {
  capacityInvalid: `La capacidad debe ser un número entero entre 1 y ${FOSTER_CAPACITY_MAX}.`,
  speciesInvalid: 'Elige las especies de la lista.',
  sizesInvalid: 'Elige los tamaños de la lista.',
  rangeInvalid: 'Cada periodo sin disponibilidad necesita una fecha de inicio y otra de fin, no anterior al inicio.',
  rangesTooMany: `Como mucho ${FOSTER_UNAVAILABLE_MAX} periodos sin disponibilidad.`,
  notesTooLong: `Las notas no pueden superar los ${FOSTER_NOTES_MAX} caracteres.`,
  noProfile: 'Esta persona no tiene ficha de acogida.',
  stale: 'Otra persona cambió esta ficha de acogida mientras la editabas. Recarga para ver los cambios.',
} as const;

const isoDate = calendarDate(movementMessages.dateInvalid);

export const movementInputSchema = z.object({
  tipo: z.enum(MOVEMENT_TYPES, { error: movementMessages.typeInvalid }),
  fecha: isoDate.describe('AAAA-MM-DD, no futura ni anterior al último movimiento'),
  personaId: z.number().int().min(1).max(2_147_483_647).optional().describe('Obligatoria en acogida y adopción'),
  motivo: multiLineText()
    .trim()
    .max(MOVEMENT_REASON_MAX, movementMessages.reasonTooLong)
    .optional()
    .describe('Obligatorio en devolución; en fallecimiento, la causa de la muerte (obligatoria)'),
  veterinario: oneLineText()
    .trim()
    .max(MOVEMENT_VET_MAX, movementMessages.vetTooLong)
    .optional()
    .describe('Quien certificó la muerte o atendió (nombre, clínica o número de colegiado), sobre todo en fallecimiento'),
  procedencia: z
    .enum(PROCEDENCIAS, { error: petIdentityMessages.procedenciaInvalid })
    .optional()
    .describe('En un ingreso: de dónde llega (el libro de registro la muestra); solo en ingreso'),
  procedenciaDetalle: oneLineText().trim().max(PROCEDENCIA_DETAIL_MAX_LENGTH, petIdentityMessages.procedenciaDetailTooLong).optional(),
  notas: multiLineText().trim().max(MOVEMENT_NOTES_MAX, movementMessages.notesTooLong).optional(),
  cerrarAcogida: z
    .boolean()
    .optional()
    .describe(
      'Adopción o acogida de una mascota que está en acogida: cierra antes la acogida abierta con una devolución en la misma fecha («Pasa a adopción» o «Pasa a otra casa de acogida»); sin él responde 409',
    ),
  version: z.number().int().min(1).describe('Versión de la mascota: si ya no es la actual responde 409'),
});
export type MovementInput = z.infer<typeof movementInputSchema>;

export const movementSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(MOVEMENT_TYPES),
  fecha: z.string(),
  persona: personRefSchema.nullable(),
  motivo: z.string(),
  veterinario: z.string().describe('Vacío si no se indicó'),
  procedencia: z.enum(PROCEDENCIAS).nullable().describe('En un ingreso: de dónde llegó (null: sin indicar)'),
  procedenciaDetalle: z.string(),
  notas: z.string(),
  abierta: z.boolean().describe('Una acogida o adopción que ninguna devolución cerró aún'),
  creadoPor: z.string().nullable().describe('Nombre de quien lo registró (null si la cuenta ya no existe)'),
  createdAt: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

export const movementsResponseSchema = z.object({
  ubicacion: petLocationSchema,
  movimientos: z.array(movementSchema).describe('Del más reciente al más antiguo'),
  version: z.number().int().describe('Versión actual de la mascota'),
});
export type MovementsResponse = z.infer<typeof movementsResponseSchema>;

/* ------------------------------------------------------------------ foster homes */

export const unavailableRangeSchema = z
  .object({ desde: isoDate, hasta: isoDate })
  .refine((r) => r.desde <= r.hasta, { message: fosterMessages.rangeInvalid, path: ['hasta'] });

export const fosterProfileInputSchema = z.object({
  capacidad: z
    .number({ error: fosterMessages.capacityInvalid })
    .int(fosterMessages.capacityInvalid)
    .min(1, fosterMessages.capacityInvalid)
    .max(FOSTER_CAPACITY_MAX, fosterMessages.capacityInvalid),
  especies: z
    .array(z.enum(PET_TYPES, { error: fosterMessages.speciesInvalid }))
    .max(PET_TYPES.length)
    .default([]),
  tamanos: z
    .array(z.enum(PET_SIZES, { error: fosterMessages.sizesInvalid }))
    .max(PET_SIZES.length)
    .default([]),
  conNinos: z.boolean().default(false),
  conPerros: z.boolean().default(false),
  conGatos: z.boolean().default(false),
  noDisponible: z.array(unavailableRangeSchema).max(FOSTER_UNAVAILABLE_MAX, fosterMessages.rangesTooMany).default([]),
  notas: multiLineText().trim().max(FOSTER_NOTES_MAX, fosterMessages.notesTooLong).default(''),
  version: z.number().int().min(1).optional().describe('Al editar una ficha existente: si ya no es la actual responde 409'),
});
export type FosterProfileInput = z.infer<typeof fosterProfileInputSchema>;

export const fosterProfileSchema = z.object({
  personaId: z.number().int(),
  capacidad: z.number().int(),
  especies: z.array(z.enum(PET_TYPES)),
  tamanos: z.array(z.enum(PET_SIZES)),
  conNinos: z.boolean(),
  conPerros: z.boolean(),
  conGatos: z.boolean(),
  noDisponible: z.array(z.object({ desde: z.string(), hasta: z.string() })),
  notas: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type FosterProfile = z.infer<typeof fosterProfileSchema>;

export const fosterPetSchema = z.object({ id: z.number().int(), nombre: z.string(), tipo: z.string(), desde: z.string() });

export const fosterHomeSchema = z.object({
  persona: personRefSchema,
  capacidad: z.number().int(),
  ocupadas: z.number().int(),
  mascotas: z.array(fosterPetSchema),
  ultimaNovedad: z.string().nullable().describe('Fecha de la última novedad enviada por la acogida; null si no hay'),
  disponibleHoy: z.boolean().describe('Con plazas libres y fuera de sus periodos sin disponibilidad'),
});
export type FosterHome = z.infer<typeof fosterHomeSchema>;

const optionalFlag = z.enum(['0', '1']).optional();
export const listFosterHomesQuerySchema = z.object({
  disponibles: optionalFlag.describe("'1': solo las que tienen plaza hoy y están disponibles"),
  tipo: z.enum(PET_TYPES, { error: fosterMessages.speciesInvalid }).optional(),
  tamano: z.enum(PET_SIZES, { error: fosterMessages.sizesInvalid }).optional(),
});
export type ListFosterHomesQuery = z.infer<typeof listFosterHomesQuerySchema>;

export const fosterHomesResponseSchema = z.object({ items: z.array(fosterHomeSchema) });

export const fosterSuggestionSchema = fosterHomeSchema.extend({
  libres: z.number().int(),
  ultimaAcogida: z.string().nullable().describe('Fecha de su acogida más reciente, o null si nunca acogió'),
  motivos: z.string().describe('Por qué se sugiere, en una frase'),
});
export type FosterSuggestion = z.infer<typeof fosterSuggestionSchema>;
export const fosterSuggestionsResponseSchema = z.object({ items: z.array(fosterSuggestionSchema) });

export const fosterPersonParamsSchema = z.object({
  id: z.coerce.number({ error: 'Falta el id de la persona.' }).int().min(1).max(2_147_483_647),
});
