import { z } from 'zod';
import { dayMessages } from './days';
import { isCalendarDay, oneLineText } from './text';

/*
 * The pet's identity (DESIGN section 11): extra fields of `GET /phpApi/mascota/{id}`, settable through
 * `actualizar` and `nueva`. The specification's fields and encodings stay as they are.
 */

export const STERILISED_VALUES = ['si', 'no', 'desconocido'] as const;
export type Sterilised = (typeof STERILISED_VALUES)[number];
export const sterilisedLabels: Record<Sterilised, string> = { si: 'Sí', no: 'No', desconocido: 'Desconocido' };
export const MICROCHIP_DIGITS = 15;
export const IDENTITY_TEXT_MAX_LENGTH = 100;

export const petIdentityMessages = {
  textTooLong: `El texto no puede superar los ${IDENTITY_TEXT_MAX_LENGTH} caracteres.`,
  flagInvalid: "El valor debe ser '0' o '1'.",
  microchipInvalid: `El microchip debe tener exactamente ${MICROCHIP_DIGITS} dígitos.`,
  microchipTaken: (nombre: string, id: number) => `Ese microchip ya lo tiene «${nombre}» (mascota ${id}).`,
  sterilisedInvalid: 'Esterilizado debe ser si, no o desconocido.',
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
  pesoKg: z.number().nullable().describe('El último peso registrado (solo lectura)'),
});
export type PetIdentity = z.infer<typeof petIdentitySchema>;

/** Extra filters of the staff pet list (`GET /api/mascotas`). */
export const petListCareFiltersSchema = z.object({
  esterilizado: z.enum(STERILISED_VALUES, { error: petIdentityMessages.sterilisedInvalid }).optional(),
  conMicrochip: z.enum(['0', '1']).optional().describe("'1': solo con microchip; '0': solo sin microchip"),
});
