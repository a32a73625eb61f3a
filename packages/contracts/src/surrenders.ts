import { z } from 'zod';
import { HONEYPOT_FIELD } from './intake';
import { MICROCHIP_DIGITS } from './pet-identity';
import { PET_GENDERS, PET_TYPES } from './pet-kinds';
import { normaliseFiscalId } from './fiscal-id';
import { SURRENDER_LIMITS, SURRENDER_STATES, SURRENDER_URGENCIES, surrenderDocumentProblem, surrenderMessages } from './surrender-kinds';
import { MESSAGE_CHANNELS, TEMPLATE_BODY_MAX, TEMPLATE_SUBJECT_MAX, type TemplateKey, messageSchema, templateMessages } from './templates';
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
    documento: oneLineText(
      { error: surrenderMessages.documentRequired },
      { invalidCharacters: surrenderMessages.documentFormat, lineBreak: surrenderMessages.documentFormat },
    )
      .max(30, surrenderMessages.documentFormat)
      .superRefine((v, ctx) => {
        const message = surrenderDocumentProblem(v);
        if (message !== null) ctx.addIssue({ code: 'custom', message });
      })
      .transform(normaliseFiscalId)
      .describe("DNI o NIE del propietario (obligatorio), guardado en mayúsculas y sin separadores: '12.345.678-z' -> '12345678Z'"),
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
  documento: z.string().describe('DNI o NIE del propietario, normalizado; vacío en las solicitudes anteriores a pedirlo'),
  documentoPersona: z
    .string()
    .nullable()
    .describe(
      'Lo que la ficha de la persona cedente guarda como documento (o NIF) cuando no es el DNI/NIE de la solicitud ("" si no guarda ninguno): un formulario público no lo cambia, lo confirma el equipo. null: coincide, o no hay persona',
    ),
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
  organizacionSinNif: z
    .boolean()
    .describe('Configuración no tiene el NIF de la entidad: el contrato de cesión no puede nombrarlo (se escribe y se prepara de nuevo)'),
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

/* ------------------------------------------------------------------ messages to the owner */

/** The template each step offers to write to the owner with (staff see it filled in and may edit it). */
export const SURRENDER_MESSAGE_TEMPLATES = {
  lista_espera: 'cesion_lista_espera',
  aceptada: 'cesion_aceptada',
  rechazada: 'cesion_rechazada',
  retirada: 'cesion_retirada',
} as const satisfies Partial<Record<(typeof SURRENDER_STATES)[number], TemplateKey>>;
export const SURRENDER_MESSAGE_KEYS = Object.values(SURRENDER_MESSAGE_TEMPLATES);
export type SurrenderMessageKey = (typeof SURRENDER_MESSAGE_KEYS)[number];

export const surrenderMessageTexts = {
  templateInvalid: 'Elige una de las plantillas de las cesiones.',
  subjectRequired: 'Escribe el asunto del correo.',
  bodyRequired: 'Escribe el texto del mensaje.',
  noEmail: 'Esta solicitud no tiene correo electrónico: escribe por WhatsApp.',
  noPhone: 'Esta solicitud no tiene teléfono: escribe por correo.',
} as const;

const surrenderMessageKey = z.enum(SURRENDER_MESSAGE_KEYS, { error: surrenderMessageTexts.templateInvalid });

/** `GET /api/cesiones/{id}/mensaje?plantilla=`: the template (by default the one of the request's state). */
export const surrenderMessageDraftQuerySchema = z.object({ plantilla: surrenderMessageKey.optional() });

/** The message as staff see it before sending: the template filled in with the request's data, to edit. */
export const surrenderMessageDraftSchema = z.object({
  plantilla: surrenderMessageKey.nullable().describe('null: el estado no tiene plantilla (se escribe el texto)'),
  asunto: z.string(),
  cuerpo: z.string(),
  canales: z.object({ email: z.boolean(), whatsapp: z.boolean() }).describe('Qué datos de contacto dejó el propietario'),
});
export type SurrenderMessageDraft = z.infer<typeof surrenderMessageDraftSchema>;

/** `POST /api/cesiones/{id}/mensajes`: the text as staff left it (started from `plantilla`, when one). */
export const surrenderMessageInputSchema = z.object({
  canal: z.enum(MESSAGE_CHANNELS, { error: 'Elige correo o WhatsApp.' }),
  plantilla: surrenderMessageKey.optional().describe('La plantilla de la que se partió (se guarda con el mensaje)'),
  asunto: oneLineText().trim().max(TEMPLATE_SUBJECT_MAX, templateMessages.subjectTooLong).default('').describe('Obligatorio por correo'),
  cuerpo: multiLineText({ error: surrenderMessageTexts.bodyRequired })
    .trim()
    .min(1, surrenderMessageTexts.bodyRequired)
    .max(TEMPLATE_BODY_MAX, templateMessages.bodyTooLong),
});
export type SurrenderMessageInput = z.infer<typeof surrenderMessageInputSchema>;

/** `GET /api/cesiones/{id}/mensajes`: what was written to the owner about the request, the most recent first. */
export const surrenderMessagesSchema = z.object({ items: z.array(messageSchema) });
