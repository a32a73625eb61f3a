import {
  ADMIN_REPORT_KEYS,
  GIFT_CONCEPTS,
  REPORT_KEYS,
  type Report,
  type ReportInfo,
  type ReportKey,
  careTypeLabels,
  giftConceptLabels,
} from '@refugio/contracts';
import { adoptionDays, hoursOf, median } from './memoria.service';
import type { DayRange, ReportsRepository } from './reports.repository';

/*
 * The ready reports (DESIGN section 16): each one a table, its totals and a monthly series for a chart, over a day
 * range. Definitions only; the service checks who may read them.
 */

type Body = Pick<Report, 'columnas' | 'filas' | 'totales' | 'serie' | 'nota'>;

interface ReportDefinition {
  titulo: string;
  descripcion: string;
  /** `today`: the organisation's day (money received counts up to it, donations.port.ts). */
  build: (repo: ReportsRepository, range: DayRange, today: string) => Promise<Body>;
}

/** Every month 'YYYY-MM' the range touches, oldest first. */
export function monthsOf(range: DayRange): string[] {
  const months: string[] = [];
  let [y, m] = range.desde.split('-').map(Number) as [number, number];
  const last = range.hasta.slice(0, 7);
  for (;;) {
    const month = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) return months;
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
}

/** One point per month with each series' value (0 when nothing), `value` summing the items of that month. */
function monthly<T extends { fecha: string }>(
  range: DayRange,
  items: readonly T[],
  series: Record<string, (item: T) => number>,
): Record<string, string | number>[] {
  const points = new Map(monthsOf(range).map((mes) => [mes, { mes, ...Object.fromEntries(Object.keys(series).map((k) => [k, 0])) }]));
  for (const item of items) {
    const point = points.get(item.fecha.slice(0, 7)) as Record<string, number> | undefined;
    if (!point) continue;
    for (const [key, value] of Object.entries(series)) point[key] = (point[key] ?? 0) + value(item);
  }
  return [...points.values()];
}

const one = () => 1;

/** The first columns of a report listing one animal a row: its date, name and species. */
function petColumns(fechaTitulo: string): Body['columnas'] {
  return [
    { clave: 'fecha', titulo: fechaTitulo, tipo: 'fecha' },
    { clave: 'mascota', titulo: 'Mascota', tipo: 'texto' },
    { clave: 'especie', titulo: 'Especie', tipo: 'texto' },
  ];
}

/** The total and the monthly series of a report that counts its rows. */
function counted(range: DayRange, rows: readonly { fecha: string }[], clave: string, titulo: string): Pick<Body, 'totales' | 'serie'> {
  return {
    totales: [{ clave, titulo, valor: rows.length, tipo: 'numero' }],
    serie: { eje: 'mes', series: [{ clave, titulo }], puntos: monthly(range, rows, { [clave]: one }) },
  };
}
const is = (tipo: string) => (m: { tipo: string }) => (m.tipo === tipo ? 1 : 0);

