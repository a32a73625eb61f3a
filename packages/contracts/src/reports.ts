import { z } from 'zod';
import { daysBetween } from './days';
import { GIFT_CONCEPTS } from './donation-messages';
import { PROCEDENCIAS, PROCEDENCIA_SIN_INDICAR } from './pet-identity';
import { calendarDate, oneLineText } from './text';

/*
 * The annual report ("memoria") an animal-protection entity gives its region each year (Ley 7/2023) and the ready
 * reports ("informes") with their monthly e-mail (DESIGN section 16). Read models: nothing here changes a record.
 */

export const REPORT_MIN_YEAR = 2000;
export const REPORT_MAX_YEAR = 2100;
/** The longest range a report covers. */
export const REPORT_MAX_YEARS = 10;

export const reportMessages = {
  yearInvalid: `Indica un año válido, de ${REPORT_MIN_YEAR} a ${REPORT_MAX_YEAR} (por ejemplo, 2026).`,
  formatInvalid: 'El formato debe ser json, pdf o xlsx.',
  reportFormatInvalid: 'El formato debe ser json o xlsx.',
  dateInvalid: 'Indica una fecha válida con el formato AAAA-MM-DD.',
  rangeReversed: 'La fecha desde no puede ser posterior a la fecha hasta.',
  rangeTooLong: `El periodo no puede superar los ${REPORT_MAX_YEARS} años.`,
  unknownReport: 'Ese informe no existe.',
  adminOnly: 'Solo las personas administradoras pueden ver los importes de dinero.',
  periodicityInvalid: "La periodicidad debe ser 'mensual'.",
  notSubscribed: 'No estás suscrito a ese informe.',
} as const;

const count = z.number().int().min(0);
const cents = z.number().int().min(0).describe('Céntimos de euro (entero)');

// ---------------------------------------------------------------------------------------------------------------
// The annual report.

export const MEMORIA_FORMATS = ['json', 'pdf', 'xlsx'] as const;
export type MemoriaFormat = (typeof MEMORIA_FORMATS)[number];

export const memoriaQuerySchema = z.object({
  anio: z.coerce
    .number({ error: reportMessages.yearInvalid })
    .int(reportMessages.yearInvalid)
    .min(REPORT_MIN_YEAR, reportMessages.yearInvalid)
    .max(REPORT_MAX_YEAR, reportMessages.yearInvalid)
    .describe('Año de la memoria (AAAA)'),
  formato: z.enum(MEMORIA_FORMATS, { error: reportMessages.formatInvalid }).default('json'),
});
export type MemoriaQuery = z.infer<typeof memoriaQuerySchema>;

/** Where an animal came from, as the memoria counts it: the `ingreso` movement's `procedencia`, or 'sin_indicar'. */
export const MEMORIA_ORIGINS = [...PROCEDENCIAS, PROCEDENCIA_SIN_INDICAR] as const;
export type MemoriaOrigin = (typeof MEMORIA_ORIGINS)[number];
/** Where an animal went: the movements that end its stay. */
export const MEMORIA_DESTINATIONS = ['adopcion', 'traslado', 'fallecimiento'] as const;
export type MemoriaDestination = (typeof MEMORIA_DESTINATIONS)[number];

export const memoriaDestinationLabels: Record<MemoriaDestination, string> = {
  adopcion: 'Adopción',
  traslado: 'Traslado a otra entidad',
  fallecimiento: 'Fallecimiento',
};

const bySpecies = z.array(z.object({ especie: z.string(), total: count })).describe('Por especie (Perro, Gato, Conejo), solo las que tienen alguno');

