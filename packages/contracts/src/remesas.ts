import { z } from 'zod';
import { FEE_PERIODS, FEE_TYPES, GIFT_CONCEPTS, GIFT_STATES } from './donation-messages';
import { personRefSchema } from './pets';
import { calendarDate } from './text';
import { countLabel, longDay, pluralWord } from './wording';

/*
 * SEPA direct-debit batches (remesas, DESIGN section 15): `POST /api/remesas` charges the due `domiciliacion` fees on
 * a collection day, `GET /api/remesas/{id}/xml` is the bank's pain.008.001.02 file. IBANs travel masked here; whole
 * only in the bank file.
 */

export const REMESA_SEQUENCES = ['FRST', 'RCUR'] as const;
export type RemesaSequence = (typeof REMESA_SEQUENCES)[number];
export const REMESA_STATES = ['emitida'] as const;
export const REMESAS_PAGE_SIZE_DEFAULT = 25;
export const REMESAS_PAGE_SIZE_MAX = 100;

/** What the organisation needs on "Configuración" before it can issue a batch, named as the screen names it. */
export const remesaSettingLabels = {
  nombre: 'el nombre de la organización',
  nif: 'el NIF de la entidad',
  acreedorSepa: 'el identificador de acreedor SEPA',
  ibanAcreedor: 'el IBAN de abono de las remesas',
} as const;
export type RemesaSetting = keyof typeof remesaSettingLabels;

/*
 * The collection day (DESIGN section 15, docs/api.md). SEPA settles on TARGET2 business days only: not Saturdays or
 * Sundays, nor 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December. The SEPA Core scheme takes a
 * FRST or RCUR debit up to one business day before the collection (D-1, since 2016), but the file must reach the bank
 * before its cut-off that day; so the collection day must be at least REMESA_LEAD_BUSINESS_DAYS business days after
 * today. A day that breaks either rule is refused (400) with the first day that would do: nothing is moved silently.
 */
export const REMESA_LEAD_BUSINESS_DAYS = 2;

const dayUtc = (day: string) => new Date(`${day}T00:00:00Z`);
const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/** Easter Sunday of a year (the Gregorian computus, Meeus/Jones/Butcher), as 'YYYY-MM-DD'. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
}

function addDays(day: string, n: number): string {
  const date = dayUtc(day);
  date.setUTCDate(date.getUTCDate() + n);
  return isoOf(date);
}

/** The TARGET2 holiday of that day ('Viernes Santo'…), or null. Weekends are not named here. */
export function target2Holiday(day: string): string | null {
  const mmdd = day.slice(5);
  if (mmdd === '01-01') return 'Año Nuevo';
  if (mmdd === '05-01') return 'Día del Trabajo';
  if (mmdd === '12-25') return 'Navidad';
  if (mmdd === '12-26') return 'San Esteban';
  const easter = easterSunday(Number(day.slice(0, 4)));
  if (day === addDays(easter, -2)) return 'Viernes Santo';
  if (day === addDays(easter, 1)) return 'Lunes de Pascua';
  return null;
}

/** True for a day banks settle SEPA debits on: a weekday that is not a TARGET2 holiday. */
export function isTarget2BusinessDay(day: string): boolean {
  const weekday = dayUtc(day).getUTCDay();
  return weekday !== 0 && weekday !== 6 && target2Holiday(day) === null;
}

/** The first business day after `day`. */
export function nextBusinessDay(day: string): string {
  let next = addDays(day, 1);
  while (!isTarget2BusinessDay(next)) next = addDays(next, 1);
  return next;
}

/** The earliest collection day a batch made today may have: the REMESA_LEAD_BUSINESS_DAYS-th business day after today. */
export function earliestCollectionDay(today: string): string {
  let day = today;
  for (let i = 0; i < REMESA_LEAD_BUSINESS_DAYS; i++) day = nextBusinessDay(day);
  return day;
}

/** What is wrong with a collection day chosen today, or null (the same words on the screen and from the API). */
export function collectionDayProblem(fechaCobro: string, today: string): string | null {
  if (fechaCobro < today) return remesaMessages.dateInPast;
  const earliest = earliestCollectionDay(today);
  if (fechaCobro < earliest) return remesaMessages.dateTooSoon(earliest);
  if (!isTarget2BusinessDay(fechaCobro)) return remesaMessages.notBusinessDay(fechaCobro, nextBusinessDay(fechaCobro));
  return null;
}

