import { z } from 'zod';
import { calendarDaySchema } from './days';
import { LOCATION_TYPES, PET_TYPES, petMessages } from './pets';
import { multiLineText, oneLineText } from './text';

/*
 * Care records (DESIGN section 11): a pet's vaccines, deworming, tests, treatments, surgeries and weights, the per-species protocols that plan them,
 * and what is due. Dates are calendar days ('YYYY-MM-DD') in the organisation's time zone.
 */

/* ------------------------------------------------------------------ constants */

/** A care record's own fields, in the order forms show them and its history tells them (cost in euros). */
export const CARE_RECORD_FIELDS = [
  'tipo',
  'nombre',
  'fechaProgramada',
  'fechaRealizada',
  'repetirCadaDias',
  'dosis',
  'lote',
  'veterinario',
  'resultado',
  'pesoKg',
  'coste',
  'notas',
] as const;
export type CareRecordField = (typeof CARE_RECORD_FIELDS)[number];

export const CARE_TYPES = [
  'vacuna',
  'desparasitacion_interna',
  'desparasitacion_externa',
  'test',
  'tratamiento',
  'cirugia',
  'esterilizacion',
  'revision',
  'peso',
] as const;
export type CareType = (typeof CARE_TYPES)[number];

/** How every screen, the PDF and the exports name a record type. */
export const careTypeLabels: Record<CareType, string> = {
  vacuna: 'Vacuna',
  desparasitacion_interna: 'Desparasitación interna',
  desparasitacion_externa: 'Desparasitación externa',
  test: 'Test',
  tratamiento: 'Tratamiento',
  cirugia: 'Cirugía',
  esterilizacion: 'Esterilización',
  revision: 'Revisión',
  peso: 'Peso',
};

/** A record's state: planned (a date to do it) or done (the day it was done). */
export const CARE_STATES = ['programado', 'hecho'] as const;
export type CareState = (typeof CARE_STATES)[number];

export const CARE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const CARE_ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type CareAttachmentType = (typeof CARE_ATTACHMENT_TYPES)[number];
export const CARE_TEXT_MAX_LENGTH = 200;
export const CARE_NOTES_MAX_LENGTH = 2000;
export const CARE_REPEAT_DAYS_MAX = 3650;
export const PROTOCOL_DAYS_MAX = 3650;
export const PROTOCOL_STEPS_MAX = 40;
export const WEIGHT_KG_MAX = 150;
export const CARE_COST_MAX = 100_000;
export const CARE_DUE_PAGE_SIZE_DEFAULT = 50;
export const CARE_DUE_PAGE_SIZE_MAX = 200;
/** The note every default protocol carries. */
export const PROTOCOL_DEFAULT_NOTE = 'Punto de partida: revisadlo con vuestro veterinario';

/* ------------------------------------------------------------------ Spanish texts */