export const memoriaSchema = z.object({
  anio: z.number().int(),
  desde: z.string().describe("Primer día del año, 'AAAA-MM-DD'"),
  hasta: z.string().describe("Último día del año, 'AAAA-MM-DD'"),
  generadoEn: z.string().describe('Momento en que se calculó (ISO 8601)'),
  organizacion: z.object({
    nombre: z.string(),
    nif: z.string().nullable(),
    nucleoZoologico: z.string().nullable().describe('Nº de núcleo zoológico'),
    registroEntidades: z.string().nullable().describe('Nº del registro de entidades'),
  }),
  entradas: z
    .object({
      total: count,
      porProcedencia: z
        .array(z.object({ procedencia: z.enum(MEMORIA_ORIGINS), total: count }))
        .describe('Todas las procedencias, también las que suman 0'),
      porEspecie: bySpecies,
      detalle: z.array(z.object({ procedencia: z.enum(MEMORIA_ORIGINS), especie: z.string(), total: count })).describe('Procedencia por especie'),
    })
    .describe("Movimientos de 'ingreso' con fecha en el año (mascotas no eliminadas)"),
  salidas: z
    .object({
      total: count,
      porDestino: z.array(z.object({ destino: z.enum(MEMORIA_DESTINATIONS), total: count })).describe('Todos los destinos, también los que suman 0'),
      porEspecie: bySpecies,
    })
    .describe('Adopciones, traslados y fallecimientos con fecha en el año (las acogidas no son salidas)'),
  devoluciones: z
    .object({ total: count, porEspecie: bySpecies })
    .describe('Devoluciones con fecha en el año que cerraron una adopción (no las que cierran una acogida)'),
  fallecimientos: z
    .object({
      total: count,
      porCausa: z.array(z.object({ causa: z.string(), total: count })).describe('Causa escrita en el fallecimiento, de más a menos'),
    })
    .describe("Movimientos de 'fallecimiento' con fecha en el año"),
  esterilizaciones: z
    .object({ total: count, porEspecie: bySpecies })
    .describe(
      'Mascotas esterilizadas en el año, cada una una vez: la fecha de esterilización de su ficha o un registro de salud de tipo esterilización hecho en el año',
    ),
  acogidas31Diciembre: z
    .object({ mascotas: count, hogares: count, porEspecie: bySpecies })
    .describe('Mascotas en casa de acogida el 31 de diciembre (o hoy, si el año no ha terminado) y hogares distintos que las tienen'),
  tiempoAdopcion: z
    .object({
      medianaDias: z.number().nullable().describe('Mediana de días desde el ingreso hasta la adopción; null sin adopciones'),
      adopciones: count.describe('Adopciones del año en las que se basa'),
    })
    .describe('Desde el último ingreso anterior a cada adopción del año'),
  voluntariado: z
    .object({
      disponible: z.boolean().describe('true: las horas salen de la asistencia marcada en los turnos de voluntariado'),
      personas: count,
      horas: z.number().min(0),
      nota: z.string().nullable(),
    })
    .describe('Personas voluntarias que vinieron a algún turno del año y sus horas'),
  ingresos: z
    .object({
      total: cents,
      porConcepto: z.array(z.object({ concepto: z.enum(GIFT_CONCEPTS), importeCentimos: cents, numero: count })).describe('Todos los conceptos'),
    })
    .nullable()
    .describe("Donativos y cuotas cobrados en el año ('registrado': sin anulados, devueltos ni pendientes). null salvo para administradores"),
});
export type Memoria = z.infer<typeof memoriaSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Ready reports.

export const REPORT_KEYS = [
  'entradas-salidas',
  'tiempo-adopcion',
  'devoluciones',
  'esterilizaciones',
  'coste-veterinario',
  'donativos',
  'voluntariado',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];
/** Reports about money: administrators only. */
export const ADMIN_REPORT_KEYS: readonly ReportKey[] = ['donativos'];

export const REPORT_FORMATS = ['json', 'xlsx'] as const;

export const reportInfoSchema = z.object({
  clave: z.enum(REPORT_KEYS),
  titulo: z.string(),
  descripcion: z.string(),
  soloAdministracion: z.boolean().describe('Informe con importes de dinero: solo para administradores'),
});
export type ReportInfo = z.infer<typeof reportInfoSchema>;

export const reportListSchema = z.object({ items: z.array(reportInfoSchema) });
export type ReportList = z.infer<typeof reportListSchema>;