export const remesaMessages = {
  dateInvalid: 'Escribe una fecha de cobro válida (AAAA-MM-DD).',
  dateInPast: 'La fecha de cobro no puede ser anterior a hoy.',
  dateTooSoon: (earliest: string) =>
    `El banco necesita el fichero antes del día de cobro: elige como pronto el ${longDay(earliest)} (${REMESA_LEAD_BUSINESS_DAYS} días hábiles después de hoy).`,
  notBusinessDay: (day: string, next: string) => {
    const holiday = target2Holiday(day);
    const why = holiday ? `es festivo para los bancos (${holiday})` : 'cae en fin de semana';
    return `El ${longDay(day)} ${why}: los bancos solo cobran en días hábiles. Elige otro día; el siguiente hábil es el ${longDay(next)}.`;
  },
  leftOut: (n: number) =>
    `${countLabel(n, 'cuota', 'cuotas')} ${pluralWord(n, 'queda', 'quedan')} fuera de la remesa porque el banco no ${pluralWord(n, 'la', 'las')} aceptaría:`,
  noDueFees: 'No hay cuotas domiciliadas que cobrar en esa fecha: ninguna activa le toca ese periodo o ya se cobró en otra remesa.',
  notFound: 'La remesa no existe.',
  missingSettings: (missing: RemesaSetting[]) =>
    `Para emitir remesas, completa en Configuración ${missing.map((k) => remesaSettingLabels[k]).join(', ')}.`,
  feeNotChargeable: (feeId: number, nombre: string, problem: string) =>
    `La cuota ${feeId} (${nombre}) no se puede cobrar por SEPA: ${problem}. Corrígela o dala de baja antes de emitir la remesa.`,
  noChargeableFees: (n: number) =>
    `Ninguna cuota de ese día se puede cobrar por SEPA: ${pluralWord(n, 'la que toca tiene', `las ${n} que tocan tienen`)} datos que el banco no acepta (ver la vista previa).`,
  busy: 'Otra remesa se ha emitido a la vez con estas cuotas. Vuelve a intentarlo.',
} as const;

const idParam = z.coerce.number().int().min(1).max(2_147_483_647);

/** `POST /api/remesas` and its preview. */
export const remesaInputSchema = z.object({
  fechaCobro: calendarDate(remesaMessages.dateInvalid).describe('AAAA-MM-DD: día en que el banco cobra los recibos; hoy o después'),
});
export type RemesaInput = z.infer<typeof remesaInputSchema>;

export const remesaIdParamsSchema = z.object({ id: idParam });

export const listRemesasQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REMESAS_PAGE_SIZE_MAX).default(REMESAS_PAGE_SIZE_DEFAULT),
});
export type ListRemesasQuery = z.infer<typeof listRemesasQuerySchema>;

/** One fee charged in a batch. */
export const remesaLineSchema = z.object({
  cuotaId: z.number().int(),
  tipo: z.enum(FEE_TYPES),
  periodicidad: z.enum(FEE_PERIODS),
  periodoDesde: z.string().describe('Primer día del periodo de la cuota que se cobra'),
  persona: personRefSchema,
  mascota: personRefSchema.nullable().describe('La mascota apadrinada'),
  importe: z.number().describe('Euros, con dos decimales como mucho'),
  importeCentimos: z.number().int(),
  iban: z.string().describe('Enmascarado (ES91 **** **** **** **** 1332): entero solo en el fichero del banco'),
  mandato: z.object({ referencia: z.string(), fechaFirma: z.string() }),
  secuencia: z.enum(REMESA_SEQUENCES).describe('FRST: primer adeudo del mandato; RCUR: los siguientes'),
  referencia: z.string().describe('Identificador del adeudo (EndToEndId), el que el banco indica en una devolución'),
  donativo: z
    .object({ id: z.number().int(), concepto: z.enum(GIFT_CONCEPTS), estado: z.enum(GIFT_STATES), version: z.number().int() })
    .nullable()
    .describe('El cobro registrado (null en la vista previa): una devolución se registra en él'),
});
export type RemesaLine = z.infer<typeof remesaLineSchema>;

const remesaFields = {
  fechaCobro: z.string(),
  numero: z.number().int().describe('Número de cuotas cobradas'),
  importeTotal: z.number().describe('Suma en euros de las cuotas'),
  importeTotalCentimos: z.number().int(),
};

/** A due fee left out of a batch because its debit cannot be written (the rest of the batch goes on). */
export const remesaExcludedSchema = z.object({
  cuotaId: z.number().int(),
  persona: personRefSchema,
  motivo: z.string().describe('Por qué el banco no aceptaría el adeudo, en palabras de la persona'),
});
export type RemesaExcluded = z.infer<typeof remesaExcludedSchema>;

/** `GET /api/remesas/previsualizacion`: what `POST /api/remesas` would charge on that day (nothing is stored). */
export const remesaPreviewSchema = z.object({
  ...remesaFields,
  cuotas: z.array(remesaLineSchema),
  excluidas: z.array(remesaExcludedSchema).describe('Cuotas que tocan pero quedan fuera, con el motivo'),
});
export type RemesaPreview = z.infer<typeof remesaPreviewSchema>;

export const remesaSummarySchema = z.object({
  id: z.number().int(),
  ...remesaFields,
  estado: z.enum(REMESA_STATES),
  devueltas: z.number().int().describe('Cuotas de la remesa con la devolución registrada'),
  creadaPor: z.string().nullable().describe('Nombre de quien la emitió'),
  createdAt: z.string(),
});
export type RemesaSummary = z.infer<typeof remesaSummarySchema>;

/** `POST /api/remesas` (201) and `GET /api/remesas/{id}`. */
export const remesaSchema = remesaSummarySchema.extend({
  cuotas: z.array(remesaLineSchema),
  excluidas: z
    .array(remesaExcludedSchema)
    .describe('Al emitirla: las cuotas que tocaban y quedaron fuera, con el motivo (vacío al consultarla después)'),
});
export type Remesa = z.infer<typeof remesaSchema>;

export const remesasResponseSchema = z.object({
  items: z.array(remesaSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RemesasResponse = z.infer<typeof remesasResponseSchema>;
