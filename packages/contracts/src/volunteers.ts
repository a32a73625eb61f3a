import { z } from 'zod';
import { calendarDaySchema } from './days';
import { DOCUMENT_STATES } from './document-messages';
import { isDateInRange } from './safe-text';
import { multiLineText, oneLineText } from './text';
import {
  FOSTER_ANSWERS,
  FOSTER_OFFER_LIMITS,
  PUBLIC_SHIFT_WEEKS,
  SIGNUP_STATES,
  VOLUNTEER_LIMITS,
  fosterOfferMessages as fm,
  volunteerMessages as m,
} from './volunteer-messages';
export * from './volunteer-messages';

/* Volunteers and shifts (DESIGN section 17): the profile, shifts and their templates, attendance and the public link. */

const id = z.number().int();
const task = oneLineText({ error: m.taskRequired }).trim().min(1, { error: m.taskRequired }).max(120);

/** The volunteer part of a person: what they do, when they can, the courses they took, their signed agreement. */
export const volunteerProfileSchema = z.object({
  tareas: z.array(z.string()),
  disponibilidad: z.string(),
  formacion: z.array(z.object({ curso: z.string(), fecha: z.string() })),
  acuerdoDocumentoId: id.nullable().describe('El acuerdo de voluntariado firmado (se apunta solo al firmarse)'),
  acuerdo: z
    .object({ id, estado: z.enum(DOCUMENT_STATES), firmadoEn: z.string().nullable() })
    .nullable()
    .describe('El último acuerdo de voluntariado sin anular: preparado (borrador, enviado) o firmado'),
});
export type VolunteerProfile = z.infer<typeof volunteerProfileSchema>;
export const volunteerProfileInputSchema = z
  .object({
    tareas: z.array(oneLineText().trim().min(1).max(80)).max(30).default([]),
    disponibilidad: multiLineText().trim().max(2000).default(''),
    formacion: z
      .array(z.object({ curso: oneLineText().trim().min(1).max(200), fecha: calendarDaySchema }).strict())
      .max(100)
      .default([]),
    acuerdoDocumentoId: z.number().int().positive().nullable().optional(),
  })
  .strict();
export type VolunteerProfileInput = z.infer<typeof volunteerProfileInputSchema>;

/**
 * A local date-time in the organisation's zone ('2026-12-01T10:00:00' or '2026-12-01 10:00') or one with an offset
 * ('2026-12-01T10:00:00+01:00', '...Z'); the year between 1900 and 2999. Turned into an instant by the server.
 */
export const shiftDateTimeSchema = oneLineText({ error: m.dateTimeInvalid })
  .trim()
  .refine(
    (v) => {
      const local = /^(\d{4})-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/.exec(v);
      if (local) return Number(local[1]) >= 1900 && Number(local[1]) <= 2999;
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) return false;
      const d = new Date(v);
      return !Number.isNaN(d.getTime()) && isDateInRange(d);
    },
    { error: m.dateTimeInvalid },
  );
const places = z.number({ error: m.placesInvalid }).int({ error: m.placesInvalid }).min(1, { error: m.placesInvalid }).max(VOLUNTEER_LIMITS.places, {
  error: m.placesInvalid,
});
const hhmm = oneLineText({ error: m.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: m.timeInvalid });

export const createShiftInputSchema = z
  .object({
    tarea: task,
    inicio: shiftDateTimeSchema,
    fin: shiftDateTimeSchema,
    plazas: places,
    lugar: oneLineText().trim().max(200).optional(),
    notas: multiLineText().trim().max(2000).optional(),
  })
  .strict();
export type CreateShiftInput = z.infer<typeof createShiftInputSchema>;

