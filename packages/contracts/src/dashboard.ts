import { z } from 'zod';
import { GIFT_CONCEPTS } from './donation-messages';

/** Months drawn by the intakes-vs-adoptions chart. */
export const DASHBOARD_MONTHS = 12;
/** "Upcoming publications": scheduled to go public within this many days. */
export const UPCOMING_PUBLICATION_DAYS = 7;

const count = z.number().int().min(0);
const cents = z.number().int().min(0);

/** "Pendientes": a returned direct debit stays waiting this many days after it was recorded, unless handled before. */
export const RETURNED_DEBIT_PENDING_DAYS = 60;

/** The money figures of the dashboard (DESIGN section 15), for administrators only. */
export const dashboardMoneySchema = z
  .object({
    sociosActivos: count.describe("Personas con una cuota de socio 'activa'"),
    padrinosActivos: count.describe("Personas con un apadrinamiento 'activa'"),
    mes: z.string().describe("El mes actual en la zona horaria de la organización, 'YYYY-MM'"),
    ingresosMes: z
      .array(
        z.object({
          concepto: z.enum(GIFT_CONCEPTS),
          importe: z.number().min(0).describe('Euros, con dos decimales como mucho'),
          importeCentimos: cents,
        }),
      )
      .describe("Donativos 'registrado' con fecha en el mes actual, por concepto (todos los conceptos, también los que suman 0)"),
    ingresosMesTotal: z.number().min(0).describe('Euros'),
    ingresosMesTotalCentimos: cents,
    bajasMes: count.describe('Cuotas (de socio o de padrino) dadas de baja con fecha en el mes actual'),
  })
  .describe('Solo para administradores: socios, padrinos, ingresos del mes y bajas');
export type DashboardMoney = z.infer<typeof dashboardMoneySchema>;

/** `GET /api/dashboard`: the counts and series the dashboard draws (DESIGN sections 5 and 7). */
export const dashboardSchema = z.object({
  zonaHoraria: z.string(),
  generadoEn: z.string(),
  contadores: z.object({
    enAdopcion: count.describe('Públicas y no adoptadas'),
    adoptadasEsteMes: count.describe('Adoptadas desde el primer día del mes en la zona horaria de la organización'),
    solicitudesNuevas: count.describe("Solicitudes de adopción en estado 'nueva'"),
    solicitudesPublicacionPendientes: count.describe("Solicitudes de publicación en estado 'pendiente'"),
    publicacionesProximas: count.describe(`Programadas para los próximos ${UPCOMING_PUBLICATION_DAYS} días`),
    cuidadosVencidos: count.describe('Cuidados programados para antes de hoy y sin hacer (mascotas en el refugio)'),
    cuidadosHoy: count.describe('Cuidados programados para hoy y sin hacer (mascotas en el refugio)'),
  }),
  ingresosAdopciones: z
    .array(z.object({ mes: z.string().describe("'YYYY-MM'"), ingresos: count, adopciones: count }))
    .describe(`Los últimos ${DASHBOARD_MONTHS} meses, del más antiguo al actual`),
  porTipo: z.array(z.object({ tipo: z.string(), total: count })).describe('Mascotas en el refugio (no adoptadas ni eliminadas)'),
  porTamano: z.array(z.object({ tamano: z.string(), total: count })).describe('Mascotas en el refugio (no adoptadas ni eliminadas)'),
  diasHastaAdopcion: z.object({
    mediana: z.number().nullable().describe(`Mediana de días desde el ingreso hasta la adopción, en los últimos ${DASHBOARD_MONTHS} meses`),
    adopciones: count.describe('Adopciones en las que se basa la mediana'),
  }),
  dinero: dashboardMoneySchema.optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** `GET /api/pendientes`: the work waiting, for the side overlay and the header badge. */
export const pendingWorkSchema = z.object({
  solicitudesNuevas: count,
  solicitudesPublicacionPendientes: count,
  publicacionesHoy: count.describe('Programadas para lo que queda de hoy (zona horaria de la organización)'),
  cuidadosVencidos: count.describe('Cuidados programados para antes de hoy y sin hacer'),
  cuidadosHoy: count.describe('Cuidados programados para hoy y sin hacer'),
  mensajesFallidos: count.describe("Correos que agotaron sus intentos ('fallido'); se reintentan desde la lista de mensajes"),
  posiblesDuplicados: count.describe('Pares de personas que pueden ser la misma, sin descartar'),
  novedadesAcogida: count.describe('Novedades enviadas por casas de acogida, sin revisar'),
  seguimientosAyuda: count.describe('Respuestas «Necesito ayuda» a un seguimiento tras la adopción, sin atender').default(0),
  turnosSinCubrir: count.describe('Turnos de voluntariado que empiezan en las próximas 48 horas con plazas libres').default(0),
  obligacionesVencidas: count
    .describe('Obligaciones de adopciones (esterilización, cambio de titular del microchip) vencidas y sin hacer')
    .default(0),
  devolucionesPendientes: count
    .optional()
    .describe(
      `Solo para administradores: recibos devueltos en los últimos ${RETURNED_DEBIT_PENDING_DAYS} días sin atender (atendido: la cuota se cobró después con un donativo 'registrado' de fecha posterior, o se dio de baja)`,
    ),
  donantesSinNif: z
    .object({ anio: z.number().int(), total: count })
    .optional()
    .describe(
      "Solo para administradores y solo en enero (zona horaria de la organización): personas con donativos 'registrado' el año anterior y sin NIF, que el modelo 182 dejaría fuera",
    ),
  total: count,
  trabajosFallidos: z
    .object({
      total: count,
      items: z.array(
        z.object({
          id: z.number().int(),
          titulo: z.string().describe('Qué hacía el trabajo'),
          intentos: count,
          error: z.string().describe('El error de su último intento'),
          fallidoEn: z.string(),
        }),
      ),
    })
    .optional()
    .describe('Solo para administradores: trabajos en segundo plano que agotaron sus intentos (los más recientes)'),
});
export type PendingWork = z.infer<typeof pendingWorkSchema>;

/** `POST /api/trabajos/{id}/reintentar`: a failed job, queued again (administrators). */
export const jobIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const retriedJobSchema = z.object({ id: z.number().int() });
export const jobMessages = {
  notFailed: 'Ese trabajo no existe o no está fallido.',
} as const;
