import { type PublicationState, adoptedWord, publicationStateLabels } from '@refugio/contracts';

/** How the list, the detail and the badges name the pet's states (the contracts' words, as the exports). */
export const estadoLabels: Record<PublicationState, string> = publicationStateLabels;

export const estadoColors: Record<PublicationState, string> = {
  borrador: 'gray',
  programada: 'yellow',
  publicada: 'teal',
};

/**
 * The adoption badge: "Adoptada"/"Adoptado" (agreeing with the pet), "En adopción" only for a pet the public
 * can see (published, scheduled ones whose time has come included: `estado` is the effective one); a draft or
 * a scheduled pet is not in adoption yet, so it gets none (its state badge says "Borrador" or "Programada").
 */
export function adoptadoLabel(pet: { adoptado: boolean; genero: string; estado: PublicationState }): string | null {
  if (pet.adoptado) return capitalise(adoptedWord(pet.genero));
  return pet.estado === 'publicada' ? 'En adopción' : null;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function yesNo(flag: boolean): string {
  return flag ? 'Sí' : 'No';
}

const longDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * `fechaingreso` ('YYYY-MM-DD HH:MM:SS') as a Spanish date, e.g. "5 de marzo de 2024"; '' when missing.
 * Read as a calendar day, so no time zone can move it to the day before.
 */
export function formatEntryDate(fechaingreso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(fechaingreso);
  if (!match) return '';
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}
