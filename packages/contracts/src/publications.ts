import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { z } from 'zod';
import { PET_TYPES, PUBLICATION_STATES, type PetType, type PublicationState, petMessages } from './pets';
import { isoInstant as isoInstantText } from './text';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * Publication scheduling (DESIGN sections 5 and 7). A pet is public when it is `publicada`, or `programada`
 * with `publicarEn <= now`: the query decides, so a scheduled pet goes public at its second on every
 * instance with no scheduler. These rules are pure (the clock is an argument) and shared by the server,
 * the browser and any screen that sets a publication date (Publicaciones Programadas, the pet form, bulk
 * actions on the pet list).
 */

/** The organisation's time zone when ORG_TIME_ZONE is not set: the interface is Spanish, the shelter in Spain. */
export const DEFAULT_ORG_TIME_ZONE = 'Europe/Madrid';
/** A publication date this far in the past is still accepted (clocks of browser and server differ a little). */
export const SCHEDULE_GRACE_MS = 60_000;
/** Pets changed by one bulk request at most. */
export const PUBLICATION_BATCH_MAX = 100;
/** A wall-clock date and time as the picker gives it, in the organisation's time zone. */
export const WALL_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const publicationMessages = {
  pastDate: 'La fecha de publicación no puede estar en el pasado.',
  dateRequired: petMessages.scheduleRequired,
  dateInvalid: 'La fecha de publicación no es válida.',
  batchEmpty: 'Selecciona al menos una mascota.',
  batchTooMany: `Puedes cambiar como máximo ${PUBLICATION_BATCH_MAX} mascotas a la vez.`,
  batchDuplicate: 'Cada mascota puede aparecer una sola vez.',
  stale: 'Otra persona cambió esta mascota mientras la veías. Recarga para ver su estado actual.',
  notFound: petMessages.notFound,
  timeZoneInvalid: 'debe ser una zona horaria IANA, por ejemplo Europe/Madrid',
} as const;

/** True for an IANA time zone this runtime knows (Europe/Madrid, America/Mexico_City, UTC...). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
    return true;
  } catch {
    return false;
  }
}

/** The state a person sees at `now`: a scheduled pet whose time has come (to the millisecond, inclusive) is published. */
export function effectivePublicationState(estado: PublicationState, publicarEn: Date | null, now: Date): PublicationState {
  if (estado === 'programada' && publicarEn !== null && publicarEn.getTime() <= now.getTime()) return 'publicada';
  return estado;
}

/** Whether `publicarEn` may still be chosen at `now`: not earlier than `now - graceMs`. */
export function isSchedulable(publicarEn: Date, now: Date, graceMs: number = SCHEDULE_GRACE_MS): boolean {
  return publicarEn.getTime() >= now.getTime() - graceMs;
}

/**
 * A wall-clock time in `timeZone` ('YYYY-MM-DD HH:mm[:ss]') as an instant. A time skipped by a spring-forward
 * change (02:30 on the last Sunday of March in Madrid) moves forward an hour; a repeated one takes the later
 * of the two. Undefined when the text is not a date and time.
 */
export function wallTimeToInstant(wallTime: string, timeZone: string): Date | undefined {
  const text = wallTime.trim().replace('T', ' ');
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text)) return undefined;
  const full = text.length === 16 ? `${text}:00` : text;
  const local = dayjs(full, WALL_TIME_FORMAT);
  if (!local.isValid() || local.format(WALL_TIME_FORMAT) !== full) return undefined;
  return dayjs.tz(full, WALL_TIME_FORMAT, timeZone).toDate();
}

/** An instant as the wall-clock time of `timeZone`, 'YYYY-MM-DD HH:mm:ss' (what the picker shows). */
export function instantToWallTime(instant: Date, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format(WALL_TIME_FORMAT);
}

/** The calendar day ('YYYY-MM-DD') of an instant in `timeZone`. */
export function dayInZone(instant: Date, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format('YYYY-MM-DD');
}