export const shiftTemplateInputSchema = z
  .object({
    tarea: task,
    diasSemana: z
      .array(z.number({ error: m.daysInvalid }).int({ error: m.daysInvalid }).min(1, { error: m.daysInvalid }).max(7, { error: m.daysInvalid }))
      .min(1, { error: m.daysInvalid })
      .max(7, { error: m.daysInvalid }),
    horaInicio: hhmm,
    horaFin: hhmm,
    plazas: places,
    desde: calendarDaySchema,
    hasta: calendarDaySchema.nullish(),
    lugar: oneLineText().trim().max(200).optional(),
  })
  .strict()
  .refine((t) => t.horaFin > t.horaInicio, { error: m.endBeforeStart, path: ['horaFin'] })
  .refine((t) => !t.hasta || t.hasta >= t.desde, { error: m.untilBeforeFrom, path: ['hasta'] });
export type ShiftTemplateInput = z.infer<typeof shiftTemplateInputSchema>;

export const shiftTemplateSchema = z.object({
  id,
  tarea: z.string(),
  diasSemana: z.array(z.number().int()),
  horaInicio: z.string(),
  horaFin: z.string(),
  plazas: z.number().int(),
  desde: z.string(),
  hasta: z.string().nullable(),
  lugar: z.string().nullable(),
});
export type ShiftTemplate = z.infer<typeof shiftTemplateSchema>;

export const signupSchema = z.object({
  persona: z.object({ id, nombre: z.string() }),
  estado: z.enum(SIGNUP_STATES),
  horas: z.number().nullable(),
});
export const shiftSchema = z.object({
  id,
  tarea: z.string(),
  inicio: z.string().describe('Instante ISO 8601'),
  fin: z.string(),
  plazas: z.number().int(),
  lugar: z.string().nullable(),
  notas: z.string().nullable(),
  plantillaId: id.nullable(),
  apuntados: z.array(signupSchema).describe('Personas apuntadas (sin las que cancelaron)'),
  libres: z.number().int(),
});
export type Shift = z.infer<typeof shiftSchema>;
export const listShiftsQuerySchema = z
  .object({ desde: calendarDaySchema.optional(), hasta: calendarDaySchema.optional() })
  .refine((q) => !q.desde || !q.hasta || q.hasta >= q.desde, { error: m.untilBeforeFrom, path: ['hasta'] });

export const attendanceInputSchema = z
  .object({
    personaId: z.number().int().positive(),
    asistio: z.boolean(),
    horas: z.number({ error: m.hoursInvalid }).min(0, { error: m.hoursInvalid }).max(24, { error: m.hoursInvalid }).optional(),
  })
  .strict();
export type AttendanceInput = z.infer<typeof attendanceInputSchema>;

export const yearQuerySchema = z.object({
  anio: z.coerce
    .number({ error: m.yearInvalid })
    .int({ error: m.yearInvalid })
    .min(1900, { error: m.yearInvalid })
    .max(2999, { error: m.yearInvalid })
    .optional(),
});
export const volunteerHoursSchema = z.object({
  anio: z.number().int(),
  horas: z.number(),
  turnos: z.array(z.object({ id, tarea: z.string(), inicio: z.string(), horas: z.number() })),
});
export type VolunteerHours = z.infer<typeof volunteerHoursSchema>;

export const volunteerLinkSchema = z.object({ url: z.string(), venceEn: z.string() });
export type VolunteerLink = z.infer<typeof volunteerLinkSchema>;
export const volunteerLinkStateSchema = z.object({ activo: z.boolean(), venceEn: z.string().nullable() });
export type VolunteerLinkState = z.infer<typeof volunteerLinkStateSchema>;

export const publicShiftSchema = z.object({
  id,
  tarea: z.string(),
  inicio: z.string(),
  fin: z.string(),
  lugar: z.string().nullable(),
  libres: z.number().int(),
  apuntado: z.boolean(),
});
export type PublicShift = z.infer<typeof publicShiftSchema>;
export const volunteerViewSchema = z.object({
  organizacion: z.object({ nombre: z.string().nullable() }),
  persona: z.object({ nombre: z.string() }),
  turnos: z.array(publicShiftSchema).describe('Los turnos con plazas libres de la semana pedida (de las próximas cuatro)'),
  mios: z.array(publicShiftSchema).describe('Los turnos a los que la persona está apuntada, desde hoy'),
  semana: z.number().int().describe('La semana enviada: 0 = los siete días desde hoy'),
  semanas: z.number().int().describe('Cuántas semanas puede pedir la persona'),
});
export const volunteerViewQuerySchema = z.object({
  semana: z.coerce
    .number({ error: m.weekInvalid })
    .int({ error: m.weekInvalid })
    .min(0, { error: m.weekInvalid })
    .max(PUBLIC_SHIFT_WEEKS - 1, { error: m.weekInvalid })
    .default(0),
});
export type VolunteerView = z.infer<typeof volunteerViewSchema>;