export const careMessages = {
  typeInvalid: 'Elige un tipo de registro de la lista.',
  nameRequired: 'Escribe qué se hizo o se hará (por ejemplo, «Rabia»).',
  textTooLong: `El texto no puede superar los ${CARE_TEXT_MAX_LENGTH} caracteres.`,
  notesTooLong: `Las notas no pueden superar los ${CARE_NOTES_MAX_LENGTH} caracteres.`,
  dateInvalid: 'Escribe una fecha válida (AAAA-MM-DD).',
  dateRequired: 'Indica la fecha prevista o la fecha en que se hizo.',
  doneInFuture: 'La fecha en que se hizo no puede ser posterior a hoy.',
  repeatInvalid: `La repetición debe ser un número entero de días entre 1 y ${CARE_REPEAT_DAYS_MAX}.`,
  weightInvalid: `El peso debe ser un número mayor que 0 y como mucho ${WEIGHT_KG_MAX} kg.`,
  weightRequired: 'Indica el peso en kg.',
  weightDoneOnly: 'Un peso se registra con la fecha en que se pesó.',
  costInvalid: 'El coste debe ser un importe positivo con como mucho dos decimales.',
  versionRequired: 'Falta la versión del registro.',
  stale: 'Otra persona cambió este registro mientras lo editabas. Recarga para ver la versión más reciente.',
  notFound: 'No existe ese registro de salud.',
  alreadyDone: 'Ese registro ya está marcado como hecho.',
  notDone: 'Ese registro ya no está marcado como hecho: no hay nada que deshacer.',
  undoStale: 'Otra persona cambió este registro después de marcarlo como hecho, así que no se ha deshecho. Recarga para ver cómo está ahora.',
  undoNoPlannedDate: 'Ese registro se guardó ya hecho, sin fecha prevista: edítalo para cambiarlo.',
  petNotFound: petMessages.notFound,
  // attachments
  attachmentMissing: 'No se recibió ningún archivo.',
  attachmentEmpty: 'El archivo está vacío.',
  attachmentType: 'Solo se admiten archivos PDF, JPEG, PNG o WebP.',
  attachmentTooBig: 'El archivo debe pesar como máximo 10MB.',
  attachmentOneOnly: 'Envía un solo archivo por solicitud.',
  attachmentNotFound: 'No existe ese adjunto.',
  attachmentSaveFailed: 'No se pudo guardar el archivo. Inténtalo de nuevo.',
  // protocols
  protocolNotFound: 'No existe ese protocolo.',
  protocolNameRequired: 'El protocolo necesita un nombre.',
  protocolStepsRequired: 'El protocolo necesita al menos un paso.',
  protocolStepsTooMany: `Un protocolo puede tener como máximo ${PROTOCOL_STEPS_MAX} pasos.`,
  protocolDaysInvalid: `Los días desde el inicio deben ser un número entero entre 0 y ${PROTOCOL_DAYS_MAX}.`,
  protocolPetType: (protocolo: string, tipo: string) => `El protocolo «${protocolo}» es para otra especie, no para ${tipo}.`,
  protocolStartInvalid: 'Indica la fecha de inicio (AAAA-MM-DD).',
  // PDF
  pdfTitle: 'Historia clínica',
} as const;

/* ------------------------------------------------------------------ value encodings */

const shortText = oneLineText().trim().max(CARE_TEXT_MAX_LENGTH, careMessages.textTooLong);
const notesText = multiLineText().trim().max(CARE_NOTES_MAX_LENGTH, careMessages.notesTooLong);
const repeatDays = z
  .number({ error: careMessages.repeatInvalid })
  .int(careMessages.repeatInvalid)
  .min(1, careMessages.repeatInvalid)
  .max(CARE_REPEAT_DAYS_MAX, careMessages.repeatInvalid);
const weightKg = z
  .number({ error: careMessages.weightInvalid })
  .gt(0, careMessages.weightInvalid)
  .max(WEIGHT_KG_MAX, careMessages.weightInvalid)
  .refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, careMessages.weightInvalid);
const cost = z
  .number({ error: careMessages.costInvalid })
  .min(0, careMessages.costInvalid)
  .max(CARE_COST_MAX, careMessages.costInvalid)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, careMessages.costInvalid);
const versionSchema = z.number({ error: careMessages.versionRequired }).int().min(1, careMessages.versionRequired);

/* ------------------------------------------------------------------ records */

export const careAttachmentSchema = z.object({
  id: z.number().int(),
  nombre: z.string().describe('Nombre original del archivo'),
  tipo: z.enum(CARE_ATTACHMENT_TYPES).describe('Tipo detectado por el contenido'),
  bytes: z.number().int(),
  url: z.string().describe('Descarga, solo para el equipo'),
  creadoEn: z.string(),
});
export type CareAttachment = z.infer<typeof careAttachmentSchema>;

export const careRecordSchema = z.object({
  id: z.number().int(),
  mascotaId: z.number().int(),
  tipo: z.enum(CARE_TYPES),
  nombre: z.string(),
  estado: z.enum(CARE_STATES).describe("'hecho' cuando tiene fecha de realización"),
  fechaProgramada: z.string().nullable(),
  fechaRealizada: z.string().nullable(),
  vencido: z.boolean().describe('Programado para antes de hoy y sin hacer'),
  repetirCadaDias: z.number().int().nullable(),
  dosis: z.string(),
  lote: z.string(),
  veterinario: z.string(),
  resultado: z.string(),
  pesoKg: z.number().nullable(),
  coste: z.number().nullable(),
  notas: z.string(),
  protocoloId: z.number().int().nullable(),
  adjuntos: z.array(careAttachmentSchema),
  version: z.number().int(),
  creadoEn: z.string(),
  actualizadoEn: z.string(),
});
export type CareRecord = z.infer<typeof careRecordSchema>;

