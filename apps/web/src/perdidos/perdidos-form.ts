import { REPORT_LIMITS, REPORT_MICROCHIP_DIGITS, isValidPostcode, lostFoundMessages, textProblem } from '@refugio/contracts';

/*
 * The lost-and-found report form's values and checks, without zod (the public pages' size budget): the same rules
 * and Spanish messages as the server's schema (`reportFieldsSchema`), which decides.
 */

export const REPORT_FIELDS = [
  'tipo',
  'especie',
  'sexo',
  'color',
  'tamano',
  'microchip',
  'municipio',
  'codigoPostal',
  'fecha',
  'descripcion',
  'contacto',
  'aceptaPrivacidad',
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number] | 'fotos';

export interface ReportValues {
  tipo: string;
  especie: string;
  sexo: string;
  color: string;
  tamano: string;
  microchip: string;
  municipio: string;
  codigoPostal: string;
  fecha: string;
  descripcion: string;
  contacto: string;
  aceptaPrivacidad: boolean;
  sitioWeb: string;
}

export const emptyReport = (): ReportValues => ({
  tipo: '',
  especie: '',
  sexo: '',
  color: '',
  tamano: '',
  microchip: '',
  municipio: '',
  codigoPostal: '',
  fecha: '',
  descripcion: '',
  contacto: '',
  aceptaPrivacidad: false,
  sitioWeb: '',
});

/** The first problem of each field, as the server words it (empty when the form can be sent). */
export function checkReport(values: ReportValues, photos: { size: number }[], today: string): Partial<Record<ReportField, string>> {
  const errors: Partial<Record<ReportField, string>> = {};
  for (const field of ['color', 'microchip', 'municipio', 'codigoPostal', 'contacto'] as const) {
    const problem = textProblem(values[field]);
    if (problem) errors[field] = problem;
  }
  const descriptionProblem = textProblem(values.descripcion, 'multi');
  if (descriptionProblem) errors.descripcion = descriptionProblem;
  if (!values.tipo) errors.tipo = lostFoundMessages.kindInvalid;
  if (!values.especie) errors.especie = lostFoundMessages.speciesInvalid;
  if (!values.color.trim()) errors.color ??= lostFoundMessages.colourRequired;
  if (values.microchip.trim() && !new RegExp(`^\\d{${REPORT_MICROCHIP_DIGITS}}$`).test(values.microchip.trim()))
    errors.microchip ??= lostFoundMessages.microchipInvalid;
  if (!values.municipio.trim()) errors.municipio ??= lostFoundMessages.townRequired;
  if (!isValidPostcode(values.codigoPostal)) errors.codigoPostal ??= lostFoundMessages.postcodeInvalid;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.fecha)) errors.fecha = 'Indica la fecha.';
  else if (values.fecha > today) errors.fecha = lostFoundMessages.dateInFuture;
  if (!values.descripcion.trim()) errors.descripcion ??= lostFoundMessages.descriptionRequired;
  if (!values.contacto.trim()) errors.contacto ??= lostFoundMessages.contactRequired;
  if (!values.aceptaPrivacidad) errors.aceptaPrivacidad = lostFoundMessages.privacyRequired;
  if (photos.length > REPORT_LIMITS.photos) errors.fotos = lostFoundMessages.tooManyPhotos;
  else if (photos.some((p) => p.size > REPORT_LIMITS.photoBytes)) errors.fotos = lostFoundMessages.photoTooBig;
  return errors;
}

/** The multipart body: text fields first, then the photos (the server reads them in that order). */
export function reportFormData(values: ReportValues, photos: Blob[]): FormData {
  const data = new FormData();
  for (const field of REPORT_FIELDS) {
    const value = values[field];
    data.append(field, typeof value === 'boolean' ? (value ? 'true' : 'false') : value.trim());
  }
  if (values.sitioWeb) data.append('sitioWeb', values.sitioWeb);
  for (const photo of photos) data.append('fotos', photo);
  return data;
}

/** Today in the visitor's own time zone (yyyy-mm-dd). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
