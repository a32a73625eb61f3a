import { z } from 'zod';
import { HONEYPOT_FIELD } from './intake';
import { MICROCHIP_DIGITS } from './pet-identity';
import { isValidPostcode } from './postcode';
import { PET_GENDERS, PET_SIZES, PET_TYPES } from './pet-kinds';
import { REPORT_KINDS, REPORT_LIMITS, REPORT_STATES, lostFoundMessages } from './lost-found-kinds';
import { calendarDate, multiLineText, oneLineText } from './text';

export * from './lost-found-kinds';

/*
 * Lost and found (DESIGN section 19): a public report of an animal lost or found, managed through a private link,
 * open for 60 days unless renewed; staff see candidates that may be the same animal.
 */

const line = (message: string, max: number) => oneLineText({ error: message }).trim().min(1, message).max(max, lostFoundMessages.tooLong);

/** The text fields of `POST /api/public/avisos` (multipart: every value a string). */
export const reportFieldsSchema = z.object({
  tipo: z.enum(REPORT_KINDS, { error: lostFoundMessages.kindInvalid }),
  especie: z.enum(PET_TYPES, { error: lostFoundMessages.speciesInvalid }),
  sexo: z
    .union([z.enum(PET_GENDERS), z.literal('')], { error: lostFoundMessages.sexInvalid })
    .default('')
    .transform((v) => v || null),
  color: line(lostFoundMessages.colourRequired, 80),
  tamano: z
    .union([z.enum(PET_SIZES), z.literal('')], { error: lostFoundMessages.sizeInvalid })
    .default('')
    .transform((v) => v || null),
  microchip: oneLineText()
    .trim()
    .refine((v) => v === '' || new RegExp(`^\\d{${MICROCHIP_DIGITS}}$`).test(v), lostFoundMessages.microchipInvalid)
    .default(''),
  municipio: line(lostFoundMessages.townRequired, 100),
  codigoPostal: oneLineText({ error: lostFoundMessages.postcodeInvalid }).trim().refine(isValidPostcode, lostFoundMessages.postcodeInvalid),
  fecha: calendarDate(),
  descripcion: multiLineText({ error: lostFoundMessages.descriptionRequired })
    .trim()
    .min(1, lostFoundMessages.descriptionRequired)
    .max(4000, lostFoundMessages.tooLong),
  contacto: line(lostFoundMessages.contactRequired, 200),
  aceptaPrivacidad: z.enum(['true', '1', 'on'], { error: lostFoundMessages.privacyRequired }),
  [HONEYPOT_FIELD]: oneLineText().optional(),
});
export type ReportFields = z.output<typeof reportFieldsSchema>;

export const reportCreatedSchema = z.object({ id: z.number().int(), url: z.string().describe('El enlace privado para gestionar el aviso') });

/** A report as anyone may see it: no contact data. */
export const publicReportSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(REPORT_KINDS),
  especie: z.string(),
  sexo: z.string().nullable(),
  color: z.string(),
  tamano: z.string().nullable(),
  municipio: z.string(),
  codigoPostal: z.string(),
  fecha: z.string(),
  descripcion: z.string(),
  fotos: z.number().int(),
  estado: z.enum(REPORT_STATES),
  venceEn: z.string(),
  createdAt: z.string(),
});
export type PublicReport = z.infer<typeof publicReportSchema>;

/** A report as its author (through the link) and staff see it. */
export const lostFoundReportSchema = publicReportSchema.extend({ microchip: z.string(), contacto: z.string(), version: z.number().int() });
export type LostFoundReport = z.infer<typeof lostFoundReportSchema>;

/**
 * The report as its author's private link reads it: `reabrible` says whether that link may open it again (closed
 * by the author; not a report staff closed, nor one that expired, which is renewed instead).
 */
export const ownReportSchema = lostFoundReportSchema.extend({ reabrible: z.boolean() });
export type OwnReport = z.infer<typeof ownReportSchema>;

export const publicReportsQuerySchema = z.object({
  tipo: z.enum(REPORT_KINDS).optional(),
  especie: z.enum(PET_TYPES).optional(),
  municipio: oneLineText().trim().max(100).optional(),
});
export const publicReportsResponseSchema = z.object({ items: z.array(publicReportSchema) });

export const reportUpdateSchema = z.object({
  estado: z
    .enum(['reunido', 'cerrado', 'abierto'])
    .optional()
    .describe('reunido o cerrado lo cierran; abierto vuelve a abrir un aviso cerrado otros 60 días'),
  descripcion: multiLineText().trim().min(1, lostFoundMessages.descriptionRequired).max(4000, lostFoundMessages.tooLong).optional(),
  renovar: z.literal(true).optional(),
});
export type ReportUpdate = z.infer<typeof reportUpdateSchema>;

export const staffReportsQuerySchema = z.object({
  estado: z.enum(REPORT_STATES).optional(),
  tipo: z.enum(REPORT_KINDS).optional(),
  especie: z.enum(PET_TYPES).optional(),
});
export type StaffReportsQuery = z.infer<typeof staffReportsQuerySchema>;

export const staffReportsResponseSchema = z.object({ items: z.array(lostFoundReportSchema) });

export const reportCandidateSchema = z.object({
  avisoId: z.number().int().nullable(),
  mascotaId: z.number().int().nullable(),
  tipo: z.enum(['perdido', 'encontrado', 'mascota']),
  especie: z.string(),
  sexo: z.string().nullable(),
  color: z.string(),
  tamano: z.string().nullable(),
  codigoPostal: z.string().nullable(),
  fecha: z.string().nullable(),
  nombre: z.string().nullable(),
  municipio: z.string().nullable(),
  descripcion: z.string().nullable(),
  /** The address of its first photo's thumbnail (a report's staff photo or a pet's thumbnail), or null. */
  foto: z.string().nullable(),
  motivos: z.array(z.string()),
});
export type ReportCandidate = z.infer<typeof reportCandidateSchema>;
export const reportCandidatesResponseSchema = z.object({ items: z.array(reportCandidateSchema) });
export const reportTokenParamsSchema = z.object({ token: oneLineText().max(200).catch('') });

export const reportPhotoParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  indice: z.coerce
    .number()
    .int()
    .min(0)
    .max(REPORT_LIMITS.photos - 1),
});
export const reportPhotoQuerySchema = z.object({ miniatura: oneLineText().max(10).optional() });

/** Staff close a report: reunited with its family, or closed for another reason. */
export const staffReportStateSchema = z.object({
  estado: z.enum(['reunido', 'cerrado'], { error: 'Estado no válido.' }),
  version: z.number().int().min(0),
});
export type StaffReportState = z.infer<typeof staffReportStateSchema>;
