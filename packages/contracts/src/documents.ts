import { z } from 'zod';
import {
  DOCUMENT_STATES,
  DOCUMENT_TYPES,
  FEE_MAX,
  PERSON_DOCUMENT_TYPES,
  PAYMENT_METHODS,
  SIGNATURE_LIMITS,
  documentMessages,
} from './document-messages';
import { calendarDate, oneLineText } from './text';
export * from './document-messages';

/*
 * Adoption contracts, the fee and signatures (DESIGN section 13): the wire shapes of `/api/documentos`,
 * `/api/solicitudes-adopcion/{id}/contrato|cuota` and the public `/api/firma/{token}`, their limits and Spanish messages.
 */

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** An amount in euros: non-negative, below FEE_MAX, at most two decimals. */
export const feeAmountSchema = z
  .number({ error: documentMessages.feeInvalid })
  .min(0, documentMessages.feeInvalid)
  .lt(FEE_MAX, documentMessages.feeInvalid)
  .refine((n) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, documentMessages.feeInvalid);

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'Elige un método de pago válido.' });

/** `POST /api/solicitudes-adopcion/{id}/contrato`: the fee may be set at once. */
export const prepareContractInputSchema = z.object({
  cuota: feeAmountSchema.optional(),
  metodoPago: paymentMethodSchema.optional(),
});
export type PrepareContractInput = z.infer<typeof prepareContractInputSchema>;
/** What a contract names that has no value yet: the adopter's document or address, the organisation's e-mail or phone. */
export const CONTRACT_MISSING_FIELDS = [
  'persona.documento',
  'persona.direccion',
  'persona.ciudad',
  'organizacion.email',
  'organizacion.telefono',
] as const;
export type ContractMissingField = (typeof CONTRACT_MISSING_FIELDS)[number];

export const contractMissingLabels: Record<ContractMissingField, string> = {
  'persona.documento': 'el documento de identidad de la persona adoptante',
  'persona.direccion': 'la dirección de la persona adoptante',
  'persona.ciudad': 'la ciudad de la persona adoptante',
  'organizacion.email': 'el correo electrónico de la organización',
  'organizacion.telefono': 'el teléfono de la organización',
};

export const contractMissingSchema = z.object({
  campo: z.enum(CONTRACT_MISSING_FIELDS),
  etiqueta: z.string(),
  /** Where staff complete it: the person's record (`personaId`) or the organisation's settings. */
  donde: z.enum(['persona', 'organizacion']),
});
export type ContractMissing = z.infer<typeof contractMissingSchema>;

/** `GET /api/solicitudes-adopcion/{id}/contrato/preparacion`: what the contract would leave blank, to complete first. */
export const contractPreparationSchema = z.object({
  personaId: z.number().int().nullable(),
  faltan: z.array(contractMissingSchema).describe('Datos que el contrato nombra y aún no tienen valor (saldrían como «—»)'),
  bloqueos: z
    .array(z.object({ causa: z.enum(['microchip', 'edad']), mensaje: z.string() }))
    .describe('Lo que impide entregar la mascota (Ley 7/2023 art. 58): sin microchip o con menos de 8 semanas; preparar el contrato responde 409'),
});
export type ContractPreparation = z.infer<typeof contractPreparationSchema>;

export const preparedContractSchema = z.object({
  documentoId: z.number().int(),
  faltan: z.array(contractMissingSchema).optional().describe('En el contrato: los datos que quedaron sin valor («—»)'),
});
export type PreparedContract = z.infer<typeof preparedContractSchema>;

/** `POST /api/personas/{id}/voluntariado/acuerdo`: the volunteer agreement or the foster agreement of a person. */
export const preparePersonDocumentInputSchema = z.object({
  tipo: z.enum(PERSON_DOCUMENT_TYPES, { error: documentMessages.personDocumentType }),
});
export type PreparePersonDocumentInput = z.infer<typeof preparePersonDocumentInputSchema>;

/** `GET /api/solicitudes-adopcion/{id}/cuota`: recorded, not charged. `version` 0 while nothing was saved. */
export const adoptionFeeSchema = z.object({
  cuota: z.number().nullable(),
  metodoPago: z.enum(PAYMENT_METHODS).nullable(),
  pagado: z.boolean(),
  fechaPago: z.string().nullable().describe('YYYY-MM-DD'),
  referencia: z.string(),
  version: z.number().int(),
});
export type AdoptionFee = z.infer<typeof adoptionFeeSchema>;

/** `PUT /api/solicitudes-adopcion/{id}/cuota` (`version`: the one shown; stale -> 409). */
export const saveAdoptionFeeInputSchema = z
  .object({
    cuota: feeAmountSchema,
    metodoPago: paymentMethodSchema,
    pagado: z.boolean({ error: 'Indica si está pagada.' }),
    fechaPago: calendarDate()
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    referencia: oneLineText()
      .trim()
      .max(200, documentMessages.referenceTooLong)
      .refine((v) => !CONTROL.test(v), documentMessages.nameInvalid)
      .optional()
      .transform((v) => v ?? ''),
    version: z.number({ error: 'Falta la versión.' }).int().min(0),
  })
  .superRefine((value, ctx) => {
    if (value.metodoPago === 'exento' && value.cuota !== 0) ctx.addIssue({ code: 'custom', path: ['cuota'], message: documentMessages.feeExempt });
  });
export type SaveAdoptionFeeInput = z.infer<typeof saveAdoptionFeeInputSchema>;

