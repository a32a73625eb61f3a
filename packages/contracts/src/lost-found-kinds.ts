import { PET_TYPES } from './pet-kinds';

/*
 * Lost and found (DESIGN section 19), without zod: the public pages `/perdidos` and `/aviso/{token}` import these.
 * `lost-found.ts` re-exports them with the schemas.
 */

/** The digits of a microchip (ISO 11784), as the pets' rule. */
export const REPORT_MICROCHIP_DIGITS = 15;
export const REPORT_SPECIES = PET_TYPES;

export const REPORT_KINDS = ['perdido', 'encontrado'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_STATES = ['abierto', 'reunido', 'cerrado', 'caducado'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_DAYS = 60;
export const REPORT_LIMITS = { photos: 3, photoBytes: 2 * 1024 * 1024 } as const;

export const lostFoundMessages = {
  kindInvalid: 'Indica si el animal se ha perdido o lo has encontrado.',
  speciesInvalid: 'Elige la especie: Perro, Gato o Conejo.',
  sexInvalid: 'Elige el sexo: macho o hembra.',
  sizeInvalid: 'Elige el tamaño: chico, mediano o grande.',
  colourRequired: 'Indica el color.',
  townRequired: 'Indica el municipio.',
  postcodeInvalid: 'El código postal debe tener 5 cifras (01000 a 52999).',
  descriptionRequired: 'Describe al animal y dónde se perdió o se encontró.',
  contactRequired: 'Indica cómo contactar contigo (teléfono o correo).',
  privacyRequired: 'Debes aceptar la política de privacidad para publicar el aviso.',
  microchipInvalid: `El microchip debe tener exactamente ${REPORT_MICROCHIP_DIGITS} dígitos.`,
  dateInFuture: 'La fecha no puede ser futura.',
  tooLong: 'El texto es demasiado largo.',
  photoTooBig: 'Cada foto puede pesar como máximo 2 MB.',
  tooManyPhotos: `Puedes enviar como máximo ${REPORT_LIMITS.photos} fotos.`,
  notFound: 'No existe ese aviso.',
  closed: 'El aviso ya está cerrado.',
  alreadyOpen: 'El aviso ya está abierto.',
  closedByStaff: 'La protectora cerró este aviso: escríbeles si quieres que vuelva a publicarse.',
  photoNotFound: 'No existe esa foto.',
  staleVersion: 'Otra persona ha cambiado el aviso. Recarga y vuelve a intentarlo.',
  posterScan: 'Escanea el código para ver el aviso y los demás animales perdidos y encontrados',
  posterContact: 'Si lo has visto, llama a',
} as const;

/** The e-mail that carries a new report's private link, when its contact holds an e-mail address. */
export const reportLinkEmail = (titulo: string, url: string) => ({
  asunto: `Tu aviso: ${titulo}`,
  cuerpo: `Hemos publicado tu aviso (${titulo}).\n\nCon este enlace privado puedes cambiarlo, renovarlo (caduca a los 60 días), cerrarlo cuando se resuelva o volver a abrirlo:\n${url}\n\nNo lo compartas: quien lo tenga puede cambiar el aviso.`,
});

/** The headline of a report's share card and poster (DESIGN section 14 and 19). */
export const REPORT_HEADLINES: Record<ReportKind, string> = { perdido: 'SE BUSCA', encontrado: 'ENCONTRADO' };

/** The public address of a report in the public list (the page scrolls to it). */
export const publicReportPath = (id: number) => `/perdidos#aviso-${id}`;
/** The share card of a report (a 1080x1080 JPEG). */
export const reportCardPath = (id: number) => `/api/public/avisos/${id}/tarjeta.jpg`;
/** One photo of an open report, or its thumbnail. */
export const publicReportPhotoPath = (id: number, indice: number, thumbnail = true) =>
  `/api/public/avisos/${id}/fotos/${indice}${thumbnail ? '?miniatura' : ''}`;

/** Up to five short facts of a report: species and sex, size, colour, town, date (dd/mm/aaaa). */
export function reportFacts(r: {
  especie: string;
  sexo: string | null;
  tamano: string | null;
  color: string;
  municipio: string;
  fecha: string;
}): string[] {
  const [y, m, d] = r.fecha.slice(0, 10).split('-');
  return [[r.especie, r.sexo].filter(Boolean).join(' '), r.tamano ?? '', r.color, r.municipio, `${d}/${m}/${y}`].filter(Boolean);
}

/** The text of a WhatsApp share of a report: the headline, its facts and its public address. */
export function reportShareText(r: Parameters<typeof reportFacts>[0] & { id: number; tipo: ReportKind }, origin: string): string {
  return `${REPORT_HEADLINES[r.tipo]}: ${reportFacts(r).join(', ')}. ${origin.replace(/\/$/, '')}${publicReportPath(r.id)}`;
}

/** A WhatsApp link that opens the share with the text written. */
export const whatsappShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

export const reportStateLabels: Record<ReportState, string> = { abierto: 'Abierto', reunido: 'Reunido', cerrado: 'Cerrado', caducado: 'Caducado' };
export const reportKindLabels: Record<ReportKind, string> = { perdido: 'Perdido', encontrado: 'Encontrado' };

/** The staff photo of a report (any state). */
export const staffReportPhotoPath = (id: number, indice: number, thumbnail = true) =>
  `/api/avisos/${id}/fotos/${indice}${thumbnail ? '?miniatura' : ''}`;