/** Where today begins and ends (the next day's start) in `timeZone`, as instants. */
export function dayBoundsInZone(now: Date, timeZone: string): { start: Date; end: Date } {
  const start = dayjs(now).tz(timeZone).startOf('day');
  return { start: start.toDate(), end: start.add(1, 'day').toDate() };
}

/** The first instant of the month that contains `now`, in `timeZone`. */
export function monthStartInZone(now: Date, timeZone: string): Date {
  return dayjs(now).tz(timeZone).startOf('month').toDate();
}

/** The last `count` months up to the one containing `now` in `timeZone`, oldest first, as 'YYYY-MM'. */
export function lastMonthsInZone(now: Date, timeZone: string, count: number): string[] {
  const current = dayjs(now).tz(timeZone).startOf('month');
  return Array.from({ length: count }, (_, i) => current.subtract(count - 1 - i, 'month').format('YYYY-MM'));
}

/* ------------------------------------------------------------------ the change of one pet */

export const PUBLICATION_ACTIONS = ['publicar', 'programar', 'retirar'] as const;
export type PublicationAction = (typeof PUBLICATION_ACTIONS)[number];

export type PublicationChange = { estado: PublicationState; publicarEn: Date | null };

export type PublicationDecision = { ok: true; change: PublicationChange } | { ok: false; field: 'publicarEn'; message: string };

/**
 * What a request to move a pet to `estado` (with `publicarEn` for `programada`) changes, or why it is refused:
 * `publicada` and `borrador` clear the date; `programada` needs a date that is not in the past.
 */
export function decidePublication(estado: PublicationState, publicarEn: Date | null | undefined, now: Date): PublicationDecision {
  if (estado !== 'programada') return { ok: true, change: { estado, publicarEn: null } };
  if (!publicarEn) return { ok: false, field: 'publicarEn', message: publicationMessages.dateRequired };
  if (!isSchedulable(publicarEn, now)) return { ok: false, field: 'publicarEn', message: publicationMessages.pastDate };
  return { ok: true, change: { estado, publicarEn } };
}

export const ACTION_STATE: Record<PublicationAction, PublicationState> = { publicar: 'publicada', programar: 'programada', retirar: 'borrador' };

/* ------------------------------------------------------------------ wire shapes */

/** An ISO 8601 instant with its offset, within the years every stored date keeps (DATE_MIN_YEAR..DATE_MAX_YEAR). */
const isoInstant = isoInstantText(publicationMessages.dateInvalid);
const version = z.number({ error: petMessages.versionInvalid }).int(petMessages.versionInvalid).min(1, petMessages.versionInvalid);

/** How people outside reach the organisation (ORG_NAME, ORG_CONTACT_EMAIL, ORG_CONTACT_PHONE); null when not set. */
export const organizationContactSchema = z.object({
  nombre: z.string().nullable(),
  email: z.string().nullable(),
  telefono: z.string().nullable(),
});
export type OrganizationContact = z.infer<typeof organizationContactSchema>;

