import type { PublicationState } from '@refugio/contracts';

/** How the list, the detail and the badges name the pet's states. */
export const estadoLabels: Record<PublicationState, string> = {
  borrador: 'Borrador',
  programada: 'Programada',
  publicada: 'Publicada',
};

export const estadoColors: Record<PublicationState, string> = {
  borrador: 'gray',
  programada: 'yellow',
  publicada: 'teal',
};

export function adoptadoLabel(adoptado: string): string {
  return adoptado === '1' ? 'Adoptado' : 'En adopción';
}

/** 'adoptada' for a female pet, 'adoptado' otherwise: the words agree with the pet's gender. */
export function adoptedWord(genero: string): string {
  return genero === 'hembra' ? 'adoptada' : 'adoptado';
}

export function yesNo(flag: string): string {
  return flag === '1' ? 'Sí' : 'No';
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

/** "1 imagen" / "3 imágenes" and the like. */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
