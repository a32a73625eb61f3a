import {
  GIFT_CONCEPTS,
  MEMORIA_DESTINATIONS,
  MEMORIA_ORIGINS,
  type Memoria,
  type MemoriaDestination,
  type MemoriaOrigin,
  PROCEDENCIA_SIN_INDICAR,
  dayInZone,
  daysBetween,
} from '@refugio/contracts';
import type { OrganizationPort } from '../organization/organization.port';
import type { ReportsRepository } from './reports.repository';

/*
 * The annual report (DESIGN section 16): what an "entidad de protección animal" tells its region each year, counted
 * from the movements, the pets' sterilisation and care records and the money received. Money only for administrators.
 */

export interface MemoriaDeps {
  repo: ReportsRepository;
  organization: Pick<OrganizationPort, 'get' | 'timeZone'>;
  clock?: () => Date;
}

/** The median of whole numbers (the mean of the two middle ones when even), or null when there are none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Counts by a key, in first-seen order; `order` first when given (every key of it, also with 0). */
export function countBy<T>(items: readonly T[], key: (item: T) => string, order: readonly string[] = []): Map<string, number> {
  const counts = new Map<string, number>(order.map((k) => [k, 0]));
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

const SPECIES_ORDER = ['Perro', 'Gato', 'Conejo'];
const speciesRank = (especie: string) => (SPECIES_ORDER.includes(especie) ? SPECIES_ORDER.indexOf(especie) : SPECIES_ORDER.length);

function bySpecies<T extends { especie: string }>(items: readonly T[]): { especie: string; total: number }[] {
  return [...countBy(items, (i) => i.especie)]
    .map(([especie, total]) => ({ especie, total }))
    .sort((a, b) => speciesRank(a.especie) - speciesRank(b.especie) || a.especie.localeCompare(b.especie, 'es'));
}

/** Minutes as hours with two decimals (the certificate of hours counts them so). */
export const hoursOf = (minutos: number) => Math.round((minutos / 60) * 100) / 100;

/** Days from intake to adoption of each adoption that has an intake on or before it. */
export function adoptionDays(adoptions: readonly { fecha: string; ingreso: string | null }[]): number[] {
  return adoptions.filter((a) => a.ingreso !== null && a.ingreso <= a.fecha).map((a) => daysBetween(a.ingreso!, a.fecha));
}

export function createMemoriaService({ repo, organization, clock = () => new Date() }: MemoriaDeps) {
  return {
    /** The report of `anio`; `withMoney` false leaves the income out (null). Nothing is written. */
    async memoria(anio: number, withMoney: boolean): Promise<Memoria> {
      const now = clock();
      const today = dayInZone(now, await organization.timeZone());
      const range = { desde: `${anio}-01-01`, hasta: `${anio}-12-31` };
      const fosterDay = range.hasta < today ? range.hasta : today;
      const [org, movements, adoptions, returns, sterilised, fostered, gifts, shifts] = await Promise.all([
        organization.get(),
        repo.movements(range),
        repo.adoptions(range),
        repo.returns(range),
        repo.sterilisations(range),
        fosterDay >= range.desde ? repo.inFosterOn(fosterDay) : Promise.resolve([]),
        withMoney ? repo.gifts(range, today) : Promise.resolve([]),
        repo.volunteerShifts(range),
      ]);
      const intakes = movements.filter((m) => m.tipo === 'ingreso');
      const origin = (m: { procedencia: string | null }) => (m.procedencia ?? PROCEDENCIA_SIN_INDICAR) as MemoriaOrigin;
      const exits = movements.filter((m): m is typeof m & { tipo: MemoriaDestination } =>
        (MEMORIA_DESTINATIONS as readonly string[]).includes(m.tipo),
      );
      const deaths = movements.filter((m) => m.tipo === 'fallecimiento');
      const detail = countBy(intakes, (m) => `${origin(m)}\u0000${m.especie}`);
      const days = adoptionDays(adoptions);
      const income = GIFT_CONCEPTS.map((concepto) => {
        const of = gifts.filter((g) => g.concepto === concepto);
        return { concepto, importeCentimos: of.reduce((sum, g) => sum + g.importeCentimos, 0), numero: of.length };
      });
      return {
        anio,
        ...range,
        generadoEn: now.toISOString(),
        organizacion: {
          nombre: org.nombre ?? '',
          nif: org.nif,
          nucleoZoologico: org.nucleoZoologico,
          registroEntidades: org.registroEntidades,
        },
        entradas: {
          total: intakes.length,
          porProcedencia: [...countBy(intakes, origin, MEMORIA_ORIGINS)].map(([procedencia, total]) => ({
            procedencia: procedencia as MemoriaOrigin,
            total,
          })),
          porEspecie: bySpecies(intakes),
          detalle: [...detail].map(([key, total]) => {
            const [procedencia, especie] = key.split('\u0000') as [MemoriaOrigin, string];
            return { procedencia, especie, total };
          }),
        },
        salidas: {
          total: exits.length,
          porDestino: [...countBy(exits, (m) => m.tipo, MEMORIA_DESTINATIONS)].map(([destino, total]) => ({
            destino: destino as MemoriaDestination,
            total,
          })),
          porEspecie: bySpecies(exits),
        },
        devoluciones: { total: returns.length, porEspecie: bySpecies(returns) },
        fallecimientos: {
          total: deaths.length,
          porCausa: [...countBy(deaths, (m) => m.motivo.trim().replace(/\s+/g, ' ') || 'Sin indicar')]
            .map(([causa, total]) => ({ causa, total }))
            .sort((a, b) => b.total - a.total || a.causa.localeCompare(b.causa, 'es')),
        },
        esterilizaciones: { total: sterilised.length, porEspecie: bySpecies(sterilised) },
        acogidas31Diciembre: {
          mascotas: new Set(fostered.map((f) => f.petId)).size,
          hogares: new Set(fostered.filter((f) => f.personaId !== null).map((f) => f.personaId)).size,
          porEspecie: bySpecies([...new Map(fostered.map((f) => [f.petId, f])).values()]),
        },
        tiempoAdopcion: { medianaDias: median(days), adopciones: days.length },
        voluntariado: {
          disponible: true,
          personas: new Set(shifts.map((s) => s.personaId)).size,
          horas: hoursOf(shifts.reduce((sum, s) => sum + s.minutos, 0)),
          nota: null,
        },
        ingresos: withMoney ? { total: income.reduce((sum, i) => sum + i.importeCentimos, 0), porConcepto: income } : null,
      };
    },
  };
}

export type MemoriaService = ReturnType<typeof createMemoriaService>;
