import { z } from 'zod';
import { FEE_PERIODS, FEE_TYPES, GIFT_CONCEPTS, GIFT_STATES } from './donation-messages';
import { personRefSchema } from './pets';
import { calendarDate } from './text';

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

export const remesaMessages = {
  dateInvalid: 'Escribe una fecha de cobro válida (AAAA-MM-DD).',
  dateInPast: 'La fecha de cobro no puede ser anterior a hoy.',
  noDueFees: 'No hay cuotas domiciliadas que cobrar en esa fecha: ninguna activa le toca ese periodo o ya se cobró en otra remesa.',
  notFound: 'La remesa no existe.',
  missingSettings: (missing: RemesaSetting[]) =>
    `Para emitir remesas, completa en Configuración ${missing.map((k) => remesaSettingLabels[k]).join(', ')}.`,
  feeNotChargeable: (feeId: number, nombre: string, problem: string) =>
    `La cuota ${feeId} (${nombre}) no se puede cobrar por SEPA: ${problem}. Corrígela o dala de baja antes de emitir la remesa.`,
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

/** `GET /api/remesas/previsualizacion`: what `POST /api/remesas` would charge on that day (nothing is stored). */
export const remesaPreviewSchema = z.object({ ...remesaFields, cuotas: z.array(remesaLineSchema) });
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
export const remesaSchema = remesaSummarySchema.extend({ cuotas: z.array(remesaLineSchema) });
export type Remesa = z.infer<typeof remesaSchema>;

export const remesasResponseSchema = z.object({
  items: z.array(remesaSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RemesasResponse = z.infer<typeof remesasResponseSchema>;