/** `GET /api/mascotas/{id}/salud`. */
export const careSheetSchema = z.object({
  registros: z.array(careRecordSchema).describe('Hechos, del más reciente al más antiguo'),
  proximos: z.array(careRecordSchema).describe('Programados sin hacer, del más próximo (o más vencido) al más lejano'),
  pesos: z.array(z.object({ fecha: z.string(), kg: z.number() })).describe('Pesos, del más antiguo al más reciente'),
});
export type CareSheet = z.infer<typeof careSheetSchema>;

const careRecordFields = {
  tipo: z.enum(CARE_TYPES, { error: careMessages.typeInvalid }),
  nombre: oneLineText({ error: careMessages.nameRequired })
    .trim()
    .min(1, careMessages.nameRequired)
    .max(CARE_TEXT_MAX_LENGTH, careMessages.textTooLong),
  fechaProgramada: calendarDaySchema.nullable().optional(),
  fechaRealizada: calendarDaySchema.nullable().optional(),
  repetirCadaDias: repeatDays.nullable().optional(),
  dosis: shortText.optional(),
  lote: shortText.optional(),
  veterinario: shortText.optional(),
  resultado: shortText.optional(),
  pesoKg: weightKg.nullable().optional(),
  coste: cost.nullable().optional(),
  notas: notesText.optional(),
};

/** `POST /api/mascotas/{id}/salud`: a planned or a done date is required (a done date is never after today). */
export const createCareRecordInputSchema = z.object(careRecordFields).superRefine((input, ctx) => {
  if (!input.fechaProgramada && !input.fechaRealizada)
    ctx.addIssue({ code: 'custom', path: ['fechaProgramada'], message: careMessages.dateRequired });
  if (input.tipo === 'peso') {
    if (input.pesoKg == null) ctx.addIssue({ code: 'custom', path: ['pesoKg'], message: careMessages.weightRequired });
    if (!input.fechaRealizada) ctx.addIssue({ code: 'custom', path: ['fechaRealizada'], message: careMessages.weightDoneOnly });
  }
});
export type CreateCareRecordInput = z.input<typeof createCareRecordInputSchema>;
export type CreateCareRecord = z.output<typeof createCareRecordInputSchema>;

/** `PATCH /api/salud/{id}`: the fields to change and the version the edit started from (stale -> 409). */
export const patchCareRecordInputSchema = z.object(careRecordFields).partial().extend({ version: versionSchema });
export type PatchCareRecordInput = z.input<typeof patchCareRecordInputSchema>;
export type PatchCareRecord = z.output<typeof patchCareRecordInputSchema>;

/** `POST /api/salud/{id}/hecho`: done that day; with `repetirCadaDias` the next one is planned. */
export const markCareDoneInputSchema = z.object({
  fecha: calendarDaySchema,
  notas: notesText.optional(),
  lote: shortText.optional(),
  version: versionSchema,
});
export type MarkCareDoneInput = z.input<typeof markCareDoneInputSchema>;

/** The answer of `POST /api/salud/{id}/hecho`: the record, and the next one when it repeats. */
export const markCareDoneResultSchema = z.object({ registro: careRecordSchema, siguiente: careRecordSchema.nullable() });
export type MarkCareDoneResult = z.infer<typeof markCareDoneResultSchema>;

/**
 * `POST /api/salud/{id}/hecho/deshacer`: 'Deshacer' after 'Hecho', with the version the mark answered (someone
 * else's change since -> 409, nothing reverted).
 */
export const undoCareDoneInputSchema = z.object({ version: versionSchema });
export type UndoCareDoneInput = z.input<typeof undoCareDoneInputSchema>;

/** Its answer: the record planned again, and whether the next dose its 'Hecho' planned was removed with it. */
export const undoCareDoneResultSchema = z.object({
  registro: careRecordSchema,
  siguienteQuitado: z.boolean().describe('false cuando no había siguiente o alguien lo cambió ya (se conserva)'),
});
export type UndoCareDoneResult = z.infer<typeof undoCareDoneResultSchema>;

export const careRecordIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const careAttachmentParamsSchema = careRecordIdParamsSchema.extend({ adjuntoId: z.coerce.number().int().min(1).max(2_147_483_647) });

/* ------------------------------------------------------------------ protocols */

