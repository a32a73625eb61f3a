import type { ReportCandidate } from '@refugio/contracts';

/*
 * How candidates are ranked (DESIGN section 19): an equal microchip first, then the same species, the same sex, a
 * shared colour word, the same size, the distance by postcode and the closeness of the dates, compared in that order.
 * With no coordinates data, the distance is approximated by the postcode: the same code, then the same first three
 * digits (the same town or district), then the same first two (the same province), then any other.
 */

export interface Comparable {
  especie: string;
  sexo: string | null;
  color: string;
  tamano: string | null;
  microchip: string;
  codigoPostal: string | null;
  fecha: string | null;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (text: string) =>
  new Set(
    fold(text)
      .split(/[^a-z0-9ñ]+/u)
      .filter((w) => w.length > 2),
  );

/** 0 (the same postcode) to 3 (another province, or unknown). */
export function postcodeDistance(a: string | null, b: string | null): number {
  if (!a || !b) return 3;
  if (a === b) return 0;
  if (a.slice(0, 3) === b.slice(0, 3)) return 1;
  if (a.slice(0, 2) === b.slice(0, 2)) return 2;
  return 3;
}

const dayNumber = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / 86_400_000;

/** The sort key of a candidate for `of` (smaller first) and the reasons shown to staff. */
export function rankKey(of: Comparable, c: Comparable): { key: number[]; motivos: string[] } {
  const motivos: string[] = [];
  const chip = of.microchip !== '' && of.microchip === c.microchip;
  if (chip) motivos.push('Mismo microchip');
  const species = of.especie === c.especie;
  if (species) motivos.push('Misma especie');
  const sex = of.sexo !== null && of.sexo === c.sexo;
  if (sex) motivos.push('Mismo sexo');
  const ofColour = words(of.color);
  const colour = [...words(c.color)].some((w) => ofColour.has(w));
  if (colour) motivos.push('Color parecido');
  const size = of.tamano !== null && of.tamano === c.tamano;
  if (size) motivos.push('Mismo tamaño');
  const distance = postcodeDistance(of.codigoPostal, c.codigoPostal);
  if (distance === 0) motivos.push('Mismo código postal');
  else if (distance === 1) motivos.push('Código postal cercano');
  else if (distance === 2) motivos.push('Misma provincia');
  const days = of.fecha && c.fecha ? Math.abs(dayNumber(of.fecha) - dayNumber(c.fecha)) : 9999;
  return { key: [chip ? 0 : 1, species ? 0 : 1, sex ? 0 : 1, colour ? 0 : 1, size ? 0 : 1, distance, days], motivos };
}

/** Candidates ordered by their keys, compared field by field; at most `limit`. */
export function rank(of: Comparable, candidates: (Comparable & { out: Omit<ReportCandidate, 'motivos'> })[], limit = 20): ReportCandidate[] {
  return candidates
    .map((c) => ({ c, ...rankKey(of, c) }))
    .sort((x, y) => {
      for (let i = 0; i < x.key.length; i++) if (x.key[i] !== y.key[i]) return x.key[i]! - y.key[i]!;
      return 0;
    })
    .slice(0, limit)
    .map(({ c, motivos }) => ({ ...c.out, motivos }));
}
