import { z } from 'zod';
import { HONEYPOT_FIELD } from './intake';
import { MICROCHIP_DIGITS } from './pet-identity';
import { PET_GENDERS, PET_TYPES } from './pet-kinds';
import { multiLineText, oneLineText } from './text';

/*
 * Surrenders (cesiones, DESIGN section 19): an owner asks the shelter to take their animal through the public form
 * `/cesion`; staff move the request along `nueva -> lista_espera -> aceptada -> ingresada`, or close it as
 * `rechazada` / `retirada`.
 */

export const SURRENDER_STATES = ['nueva', 'lista_espera', 'aceptada', 'ingresada', 'rechazada', 'retirada'] as const;
export type SurrenderState = (typeof SURRENDER_STATES)[number];
export const SURRENDER_URGENCIES = ['baja', 'media', 'alta'] as const;
export type SurrenderUrgency = (typeof SURRENDER_URGENCIES)[number];

/** Up to 5 photos of 2 MB each, checked by their content (as the public registration's). */
export const SURRENDER_LIMITS = { photos: 5, photoBytes: 2 * 1024 * 1024 } as const;

/** The steps allowed from each state; any other answers 409. */
export const SURRENDER_STEPS: Record<SurrenderState, readonly SurrenderState[]> = {
  nueva: ['lista_espera', 'aceptada', 'rechazada', 'retirada'],
  lista_espera: ['aceptada', 'rechazada', 'retirada'],
  aceptada: ['ingresada', 'rechazada', 'retirada'],
  ingresada: [],
  rechazada: [],
  retirada: [],
};

export const surrenderStateLabels: Record<SurrenderState, string> = {
  nueva: 'Nueva',
  lista_espera: 'En lista de espera',
  aceptada: 'Aceptada',
  ingresada: 'Ingresada',
  rechazada: 'Rechazada',
  retirada: 'Retirada',
};

export const surrenderUrgencyLabels: Record<SurrenderUrgency, string> = { baja: 'Baja', media: 'Media', alta: 'Alta' };

export const surrenderMessages = {
  nameRequired: 'Indica tu nombre.',
  contactRequired: 'Indica un correo electrónico o un teléfono para que podamos contestarte.',
  emailInvalid: 'El correo electrónico no es válido.',
  phoneInvalid: 'El teléfono no es válido.',
  animalNameRequired: 'Indica el nombre del animal.',
  speciesInvalid: 'Elige la especie: Perro, Gato o Conejo.',
  sexInvalid: 'Elige el sexo: macho o hembra.',
  ageRequired: 'Indica la edad aproximada del animal.',
  microchipInvalid: `El microchip debe tener exactamente ${MICROCHIP_DIGITS} dígitos.`,
  reasonRequired: 'Cuéntanos el motivo de la cesión.',
  urgencyInvalid: 'Elige la urgencia: baja, media o alta.',
  privacyRequired: 'Debes aceptar la política de privacidad para enviar la solicitud.',
  tooLong: 'El texto es demasiado largo.',
  photoTooBig: 'Cada foto puede pesar como máximo 2 MB.',
  tooManyPhotos: `Puedes enviar como máximo ${SURRENDER_LIMITS.photos} fotos.`,
  notFound: 'No existe esa solicitud de cesión.',
  stale: 'Otra persona ha cambiado esta solicitud mientras la veías. Vuelve a cargarla.',
  stepNotAllowed: (from: SurrenderState, to: SurrenderState) =>
    `Una solicitud «${surrenderStateLabels[from]}» no puede pasar a «${surrenderStateLabels[to]}».`,
  reasonForClosing: 'Indica el motivo.',
  photoNotFound: 'No existe esa foto.',
} as const;

const requiredLine = (message: string, max: number) =>
  oneLineText({ error: message }).trim().min(1, message).max(max, surrenderMessages.tooLong);

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
    motivo: multiLineText({ error: surrenderMessages.reasonRequired }).trim().min(1, surrenderMessages.reasonRequired).max(4000, surrenderMessages.tooLong),
    urgencia: z.enum(SURRENDER_URGENCIES, { error: surrenderMessages.urgencyInvalid }),
    aceptaPrivacidad: z.string({ error: surrenderMessages.privacyRequired }).refine((v) => v === 'true' || v === '1' || v === 'on', surrenderMessages.privacyRequired),
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
  capacidad: z.number().int().nullable().describe('null: sin capacidad configurada'),
});
export const listSurrendersResponseSchema = z.object({
  items: z.array(surrenderSchema),
  capacidad: z.array(surrenderCapacitySchema).describe('Mascotas en el refugio por especie'),
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
  indice: z.coerce.number().int().min(0).max(SURRENDER_LIMITS.photos - 1),
});

/** Urgency first (alta, media, baja), then the oldest: how staff read the waiting list. */
export const surrenderUrgencyRank: Record<SurrenderUrgency, number> = { alta: 0, media: 1, baja: 2 };
