import { z } from 'zod';
import { GIFT_CONCEPTS } from './donation-messages';
import type { Capability } from './permissions';

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

/**
 * "Pendientes": the capability that opens the list each kind of pending work leads to (the sidebar's, DESIGN
 * section 20). `GET /api/pendientes` counts for a role only the kinds it may open, and leaves the others out of
 * the answer and of `total`; the web app mirrors it with `can` where it builds each row's link.
 */
export const PENDING_WORK_CAPABILITIES = {
  solicitudesNuevas: 'adopciones',
  solicitudesPublicacionPendientes: 'publicacion',
  publicacionesHoy: 'publicacion',
  cuidadosVencidos: 'cuidados.ver',
  cuidadosHoy: 'cuidados.ver',
  mensajesFallidos: 'mensajes',
  posiblesDuplicados: 'personas.ver',
  novedadesAcogida: 'adopciones',
  seguimientosAyuda: 'adopciones',
  obligacionesVencidas: 'adopciones',
  turnosSinCubrir: 'voluntariado',
  devolucionesPendientes: 'dinero',
  donantesSinNif: 'dinero',
  trabajosFallidos: 'ajustes',
} as const satisfies Record<string, Capability>;
export type PendingWorkKind = keyof typeof PENDING_WORK_CAPABILITIES;

/** A count of "Pendientes": absent when the caller's role may not open its list (PENDING_WORK_CAPABILITIES). */
const pendingCount = (description: string) => count.optional().describe(`${description}. Solo para los roles que pueden abrir su lista`);

/** `GET /api/pendientes`: the work waiting, for the side overlay and the header badge. */
export const pendingWorkSchema = z.object({
  solicitudesNuevas: pendingCount("Solicitudes de adopción en estado 'nueva'"),
  solicitudesPublicacionPendientes: pendingCount("Solicitudes de publicación en estado 'pendiente'"),
  publicacionesHoy: pendingCount('Programadas para lo que queda de hoy (zona horaria de la organización)'),
  cuidadosVencidos: pendingCount('Cuidados programados para antes de hoy y sin hacer'),
  cuidadosHoy: pendingCount('Cuidados programados para hoy y sin hacer'),
  mensajesFallidos: pendingCount("Correos que agotaron sus intentos ('fallido'); se reintentan desde la lista de mensajes"),
  posiblesDuplicados: pendingCount('Pares de personas que pueden ser la misma, sin descartar'),
  novedadesAcogida: pendingCount('Novedades enviadas por casas de acogida, sin revisar'),
  seguimientosAyuda: pendingCount('Respuestas «Necesito ayuda» a un seguimiento tras la adopción, sin atender'),
  turnosSinCubrir: pendingCount('Turnos de voluntariado que empiezan en las próximas 48 horas con plazas libres'),
  obligacionesVencidas: pendingCount('Obligaciones de adopciones (esterilización, cambio de titular del microchip) vencidas y sin hacer'),
  devolucionesPendientes: count
    .optional()
    .describe(
      `Solo para los roles con dinero (Administrador, Coordinación, Tesorería): recibos devueltos en los últimos ${RETURNED_DEBIT_PENDING_DAYS} días sin atender (atendido: la cuota se cobró después con un donativo 'registrado' de fecha posterior, o se dio de baja)`,
    ),
  donantesSinNif: z
    .object({ anio: z.number().int(), total: count })
    .optional()
    .describe(
      "Solo para los roles con dinero (Administrador, Coordinación, Tesorería) y solo en enero (zona horaria de la organización): personas con donativos 'registrado' el año anterior y sin NIF, que el modelo 182 dejaría fuera",
    ),
  total: count.describe('La suma de los recuentos presentes en la respuesta (lo que el rol puede abrir), con los trabajos fallidos'),
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