export const documentListQuerySchema = z.object({
  solicitudId: z.coerce.number().int().positive().optional(),
  personaId: z.coerce.number().int().positive().optional(),
  mascotaId: z.coerce.number().int().positive().optional(),
  movimientoId: z.coerce.number().int().positive().optional(),
  cesionId: z.coerce.number().int().positive().optional(),
  tipo: z.enum(DOCUMENT_TYPES).optional(),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(DOCUMENT_TYPES),
  estado: z.enum(DOCUMENT_STATES),
  sha256: z.string().describe('SHA-256 (hex) del PDF original'),
  creadoEn: z.string(),
  firmadoEn: z.string().nullable(),
  firmante: z.object({ nombre: z.string(), email: z.string().nullable() }).nullable(),
  solicitudId: z.number().int().nullable().describe('La solicitud de un contrato (null en un acta)'),
  movimientoId: z.number().int().nullable().describe('La devolución de un acta (null en un contrato)'),
  cesionId: z.number().int().nullable().describe('La solicitud de cesión de un contrato de cesión'),
  mascota: z
    .object({ id: z.number().int(), nombre: z.string() })
    .nullable()
    .describe('null: un acuerdo de una persona, o una cesión antes del ingreso'),
  persona: z.object({ id: z.number().int(), nombre: z.string() }).nullable().describe('null: una cesión antes del ingreso (firma quien cede)'),
  enlace: z.object({ venceEn: z.string(), caducado: z.boolean() }).nullable().describe('El enlace para firmar en vigor, si se envió'),
  firmado: z
    .object({
      sha256: z.string().describe('SHA-256 (hex) del PDF firmado'),
      presencial: z.boolean(),
      presente: z.object({ id: z.string(), nombre: z.string() }).nullable(),
    })
    .nullable(),
});
export type DocumentDto = z.infer<typeof documentSchema>;
export const documentListSchema = z.object({ items: z.array(documentSchema) });
export type DocumentList = z.infer<typeof documentListSchema>;

export const documentVerificationSchema = z.object({
  integro: z.boolean().describe('Los bytes guardados (el original y, si existe, el firmado) coinciden con sus huellas'),
  sha256: z.string().describe('La huella guardada del documento vigente (el firmado si lo hay)'),
  calculado: z.string().describe('La huella calculada ahora sobre los bytes guardados'),
});
export type DocumentVerification = z.infer<typeof documentVerificationSchema>;

export const sendDocumentInputSchema = z.object({ canal: z.enum(['email', 'whatsapp'], { error: documentMessages.channelInvalid }) });
export type SendDocumentInput = z.infer<typeof sendDocumentInputSchema>;
export const sentDocumentSchema = z.object({
  url: z.string().describe('La página del teléfono /firmar/{token}'),
  venceEn: z.string(),
  whatsappUrl: z.string().optional(),
});
export type SentDocument = z.infer<typeof sentDocumentSchema>;

/** `GET /api/firma/{token}` (public). */
export const signatureViewSchema = z.object({
  titulo: z.string(),
  tipo: z.enum(DOCUMENT_TYPES),
  organizacion: z.object({ nombre: z.string() }),
  pdfUrl: z.string(),
  firmante: z.object({ nombre: z.string(), email: z.string().nullable().describe('Enmascarado: m***@gmail.com') }),
  estado: z.enum(DOCUMENT_STATES),
  venceEn: z.string(),
});
export type SignatureView = z.infer<typeof signatureViewSchema>;

export const signatureCodeSentSchema = z.object({ enviadoA: z.string(), venceEn: z.string() });
export type SignatureCodeSent = z.infer<typeof signatureCodeSentSchema>;

const fullName = oneLineText({ error: documentMessages.nameRequired })
  .max(SIGNATURE_LIMITS.nameMax * 4, documentMessages.nameTooLong)
  .transform((v) => v.normalize('NFC').replace(/\s+/g, ' ').trim())
  .pipe(
    oneLineText()
      .min(3, documentMessages.nameRequired)
      .max(SIGNATURE_LIMITS.nameMax, documentMessages.nameTooLong)
      .refine((v) => !CONTROL.test(v) && /\p{L}/u.test(v), documentMessages.nameInvalid),
  );

/** A PNG data URL; its bytes are checked by the server (real PNG, size). */
const signatureImage = oneLineText({ error: documentMessages.signatureRequired })
  .min(1, documentMessages.signatureRequired)
  .max(Math.ceil((SIGNATURE_LIMITS.signatureBytes * 4) / 3) + 32, documentMessages.signatureTooLarge)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, documentMessages.signatureInvalid);

/** `POST /api/documentos/{id}/firmar` (in person, staff session). */
export const signInPersonInputSchema = z.object({
  nombreCompleto: fullName,
  firma: signatureImage,
  acepta: z.literal(true, { error: documentMessages.acceptRequired }),
});
export type SignInPersonInput = z.infer<typeof signInPersonInputSchema>;

/** `POST /api/firma/{token}` (remote, with the e-mailed code). */
export const signRemoteInputSchema = signInPersonInputSchema.extend({
  codigo: oneLineText({ error: documentMessages.codeFormat }).regex(/^\d{6}$/, documentMessages.codeFormat),
});
export type SignRemoteInput = z.infer<typeof signRemoteInputSchema>;

export const signedSchema = z.object({ estado: z.literal('firmado'), sha256: z.string() });
export type Signed = z.infer<typeof signedSchema>;

/** "m***@gmail.com": the first letter of the mailbox and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** 150 -> "150,00 €". */
export function formatEuros(amount: number): string {
  return new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, useGrouping: true })
    .format(amount)
    .replace(/\u00a0/g, ' ');
}
