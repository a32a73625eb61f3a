import { z } from 'zod';
import { addDaysToDay } from './days';
import { multiLineText } from './text';
import { FOLLOWUP_ANSWERS, FOLLOWUP_LIMITS, FOLLOWUP_STATES, FOLLOWUP_TYPES, type FollowupType, followupMessages } from './followup-messages';
export * from './followup-messages';

/*
 * Follow-up after an adoption (DESIGN section 13): the check-ins the adopter answers from a phone
 * (`/seguimiento/{token}`) and the obligations of the adoption (sterilisation, the microchip's change of owner),
 * with the date rules that plan them.
 */

/**
 * Parses ADOPTION_FOLLOWUP_DAYS ("3,21,90"): positive whole days, at most 10, ascending. Answers the days or a
 * Spanish reason why not.
 */
export function parseFollowupDays(text: string): { ok: true; days: number[] } | { ok: false; error: string } {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d{1,5}$/.test(p) || Number(p) <= 0))
    return { ok: false, error: 'debe ser una lista de días enteros positivos separados por comas (p. ej. 3,21,90)' };
  const days = parts.map(Number);
  if (days.length > FOLLOWUP_LIMITS.maxDays) return { ok: false, error: `admite como mucho ${FOLLOWUP_LIMITS.maxDays} días` };
  if (days.some((d, i) => i > 0 && d <= days[i - 1]!)) return { ok: false, error: 'debe listar los días de menor a mayor, sin repetir' };
  return { ok: true, days };
}