/** `GET /api/organizacion`: the organisation (DESIGN section 10), kept by administrators; the environment gives the defaults. */
export const organizationSettingsSchema = z.object({
  nombre: z.string().nullable(),
  email: z.string().nullable(),
  telefono: z.string().nullable().describe('E.164'),
  direccion: z.string().nullable(),
  web: z.string().nullable(),
  zonaHoraria: z.string().describe('Zona horaria IANA de la organización (ORG_TIME_ZONE); las fechas se eligen y muestran en ella'),
  nif: z.string().nullable().describe('NIF de la entidad, normalizado'),
  ley49: z.boolean().describe('Si la entidad está acogida a la Ley 49/2002 (los donativos desgravan)'),
  registroEntidades: z.string().nullable().describe('Nº de registro de entidades'),
  nucleoZoologico: z.string().nullable().describe('Nº de núcleo zoológico'),
  acreedorSepa: z.string().nullable().describe('Identificador de acreedor SEPA, normalizado'),
  ibanAcreedor: z.string().nullable().describe('IBAN de la cuenta donde se abonan las remesas SEPA (la de la propia organización)'),
  contactoAcogidaVoluntariado: z
    .boolean()
    .describe(
      'Si Voluntariado ve el teléfono y la dirección de la casa de acogida de un animal con el que trabaja (ha registrado o cambiado un cuidado suyo en los últimos 30 días); por defecto no',
    ),
  capacidad: z
    .object(Object.fromEntries(PET_TYPES.map((t) => [t, z.number().int().nullable()])) as Record<PetType, z.ZodNullable<z.ZodNumber>>)
    .describe('Plazas del refugio por especie; null: sin límite escrito'),
  contacto: organizationContactSchema.describe('Cómo contactar con la organización (lo muestran los avisos al público, p. ej. un enlace vencido)'),
  correoConfigurado: z.boolean().describe('Si hay SMTP_URL y MAIL_FROM: sin ellos los correos se guardan sin enviar'),
  version: z.number().int().describe('0 mientras se usan los valores del entorno; cada guardado la aumenta'),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

/** `POST /phpApi/mascota/{id}/publicacion`. */
export const setPublicationInputSchema = z.object({
  estado: z.enum(PUBLICATION_STATES, { error: petMessages.stateInvalid }),
  publicarEn: isoInstant.nullish().describe('ISO 8601 con zona; obligatoria con estado programada; no en el pasado'),
  version: version.describe('La versión mostrada; si ya no es la actual responde 409 y no cambia nada'),
});
export type SetPublicationInput = z.infer<typeof setPublicationInputSchema>;

export const publicationItemSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  tipo: z.string(),
  adoptado: z.boolean(),
  thumbnailUrl: z.string().nullable(),
  estado: z.enum(PUBLICATION_STATES).describe('Estado efectivo'),
  publicarEn: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.object({ id: z.string(), nombre: z.string() }).nullable().describe('Quién la cambió por última vez'),
});
export type PublicationItem = z.infer<typeof publicationItemSchema>;

export const listPublicationsQuerySchema = z.object({
  estado: z.enum(['borrador', 'programada']).optional().describe('Solo borradores o solo programadas'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PUBLICATION_BATCH_MAX).default(50),
});
export type ListPublicationsQuery = z.infer<typeof listPublicationsQuerySchema>;

export const listPublicationsResponseSchema = z.object({
  items: z.array(publicationItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListPublicationsResponse = z.infer<typeof listPublicationsResponseSchema>;

/** `POST /api/publicaciones/lote`. */
export const publicationBatchInputSchema = z
  .object({
    items: z
      .array(z.object({ id: z.number().int().min(1).max(2_147_483_647), version }))
      .min(1, publicationMessages.batchEmpty)
      .max(PUBLICATION_BATCH_MAX, publicationMessages.batchTooMany)
      .refine((items) => new Set(items.map((i) => i.id)).size === items.length, publicationMessages.batchDuplicate),
    accion: z.enum(PUBLICATION_ACTIONS),
    publicarEn: isoInstant.nullish().describe('Obligatoria con accion programar; no en el pasado'),
  })
  .describe('Publicar, programar o retirar varias mascotas; cada una con la versión mostrada');
export type PublicationBatchInput = z.infer<typeof publicationBatchInputSchema>;

export const publicationBatchResultSchema = z.object({
  resultados: z.array(
    z.discriminatedUnion('ok', [
      z.object({ id: z.number().int(), ok: z.literal(true), item: publicationItemSchema }),
      z.object({ id: z.number().int(), ok: z.literal(false), code: z.enum(['CONFLICT', 'NOT_FOUND']), message: z.string() }),
    ]),
  ),
});
export type PublicationBatchResult = z.infer<typeof publicationBatchResultSchema>;
