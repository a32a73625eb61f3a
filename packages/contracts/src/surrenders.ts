import { z } from 'zod';
import { HONEYPOT_FIELD } from './intake';
import { MICROCHIP_DIGITS } from './pet-identity';
import { PET_GENDERS, PET_TYPES } from './pet-kinds';
import { SURRENDER_LIMITS, SURRENDER_STATES, SURRENDER_URGENCIES, surrenderMessages } from './surrender-kinds';
import { multiLineText, oneLineText } from './text';

export * from './surrender-kinds';

/*
 * Surrenders (cesiones, DESIGN section 19): an owner asks the shelter to take their animal through the public form
 * `/cesion`; staff move the request along `nueva -> lista_espera -> aceptada -> ingresada`, or close it as
 * `rechazada` / `retirada`.
 */

const requiredLine = (message: string, max: number) => oneLineText({ error: message }).trim().min(1, message).max(max, surrenderMessages.tooLong);

/**
 * The text fields of `POST /api/public/cesiones` (multipart, so every value is a string): the owner, the animal,
 * the reason and the urgency, the privacy acceptance and the honeypot. The public page checks with this schema too.
 */
export const surrenderFieldsSchema = z
  .object({
    nombre: requiredLine(surrenderMessages.nameRequired, 120),
    email: oneLineText()
      .trim()
      .max(254, surrenderMessages.emailInvalid)
      .refine((v) => v === '' || z.email().safeParse(v).success, surrenderMessages.emailInvalid)
      .default(''),
    telefono: oneLineText()
      .trim()
      .max(30, surrenderMessages.phoneInvalid)
      .regex(/^[\d\s+()./-]*$/, surrenderMessages.phoneInvalid)
      .default(''),
    nombreAnimal: requiredLine(surrenderMessages.animalNameRequired, 80),
    especie: z.enum(PET_TYPES, { error: surrenderMessages.speciesInvalid }),
    sexo: z.enum(PET_GENDERS, { error: surrenderMessages.sexInvalid }),
    edad: requiredLine(surrenderMessages.ageRequired, 60),
    microchip: oneLineText()
      .trim()
      .refine((v) => v === '' || new RegExp(`^\\d{${MICROCHIP_DIGITS}}$`).test(v), surrenderMessages.microchipInvalid)
      .default(''),
    motivo: multiLineText({ error: surrenderMessages.reasonRequired })
      .trim()
      .min(1, surrenderMessages.reasonRequired)
      .max(4000, surrenderMessages.tooLong),
    urgencia: z.enum(SURRENDER_URGENCIES, { error: surrenderMessages.urgencyInvalid }),
    aceptaPrivacidad: z.enum(['true', '1', 'on'], { error: surrenderMessages.privacyRequired }),
    [HONEYPOT_FIELD]: oneLineText().optional(),
  })
  .refine((v) => v.email !== '' || v.telefono !== '', { message: surrenderMessages.contactRequired, path: ['email'] });
export type SurrenderFieldsInput = z.input<typeof surrenderFieldsSchema>;
export type SurrenderFields = z.output<typeof surrenderFieldsSchema>;

export const surrenderCreatedSchema = z.object({ id: z.number().int().describe('Número de referencia de la solicitud') });

export const surrenderPhotoSchema = z.object({ indice: z.number().int(), width: z.number().int(), height: z.number().int() });

export const surrenderSchema = z.object({
  id: z.number().int(),
  estado: z.enum(SURRENDER_STATES),
  nombre: z.string(),
  email: z.string(),
  telefono: z.string(),
  nombreAnimal: z.string(),
  especie: z.enum(PET_TYPES),
  sexo: z.enum(PET_GENDERS),
  edad: z.string(),
  microchip: z.string(),
  motivo: z.string(),
  urgencia: z.enum(SURRENDER_URGENCIES),
  fotos: z.array(surrenderPhotoSchema),
  notas: z.string(),
  motivoDecision: z.string(),
  personaId: z.number().int().nullable(),
  mascotaId: z.number().int().nullable(),
  documentoId: z.number().int().nullable().describe('El contrato de cesión, cuando existe'),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Surrender = z.infer<typeof surrenderSchema>;

export const listSurrendersQuerySchema = z.object({
  estado: z.enum(SURRENDER_STATES, { error: 'Estado no válido.' }).optional(),
});
export const surrenderCapacitySchema = z.object({
  especie: z.string(),
  enRefugio: z.number().int(),
  capacidad: z.number().int().nullable().describe('Plazas escritas en Configuración para la especie; null: sin límite escrito'),
});
export const listSurrendersResponseSchema = z.object({
  items: z.array(surrenderSchema),
  capacidad: z
    .array(surrenderCapacitySchema)
    .describe('Mascotas en el refugio y plazas por especie (las especies con mascotas o con plazas escritas)'),
});
export type SurrenderList = z.infer<typeof listSurrendersResponseSchema>;

export const surrenderStateInputSchema = z.object({
  estado: z.enum(SURRENDER_STATES, { error: 'Estado no válido.' }),
  version: z.number().int().min(0),
  motivo: multiLineText().trim().max(2000, surrenderMessages.tooLong).optional(),
});
export type SurrenderStateInput = z.infer<typeof surrenderStateInputSchema>;

export const surrenderNotesInputSchema = z.object({
  notas: multiLineText().trim().max(8000, surrenderMessages.tooLong),
  version: z.number().int().min(0),
});
export type SurrenderNotesInput = z.infer<typeof surrenderNotesInputSchema>;

export const surrenderPhotoParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  indice: z.coerce
    .number()
    .int()
    .min(0)
    .max(SURRENDER_LIMITS.photos - 1),
});