/* "Busco acogida": a pet's card sent to foster homes, each answering yes or no with a personal link. */

export const fosterSearchInputSchema = z.object({
  canal: z.enum(['email', 'whatsapp'], { error: fm.channelInvalid }),
  personas: z
    .array(id.positive({ error: fm.personsInvalid }), { error: fm.personsInvalid })
    .min(1, { error: fm.personsInvalid })
    .max(FOSTER_OFFER_LIMITS.perSend, { error: fm.personsInvalid })
    .optional()
    .describe('Las casas de acogida a las que se envía; sin ella, todas las sugeridas con el canal elegido'),
});
export type FosterSearchInput = z.infer<typeof fosterSearchInputSchema>;

export const fosterCandidateSchema = z.object({
  id,
  nombre: z.string(),
  email: z.boolean().describe('Tiene correo y consiente recibirlo'),
  whatsapp: z.boolean().describe('Tiene teléfono y consiente WhatsApp'),
  disponible: z.boolean().describe('No ha marcado hoy como no disponible'),
  acogiendo: z.number().int().describe('Mascotas que tiene ahora en acogida'),
});
export type FosterCandidate = z.infer<typeof fosterCandidateSchema>;

export const fosterOfferSchema = z.object({
  id,
  persona: z.object({ id, nombre: z.string() }),
  canal: z.enum(['email', 'whatsapp']),
  enviadaEn: z.string(),
  venceEn: z.string(),
  respuesta: z.enum(FOSTER_ANSWERS).nullable(),
  respondidaEn: z.string().nullable(),
  colocadaEn: z.string().nullable(),
  activa: z.boolean().describe('El enlace funciona aún'),
});
export type FosterOffer = z.infer<typeof fosterOfferSchema>;

export const fosterSearchSchema = z.object({
  ubicacion: z.string(),
  candidatas: z.array(fosterCandidateSchema),
  ofertas: z.array(fosterOfferSchema),
});
export type FosterSearch = z.infer<typeof fosterSearchSchema>;

export const fosterSearchSentSchema = z.object({
  enviadas: z.number().int(),
  whatsapp: z.array(z.object({ personaId: id, nombre: z.string(), url: z.string() })).describe('Enlaces de WhatsApp para abrir uno a uno'),
  sinContacto: z
    .array(z.object({ personaId: id, nombre: z.string() }))
    .describe('Casas elegidas sin correo o teléfono (o sin su consentimiento) para el canal: no se les envía'),
});
export type FosterSearchSent = z.infer<typeof fosterSearchSentSchema>;

export const fosterAnswerInputSchema = z.object({ respuesta: z.enum(FOSTER_ANSWERS, { error: fm.answerInvalid }) });
export type FosterAnswerInput = z.infer<typeof fosterAnswerInputSchema>;

export const fosterOfferViewSchema = z.object({
  organizacion: z.object({ nombre: z.string().nullable() }),
  persona: z.object({ nombre: z.string() }),
  mascota: z.object({
    nombre: z.string(),
    tipo: z.string(),
    genero: z.string(),
    edad: z.string(),
    tamano: z.string(),
    personalidad: z.string(),
    historia: z.string(),
    foto: z.string().nullable().describe('La dirección pública de su foto principal, o null'),
  }),
  respuesta: z.enum(FOSTER_ANSWERS).nullable(),
  cerrada: z.boolean().describe('La mascota ya tiene acogida: no se puede responder'),
});
export type FosterOfferView = z.infer<typeof fosterOfferViewSchema>;