export const protocolStepSchema = z.object({
  tipo: z.enum(CARE_TYPES, { error: careMessages.typeInvalid }),
  nombre: oneLineText({ error: careMessages.nameRequired })
    .trim()
    .min(1, careMessages.nameRequired)
    .max(CARE_TEXT_MAX_LENGTH, careMessages.textTooLong),
  diasDesdeInicio: z
    .number({ error: careMessages.protocolDaysInvalid })
    .int(careMessages.protocolDaysInvalid)
    .min(0, careMessages.protocolDaysInvalid)
    .max(PROTOCOL_DAYS_MAX, careMessages.protocolDaysInvalid),
  repetirCadaDias: repeatDays.nullable().optional(),
});
export type ProtocolStep = z.output<typeof protocolStepSchema>;

/** `POST /api/protocolos` and `PUT /api/protocolos/{id}` (administrators). */
export const protocolInputSchema = z.object({
  nombre: oneLineText({ error: careMessages.protocolNameRequired })
    .trim()
    .min(1, careMessages.protocolNameRequired)
    .max(CARE_TEXT_MAX_LENGTH, careMessages.textTooLong),
  tipoMascota: z.enum(PET_TYPES, { error: petMessages.typeInvalid }),
  nota: notesText.optional(),
  pasos: z.array(protocolStepSchema).min(1, careMessages.protocolStepsRequired).max(PROTOCOL_STEPS_MAX, careMessages.protocolStepsTooMany),
  activo: z.boolean().optional().describe('false: deja de ofrecerse al aplicar protocolos'),
  version: z.number().int().min(1).optional().describe('Solo en PUT: la versión de la que partió la edición (desfasada -> 409)'),
});
export type ProtocolInput = z.input<typeof protocolInputSchema>;

export const protocolSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  tipoMascota: z.enum(PET_TYPES),
  nota: z.string(),
  pasos: z.array(
    z.object({ tipo: z.enum(CARE_TYPES), nombre: z.string(), diasDesdeInicio: z.number().int(), repetirCadaDias: z.number().int().nullable() }),
  ),
  predeterminado: z.boolean().describe('Viene con la aplicación'),
  activo: z.boolean(),
  version: z.number().int(),
  actualizadoEn: z.string(),
});
export type Protocol = z.infer<typeof protocolSchema>;
export const listProtocolsResponseSchema = z.object({ items: z.array(protocolSchema) });
export const protocolIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** `POST /api/mascotas/{id}/salud/protocolo`: plans every step from `inicio`. */
export const applyProtocolInputSchema = z.object({
  protocoloId: z.number({ error: careMessages.protocolNotFound }).int().min(1, careMessages.protocolNotFound),
  inicio: calendarDaySchema,
});
export type ApplyProtocolInput = z.input<typeof applyProtocolInputSchema>;
export const applyProtocolResultSchema = z.object({ registros: z.array(careRecordSchema) });

/* ------------------------------------------------------------------ what is due */

/** `GET /api/salud/pendientes`: planned, not done, up to `hasta` (default today), overdue first. */
export const listCareDueQuerySchema = z.object({
  hasta: calendarDaySchema.optional().describe('Hasta ese día incluido; por defecto, hoy'),
  tipo: z.enum(CARE_TYPES, { error: careMessages.typeInvalid }).optional(),
  ubicacion: z
    .enum(LOCATION_TYPES, { error: 'Elige una ubicación de la lista.' })
    .optional()
    .describe('Solo los cuidados de las mascotas que están en esa ubicación (refugio, acogida...)'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(CARE_DUE_PAGE_SIZE_MAX).default(CARE_DUE_PAGE_SIZE_DEFAULT),
});
export type ListCareDueQuery = z.infer<typeof listCareDueQuerySchema>;

export const careDueItemSchema = careRecordSchema.omit({ adjuntos: true }).extend({
  mascota: z.object({ id: z.number().int(), nombre: z.string(), tipo: z.string(), thumbnailUrl: z.string().nullable() }),
  diasRetraso: z.number().int().describe('Días desde la fecha prevista (0: hoy; negativo: aún no toca)'),
});
export type CareDueItem = z.infer<typeof careDueItemSchema>;

export const listCareDueResponseSchema = z.object({
  hoy: z.string().describe("Hoy en la zona horaria de la organización ('AAAA-MM-DD')"),
  items: z.array(careDueItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListCareDueResponse = z.infer<typeof listCareDueResponseSchema>;
