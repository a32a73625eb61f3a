import { z } from 'zod';
import { dayMessages } from './days';
import { STERILISED_VALUES } from './pet-kinds';
import { isCalendarDay, oneLineText } from './text';

/*
 * The pet's identity (DESIGN section 11): extra fields of `GET /phpApi/mascota/{id}`, settable through
 * `actualizar` and `nueva`. The specification's fields and encodings stay as they are.
 */

export const MICROCHIP_DIGITS = 15;
export const IDENTITY_TEXT_MAX_LENGTH = 100;

/** Where an animal came from (DESIGN section 16): asked at its entry, printed in the register book. */
export const PROCEDENCIAS = ['abandono', 'cesion', 'rescate', 'extraviado', 'nacimiento', 'traslado', 'decomiso', 'otra'] as const;
export type Procedencia = (typeof PROCEDENCIAS)[number];
export const procedenciaLabels: Record<Procedencia, string> = {
  abandono: 'Abandono',
  cesion: 'Cesión de su propietario',
  rescate: 'Rescate',
  extraviado: 'Extraviado',
  nacimiento: 'Nacimiento en el refugio',
  traslado: 'Traslado desde otra entidad',
  decomiso: 'Decomiso o intervención',
  otra: 'Otra',
};
/** How a pet without a recorded origin is shown, and the list filter that finds them. */
export const PROCEDENCIA_SIN_INDICAR = 'sin_indicar';
export const PROCEDENCIA_DETAIL_MAX_LENGTH = 200;

export const petIdentityMessages = {
  textTooLong: `El texto no puede superar los ${IDENTITY_TEXT_MAX_LENGTH} caracteres.`,
  flagInvalid: "El valor debe ser '0' o '1'.",
  microchipInvalid: `El microchip debe tener exactamente ${MICROCHIP_DIGITS} dígitos.`,
  microchipTaken: (nombre: string, id: number) => `Ese microchip ya lo tiene «${nombre}» (mascota ${id}).`,
  sterilisedInvalid: 'Esterilizado debe ser si, no o desconocido.',
  procedenciaInvalid: 'Elige la procedencia de la lista.',
  procedenciaDetailTooLong: `El detalle de la procedencia no puede superar los ${PROCEDENCIA_DETAIL_MAX_LENGTH} caracteres.`,
  birthInFuture: 'La fecha de nacimiento no puede ser posterior a hoy.',
  sterilisedDateInFuture: 'La fecha de esterilización no puede ser posterior a hoy.',
} as const;

/* ------------------------------------------------------------------ identity on the pet */

/**
 * The identity fields of `POST /phpApi/mascota/{id}/actualizar` and `/phpApi/mascota/nueva` (multipart text
 * fields). Each is optional: a field not sent keeps its value (the specification's clients know none of them);
 * '' clears it.
 */
export const petIdentityFieldsSchema = z.object({
  raza: oneLineText().trim().max(IDENTITY_TEXT_MAX_LENGTH, petIdentityMessages.textTooLong).optional(),
  color: oneLineText().trim().max(IDENTITY_TEXT_MAX_LENGTH, petIdentityMessages.textTooLong).optional(),
  fechaNacimiento: oneLineText()
    .trim()
    .refine((v) => v === '' || isCalendarDay(v), dayMessages.dateInvalid)
    .optional(),
  fechaNacimientoAprox: z.enum(['0', '1'], { error: petIdentityMessages.flagInvalid }).optional(),
  microchip: oneLineText()
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .refine((v) => v === '' || new RegExp(`^\\d{${MICROCHIP_DIGITS}}$`).test(v), petIdentityMessages.microchipInvalid)
    .optional()
    .describe(`${MICROCHIP_DIGITS} dígitos (se ignoran espacios, puntos y guiones); '' lo quita`),
  esterilizado: z.enum(STERILISED_VALUES, { error: petIdentityMessages.sterilisedInvalid }).optional(),
  fechaEsterilizacion: oneLineText()
    .trim()
    .refine((v) => v === '' || isCalendarDay(v), dayMessages.dateInvalid)
    .optional(),
  procedencia: z
    .enum([...PROCEDENCIAS, ''], { error: petIdentityMessages.procedenciaInvalid })
    .optional()
    .describe("De dónde llegó al refugio; '' la deja sin indicar"),
  procedenciaDetalle: oneLineText()
    .trim()
    .max(PROCEDENCIA_DETAIL_MAX_LENGTH, petIdentityMessages.procedenciaDetailTooLong)
    .optional()
    .describe('Detalle de la procedencia: quién la cedió, dónde se encontró, de qué entidad viene...'),
});
export type PetIdentityFieldsInput = z.input<typeof petIdentityFieldsSchema>;
export type PetIdentityFields = z.output<typeof petIdentityFieldsSchema>;

/** The identity fields added to `GET /phpApi/mascota/{id}` ('' when unknown, like the specification's fields). */
export const petIdentitySchema = z.object({
  raza: z.string(),
  color: z.string(),
  fechaNacimiento: z.string().describe("'AAAA-MM-DD' o ''"),
  fechaNacimientoAprox: z.enum(['0', '1']).describe("'1': la fecha de nacimiento es aproximada"),
  microchip: z.string().describe(`${MICROCHIP_DIGITS} dígitos o ''`),
  esterilizado: z.enum(STERILISED_VALUES),
  fechaEsterilizacion: z.string().describe("'AAAA-MM-DD' o ''"),
  procedencia: z.enum([...PROCEDENCIAS, '']).describe("De dónde llegó; '' si está sin indicar"),
  procedenciaDetalle: z.string(),
  pesoKg: z.number().nullable().describe('El último peso registrado (solo lectura)'),
});
export type PetIdentity = z.infer<typeof petIdentitySchema>;

/** Extra filters of the staff pet list (`GET /api/mascotas`). */
export const petListCareFiltersSchema = z.object({
  esterilizado: z.enum(STERILISED_VALUES, { error: petIdentityMessages.sterilisedInvalid }).optional(),
  conMicrochip: z.enum(['0', '1']).optional().describe("'1': solo con microchip; '0': solo sin microchip"),
  procedencia: z
    .enum([...PROCEDENCIAS, PROCEDENCIA_SIN_INDICAR], { error: petIdentityMessages.procedenciaInvalid })
    .optional()
    .describe(`'${PROCEDENCIA_SIN_INDICAR}': las que aún no tienen procedencia, para completarlas`),
});
