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

/** The singular word for exactly 1 (or -1), the plural for everything else, 0 included ("0 fotos"). */
export function pluralWord(count: number, singular: string, plural: string): string {
  return Math.abs(count) === 1 ? singular : plural;
}

/** "1 foto", "3 fotos", "0 mascotas", "12.500 mascotas": the number as Spanish writes it, then the agreeing word. */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${formatCount(count)} ${pluralWord(count, singular, plural)}`;
}

/** 'adoptada' for a female pet, 'adoptado' otherwise: the word agrees with the pet's gender. */
export function adoptedWord(genero: string): string {
  return genero === 'hembra' ? 'adoptada' : 'adoptado';
}

/** How every screen and export names a pet's publication state. */
export const publicationStateLabels: Record<PublicationState, string> = {
  borrador: 'Borrador',
  programada: 'Programada',
  publicada: 'Publicada',
};