export const reportKeyParamsSchema = z.object({
  clave: oneLineText()
    .max(100)
    .describe(`Uno de: ${REPORT_KEYS.join(', ')}`),
});

/** Checks a range: from before to, at most REPORT_MAX_YEARS years. */
export function reportRangeError(desde: string, hasta: string): { field: 'desde' | 'hasta'; message: string } | null {
  if (desde > hasta) return { field: 'hasta', message: reportMessages.rangeReversed };
  const [y, m, d] = desde.split('-').map(Number) as [number, number, number];
  const limit = `${String(y + REPORT_MAX_YEARS).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  if (hasta >= limit || daysBetween(desde, hasta) > REPORT_MAX_YEARS * 366) return { field: 'hasta', message: reportMessages.rangeTooLong };
  return null;
}

export const reportQuerySchema = z
  .object({
    desde: calendarDate(reportMessages.dateInvalid).describe("Primer día, 'AAAA-MM-DD' (incluido)"),
    hasta: calendarDate(reportMessages.dateInvalid).describe(
      `Último día, 'AAAA-MM-DD' (incluido); como mucho ${REPORT_MAX_YEARS} años después de desde`,
    ),
    formato: z.enum(REPORT_FORMATS, { error: reportMessages.reportFormatInvalid }).default('json'),
  })
  .superRefine((query, ctx) => {
    const problem = reportRangeError(query.desde, query.hasta);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const REPORT_COLUMN_TYPES = ['texto', 'numero', 'dinero', 'fecha'] as const;

const cellSchema = z.union([z.string(), z.number(), z.null()]);

/** One ready report: a table (columns and rows), its totals and a series for a chart. */
export const reportSchema = z.object({
  clave: z.enum(REPORT_KEYS),
  titulo: z.string(),
  desde: z.string(),
  hasta: z.string(),
  generadoEn: z.string(),
  columnas: z
    .array(z.object({ clave: z.string(), titulo: z.string(), tipo: z.enum(REPORT_COLUMN_TYPES) }))
    .describe("tipo 'dinero': céntimos de euro (entero); 'fecha': 'AAAA-MM-DD'"),
  filas: z.array(z.record(z.string(), cellSchema)).describe('Una fila por columna clave'),
  totales: z
    .array(z.object({ clave: z.string(), titulo: z.string(), valor: z.number().nullable(), tipo: z.enum(REPORT_COLUMN_TYPES) }))
    .describe('Cifras del periodo completo'),
  serie: z
    .object({
      eje: z.string().describe("Clave del eje X en cada punto (normalmente 'mes', 'AAAA-MM')"),
      series: z.array(z.object({ clave: z.string(), titulo: z.string() })),
      puntos: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
    })
    .describe('Para dibujar: un punto por mes del periodo, con un valor por serie'),
  nota: z.string().nullable().describe('Aviso sobre el informe (p. ej. datos que la aplicación aún no registra)'),
});
export type Report = z.infer<typeof reportSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Monthly e-mail of a report.

export const REPORT_PERIODICITIES = ['mensual'] as const;

export const reportSubscriptionInputSchema = z.object({
  periodicidad: z.enum(REPORT_PERIODICITIES, { error: reportMessages.periodicityInvalid }),
});
export type ReportSubscriptionInput = z.infer<typeof reportSubscriptionInputSchema>;

export const reportSubscriptionSchema = z.object({
  id: z.number().int(),
  clave: z.enum(REPORT_KEYS),
  periodicidad: z.enum(REPORT_PERIODICITIES),
  enviadoHasta: z
    .string()
    .nullable()
    .describe(
      "Último mes enviado ('AAAA-MM'); al suscribirse, el mes anterior al actual: el primer correo lleva el mes en curso, al empezar el siguiente",
    ),
  creadaEn: z.string(),
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;

export const reportSubscriptionsSchema = z.object({ items: z.array(reportSubscriptionSchema) });
export type ReportSubscriptions = z.infer<typeof reportSubscriptionsSchema>;

/** The first and last day of month 'YYYY-MM'. */
export function monthRange(month: string): { desde: string; hasta: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { desde: `${month}-01`, hasta: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