/** Adds calendar months to a day; a day the month lacks becomes its last (31 August + 6 months: 28 or 29 February). */
export function addMonthsToDay(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** What planning reads of the pet when its adoption opens. */
export interface FollowupPetFacts {
  /** 'si' | 'no' | 'desconocido' (the pet's identity); only 'si' counts as sterilised. */
  esterilizado: string;
  fechaNacimiento: string | null;
  microchip: string | null;
}

export interface PlannedFollowup {
  tipo: FollowupType;
  vence: string;
}

/**
 * What an adoption opened on `adoptionDay` plans: one check-in per day of `days`; sterilisation when the pet is not
 * known to be sterilised (due the later of 60 days after the adoption and, with a birth date, the day the pet is
 * 6 months old); the microchip's change of owner when it has one (due 30 days after the adoption).
 */
export function planFollowups(adoptionDay: string, days: readonly number[], pet: FollowupPetFacts): PlannedFollowup[] {
  const plan: PlannedFollowup[] = days.map((n) => ({ tipo: 'seguimiento', vence: addDaysToDay(adoptionDay, n) }));
  if (pet.esterilizado !== 'si') {
    const afterAdoption = addDaysToDay(adoptionDay, FOLLOWUP_LIMITS.sterilisationDays);
    const sixMonthsOld = pet.fechaNacimiento ? addMonthsToDay(pet.fechaNacimiento, FOLLOWUP_LIMITS.sterilisationAgeMonths) : null;
    plan.push({ tipo: 'esterilizacion', vence: sixMonthsOld && sixMonthsOld > afterAdoption ? sixMonthsOld : afterAdoption });
  }
  if (pet.microchip) plan.push({ tipo: 'cambio_titularidad_microchip', vence: addDaysToDay(adoptionDay, FOLLOWUP_LIMITS.microchipDays) });
  return plan;
}

/** The day an obligation due on `vence` is reminded. */
export const reminderDay = (vence: string) => addDaysToDay(vence, -FOLLOWUP_LIMITS.reminderDaysBefore);

export const followupStaffNotice = (pet: string, person: string, comentario: string) => ({
  asunto: `${pet}: la familia adoptante necesita ayuda`,
  cuerpo:
    `${person} ha respondido al seguimiento de ${pet} con «Necesito ayuda».` +
    (comentario ? `\n\nComentario: ${comentario}` : '') +
    '\n\nLo tienes en «Seguimientos».',
});

const id = z.number().int();

export const followupAnswerSchema = z.object({
  comoVa: z.enum(FOLLOWUP_ANSWERS),
  comentario: z.string(),
  fotos: z.array(z.object({ indice: id, url: z.string(), miniatura: z.string() })),
  respondidoEn: z.string(),
  atendidoEn: z.string().nullable().describe('Una respuesta «necesito_ayuda» que el equipo ya atendió'),
});
export type FollowupAnswerView = z.infer<typeof followupAnswerSchema>;

export const followupSchema = z.object({
  id,
  tipo: z.enum(FOLLOWUP_TYPES),
  mascota: z.object({ id, nombre: z.string(), foto: z.string().nullable() }),
  persona: z.object({ id, nombre: z.string() }).nullable(),
  vence: z.string().describe("Día 'AAAA-MM-DD'"),
  estado: z.enum(FOLLOWUP_STATES),
  vencido: z.boolean().describe('Sin responder o sin hacer y con la fecha pasada'),
  respuesta: followupAnswerSchema.nullable(),
  enviadoEn: z.string().nullable(),
  recordadoEn: z.string().nullable().describe('Obligaciones: cuándo se recordó a la persona'),
  hechoEn: z.string().nullable(),
  version: id,
});
export type Followup = z.infer<typeof followupSchema>;

export const FOLLOWUP_PAGE_SIZE = 25;
export const listFollowupsQuerySchema = z.object({
  estado: z
    .enum([...FOLLOWUP_STATES, 'vencido', 'ayuda'])
    .optional()
    .describe('vencido: obligaciones pasadas sin hacer; ayuda: «necesito ayuda» sin atender'),
  tipo: z.enum([...FOLLOWUP_TYPES, 'obligacion']).optional(),
  mascotaId: z.coerce.number().int().positive().optional(),
  personaId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(FOLLOWUP_PAGE_SIZE),
});
export type ListFollowupsQuery = z.infer<typeof listFollowupsQuerySchema>;
export const followupListSchema = z.object({ items: z.array(followupSchema), total: id, page: id, pageSize: id });
export type FollowupList = z.infer<typeof followupListSchema>;

export const sendFollowupInputSchema = z.object({ canal: z.enum(['email', 'whatsapp']).optional() }).strict();
export type SendFollowupInput = z.infer<typeof sendFollowupInputSchema>;
export const sentFollowupSchema = z.object({ url: z.string(), whatsappUrl: z.string().optional() });
export type SentFollowup = z.infer<typeof sentFollowupSchema>;

export const followupVersionInputSchema = z.object({ version: id.optional() }).strict();
export const followupGalleryInputSchema = z
  .object({ fotos: z.array(z.number().int().min(0)).min(1, followupMessages.photoIndexInvalid).max(FOLLOWUP_LIMITS.photos) })
  .strict();

/** `GET /api/seguimiento/{token}`: what the adopter's phone shows (nothing else about anyone). */
export const followupPublicViewSchema = z.object({
  organizacion: z.object({ nombre: z.string(), telefono: z.string().nullable() }),
  persona: z.object({ nombre: z.string() }),
  mascota: z.object({ nombre: z.string(), foto: z.string().nullable() }),
  pregunta: z.string(),
  respondido: z.boolean(),
});
export type FollowupPublicView = z.infer<typeof followupPublicViewSchema>;

/** The text fields of `POST /api/seguimiento/{token}` (multipart, before the photos). */
export const followupAnswerFieldsSchema = z.object({
  comoVa: z.enum(FOLLOWUP_ANSWERS, { error: followupMessages.answerRequired }),
  comentario: multiLineText().trim().max(FOLLOWUP_LIMITS.commentChars, { error: followupMessages.commentTooLong }).default(''),
});
export type FollowupAnswerFields = z.infer<typeof followupAnswerFieldsSchema>;