const definitions: Record<ReportKey, ReportDefinition> = {
  'entradas-salidas': {
    titulo: 'Entradas y salidas',
    descripcion: 'Ingresos, adopciones, traslados, fallecimientos y devoluciones de adopciones, mes a mes.',
    async build(repo, range) {
      const [movements, returns] = await Promise.all([repo.movements(range), repo.returns(range)]);
      const events = [...movements.filter((m) => m.tipo !== 'devolucion'), ...returns.map((r) => ({ fecha: r.fecha, tipo: 'devolucion' }))];
      const keys = {
        entradas: is('ingreso'),
        adopciones: is('adopcion'),
        traslados: is('traslado'),
        fallecimientos: is('fallecimiento'),
        devoluciones: is('devolucion'),
      };
      const puntos = monthly(range, events, keys);
      const titles: Record<keyof typeof keys, string> = {
        entradas: 'Entradas',
        adopciones: 'Adopciones',
        traslados: 'Traslados',
        fallecimientos: 'Fallecimientos',
        devoluciones: 'Devoluciones',
      };
      const sum = (key: string) => puntos.reduce((s, p) => s + Number(p[key] ?? 0), 0);
      return {
        columnas: [
          { clave: 'mes', titulo: 'Mes', tipo: 'texto' },
          ...Object.entries(titles).map(([clave, titulo]) => ({ clave, titulo, tipo: 'numero' as const })),
        ],
        filas: puntos,
        totales: Object.entries(titles).map(([clave, titulo]) => ({ clave, titulo, valor: sum(clave), tipo: 'numero' as const })),
        serie: {
          eje: 'mes',
          series: [
            { clave: 'entradas', titulo: 'Entradas' },
            { clave: 'adopciones', titulo: 'Adopciones' },
          ],
          puntos,
        },
        nota: 'Las devoluciones son las de adopciones; las acogidas no cuentan como salidas.',
      };
    },
  },
  'tiempo-adopcion': {
    titulo: 'Tiempo hasta la adopción',
    descripcion: 'Días desde el último ingreso hasta cada adopción del periodo, y su mediana mes a mes.',
    async build(repo, range) {
      const adoptions = await repo.adoptions(range);
      const withDays = adoptions.map((a) => ({ ...a, dias: adoptionDays([a])[0] ?? null }));
      const puntos = monthsOf(range).map((mes) => {
        const days = adoptionDays(adoptions.filter((a) => a.fecha.startsWith(mes)));
        return { mes, medianaDias: median(days) ?? 0, adopciones: days.length };
      });
      const all = adoptionDays(adoptions);
      return {
        columnas: [
          ...petColumns('Adopción'),
          { clave: 'ingreso', titulo: 'Ingreso', tipo: 'fecha' },
          { clave: 'dias', titulo: 'Días', tipo: 'numero' },
        ],
        filas: withDays.map((a) => ({ fecha: a.fecha, mascota: a.mascota, especie: a.especie, ingreso: a.ingreso, dias: a.dias })),
        totales: [
          { clave: 'adopciones', titulo: 'Adopciones', valor: adoptions.length, tipo: 'numero' },
          { clave: 'medianaDias', titulo: 'Mediana de días', valor: median(all), tipo: 'numero' },
        ],
        serie: { eje: 'mes', series: [{ clave: 'medianaDias', titulo: 'Mediana de días' }], puntos },
        nota: null,
      };
    },
  },
  devoluciones: {
    titulo: 'Devoluciones',
    descripcion: 'Mascotas adoptadas que volvieron a la protectora, con el motivo y los días que pasaron en adopción.',
    async build(repo, range) {
      const returns = await repo.returns(range);
      return {
        columnas: [
          ...petColumns('Devolución'),
          { clave: 'adopcion', titulo: 'Adopción', tipo: 'fecha' },
          { clave: 'dias', titulo: 'Días en adopción', tipo: 'numero' },
          { clave: 'motivo', titulo: 'Motivo', tipo: 'texto' },
        ],
        filas: returns.map((r) => ({
          fecha: r.fecha,
          mascota: r.mascota,
          especie: r.especie,
          adopcion: r.adopcion,
          dias: adoptionDays([{ ingreso: r.adopcion, fecha: r.fecha }])[0] ?? null,
          motivo: r.motivo,
        })),
        ...counted(range, returns, 'devoluciones', 'Devoluciones'),
        nota: null,
      };
    },
  },
  esterilizaciones: {
    titulo: 'Esterilizaciones',
    descripcion: 'Mascotas esterilizadas en el periodo (por su ficha o por un registro de salud de esterilización).',
    async build(repo, range) {
      const rows = await repo.sterilisations(range);
      return {
        columnas: [...petColumns('Fecha'), { clave: 'fuente', titulo: 'Registrada en', tipo: 'texto' }],
        filas: rows.map((r) => ({
          fecha: r.fecha,
          mascota: r.mascota,
          especie: r.especie,
          fuente: r.fuente === 'ficha' ? 'Ficha de la mascota' : 'Registro de salud',
        })),
        ...counted(range, rows, 'esterilizaciones', 'Esterilizaciones'),
        nota: null,
      };
    },
  },
  'coste-veterinario': {
    titulo: 'Coste veterinario',
    descripcion: 'Cuidados hechos en el periodo con un coste anotado en el registro de salud.',
    async build(repo, range) {
      const rows = await repo.vetCosts(range);
      return {
        columnas: [
          ...petColumns('Fecha'),
          { clave: 'tipo', titulo: 'Tipo', tipo: 'texto' },
          { clave: 'nombre', titulo: 'Cuidado', tipo: 'texto' },
          { clave: 'veterinario', titulo: 'Veterinario', tipo: 'texto' },
          { clave: 'coste', titulo: 'Coste', tipo: 'dinero' },
        ],
        filas: rows.map((r) => ({
          fecha: r.fecha,
          mascota: r.mascota,
          especie: r.especie,
          tipo: careTypeLabels[r.tipo as keyof typeof careTypeLabels] ?? r.tipo,
          nombre: r.nombre,
          veterinario: r.veterinario,
          coste: r.costeCentimos,
        })),
        totales: [
          { clave: 'registros', titulo: 'Cuidados con coste', valor: rows.length, tipo: 'numero' },
          { clave: 'coste', titulo: 'Coste total', valor: rows.reduce((s, r) => s + r.costeCentimos, 0), tipo: 'dinero' },
        ],
        serie: {
          eje: 'mes',
          series: [{ clave: 'coste', titulo: 'Coste (céntimos)' }],
          puntos: monthly(range, rows, { coste: (r) => r.costeCentimos }),
        },
        nota: 'Solo los cuidados hechos con un coste anotado; los importes, en céntimos de euro.',
      };
    },
  },
  donativos: {
    titulo: 'Donativos y cuotas',
    descripcion: 'Dinero recibido por concepto (sin anulados, devueltos ni pendientes). Solo administración.',
    async build(repo, range, today) {
      const gifts = await repo.gifts(range, today);
      const byConcept = GIFT_CONCEPTS.map((concepto) => {
        const of = gifts.filter((g) => g.concepto === concepto);
        return { concepto: giftConceptLabels[concepto], numero: of.length, importe: of.reduce((s, g) => s + g.importeCentimos, 0) };
      });
      return {
        columnas: [
          { clave: 'concepto', titulo: 'Concepto', tipo: 'texto' },
          { clave: 'numero', titulo: 'Número', tipo: 'numero' },
          { clave: 'importe', titulo: 'Importe', tipo: 'dinero' },
        ],
        filas: byConcept,
        totales: [
          { clave: 'numero', titulo: 'Cobros', valor: gifts.length, tipo: 'numero' },
          { clave: 'importe', titulo: 'Importe total', valor: gifts.reduce((s, g) => s + g.importeCentimos, 0), tipo: 'dinero' },
        ],
        serie: {
          eje: 'mes',
          series: [{ clave: 'importe', titulo: 'Importe (céntimos)' }],
          puntos: monthly(range, gifts, { importe: (g) => g.importeCentimos }),
        },
        nota: 'Importes en céntimos de euro.',
      };
    },
  },
  voluntariado: {
    titulo: 'Voluntariado',
    descripcion: 'Personas voluntarias, turnos a los que vinieron y sus horas.',
    async build(repo, range) {
      const shifts = await repo.volunteerShifts(range);
      const people = new Map<number, { persona: string; turnos: number; minutos: number }>();
      for (const s of shifts) {
        const row = people.get(s.personaId) ?? { persona: s.persona, turnos: 0, minutos: 0 };
        row.turnos += 1;
        row.minutos += s.minutos;
        people.set(s.personaId, row);
      }
      const filas = [...people.values()]
        .sort((a, b) => b.minutos - a.minutos || a.persona.localeCompare(b.persona, 'es'))
        .map(({ persona, turnos, minutos }) => ({ persona, turnos, horas: hoursOf(minutos) }));
      return {
        columnas: [
          { clave: 'persona', titulo: 'Persona', tipo: 'texto' },
          { clave: 'turnos', titulo: 'Turnos', tipo: 'numero' },
          { clave: 'horas', titulo: 'Horas', tipo: 'numero' },
        ],
        filas,
        totales: [
          { clave: 'personas', titulo: 'Personas voluntarias', valor: people.size, tipo: 'numero' },
          { clave: 'horas', titulo: 'Horas', valor: hoursOf(shifts.reduce((sum, s) => sum + s.minutos, 0)), tipo: 'numero' },
        ],
        serie: {
          eje: 'mes',
          series: [{ clave: 'horas', titulo: 'Horas' }],
          puntos: monthly(range, shifts, { horas: (s) => s.minutos / 60 }).map((p) => ({ ...p, horas: hoursOf(Number(p.horas) * 60) })),
        },
        nota: 'Cuenta la asistencia marcada como "Vino" en los turnos que empezaron dentro de las fechas.',
      };
    },
  },
};

export const isReportKey = (clave: string): clave is ReportKey => (REPORT_KEYS as readonly string[]).includes(clave);

/** The reports a user may read (the money ones only for administrators). */
export function reportInfos(isAdmin: boolean): ReportInfo[] {
  return REPORT_KEYS.filter((clave) => isAdmin || !ADMIN_REPORT_KEYS.includes(clave)).map((clave) => ({
    clave,
    titulo: definitions[clave].titulo,
    descripcion: definitions[clave].descripcion,
    soloAdministracion: ADMIN_REPORT_KEYS.includes(clave),
  }));
}

export async function buildReport(repo: ReportsRepository, clave: ReportKey, range: DayRange, now: Date, today: string): Promise<Report> {
  const body = await definitions[clave].build(repo, range, today);
  return { clave, titulo: definitions[clave].titulo, ...range, generadoEn: now.toISOString(), ...body };
}
