import type { PublicationState } from './pets';

/*
 * Words that depend on a number or on the pet: one place, so "1 foto", "1 mascota" and "adoptada" read the
 * same on every screen, in every message and in the exports.
 */

const numberFormat = new Intl.NumberFormat('es-ES');

/** A number as Spanish writes it ("12.500"), the same on screen and in what screen readers are given. */
export function formatCount(count: number): string {
  return numberFormat.format(count);
}

const decimalFormats = new Map<number, Intl.NumberFormat>();

/**
 * A number with decimals as Spanish writes it: '1,9', '12,5', '1.234,56' (at most `maxDecimals`, none when whole).
 * Every figure shown to people (weights, sizes, chart axes) goes through here or `formatCount`.
 */
export function formatDecimal(value: number, maxDecimals = 2): string {
  let format = decimalFormats.get(maxDecimals);
  if (!format) {
    format = new Intl.NumberFormat('es-ES', { maximumFractionDigits: maxDecimals });
    decimalFormats.set(maxDecimals, format);
  }
  return format.format(value);
}

const percentFormat = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 });

/** A share out of 100 as Spanish writes it: '62 %' (a non-breaking space before the sign). */
export function formatPercent(percent: number): string {
  return percentFormat.format(percent / 100);
}

/** A weight as people read it: '1,9 kg', '12,25 kg', '30 kg'. */
export function formatKg(kg: number): string {
  return `${formatDecimal(kg, 2)} kg`;
}

/** A byte count for people: '820 B', '148,5 KB', '3,1 MB' (1 KB = 1000 bytes, as the 150KB limit counts). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${formatCount(bytes)} B`;
  if (bytes < 1_000_000) return `${formatDecimal(bytes / 1000, 1)} KB`;
  return `${formatDecimal(bytes / 1_000_000, 1)} MB`;
}

/** The singular word for exactly 1 (or -1), the plural for everything else, 0 included ("0 fotos"). */
export function pluralWord(count: number, singular: string, plural: string): string {
  return Math.abs(count) === 1 ? singular : plural;
}

/** "1 foto", "3 fotos", "0 mascotas", "12.500 mascotas": the number as Spanish writes it, then the agreeing word. */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${formatCount(count)} ${pluralWord(count, singular, plural)}`;
}

/**
 * A word that agrees with the pet's sex: `female` for 'hembra', `male` for 'macho', and `neutral` (a form that
 * names no sex) when it is not known.
 */
export function bySex(genero: string, female: string, male: string, neutral: string): string {
  return genero === 'hembra' ? female : genero === 'macho' ? male : neutral;
}

/** 'adoptada' for a female pet, 'adoptado' for a male one, 'adoptado/a' when its sex is not known. */
export function adoptedWord(genero: string): string {
  return bySex(genero, 'adoptada', 'adoptado', 'adoptado/a');
}

/** The same word as a badge or a label starts it: 'Adoptada', 'Adoptado', 'Adoptado/a'. */
export function adoptedLabel(genero: string): string {
  const word = adoptedWord(genero);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** How every screen and export names a pet's publication state. */
export const publicationStateLabels: Record<PublicationState, string> = {
  borrador: 'Borrador',
  programada: 'Programada',
  publicada: 'Publicada',
};

const longDayFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A calendar day ('YYYY-MM-DD', already the organisation's day) as messages write it: '27 de diciembre de 2026'.
 * Read as a calendar day, so no time zone moves it; anything that is not a day is returned as it came.
 */
export function longDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? day : longDayFormat.format(date);
}

let listFormat: Intl.ListFormat | undefined;

/** Names joined as Spanish writes a list: 'Luna', 'Luna y Coco', 'Luna, Coco y Kira' ('' for none). */
export function listWords(words: readonly string[]): string {
  // Made when first used: this module also runs in the public pages, where an old browser may lack ListFormat.
  listFormat ??= new Intl.ListFormat('es', { style: 'long', type: 'conjunction' });
  return listFormat.format(words.filter((w) => w.trim() !== ''));
}
