import {
  SURRENDER_LIMITS,
  SURRENDER_MICROCHIP_DIGITS as MICROCHIP_DIGITS,
  surrenderDocumentProblem,
  surrenderMessages,
  textProblem,
} from '@refugio/contracts';

/*
 * The surrender form's values and checks, without zod (the public pages' size budget): the same rules and Spanish
 * messages as the server's schema (`surrenderFieldsSchema`), which decides.
 */

export const CESION_FIELDS = [
  'nombre',
  'documento',
  'email',
  'telefono',
  'nombreAnimal',
  'especie',
  'sexo',
  'edad',
  'microchip',
  'motivo',
  'urgencia',
  'aceptaPrivacidad',
] as const;
export type CesionField = (typeof CESION_FIELDS)[number] | 'fotos';

export interface CesionValues {
  nombre: string;
  documento: string;
  email: string;
  telefono: string;
  nombreAnimal: string;
  especie: string;
  sexo: string;
  edad: string;
  microchip: string;
  motivo: string;
  urgencia: string;
  aceptaPrivacidad: boolean;
  sitioWeb: string;
}

export const emptyCesion = (): CesionValues => ({
  nombre: '',
  documento: '',
  email: '',
  telefono: '',
  nombreAnimal: '',
  especie: '',
  sexo: '',
  edad: '',
  microchip: '',
  motivo: '',
  urgencia: '',
  aceptaPrivacidad: false,
  sitioWeb: '',
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem of each field, as the server words it (empty when the form can be sent). */
export function checkCesion(values: CesionValues, photos: { size: number }[]): Partial<Record<CesionField, string>> {
  const errors: Partial<Record<CesionField, string>> = {};
  const oneLine = ['nombre', 'documento', 'email', 'telefono', 'nombreAnimal', 'edad', 'microchip'] as const;
  for (const field of oneLine) {
    const problem = textProblem(values[field]);
    if (problem) errors[field] = problem;
  }
  const motivoProblem = textProblem(values.motivo, 'multi');
  if (motivoProblem) errors.motivo = motivoProblem;
  if (!values.nombre.trim()) errors.nombre ??= surrenderMessages.nameRequired;
  const documentProblem = surrenderDocumentProblem(values.documento);
  if (documentProblem) errors.documento ??= documentProblem;
  if (values.email.trim() && !EMAIL.test(values.email.trim())) errors.email ??= surrenderMessages.emailInvalid;
  if (values.telefono.trim() && !/^[\d\s+()./-]{6,30}$/.test(values.telefono.trim())) errors.telefono ??= surrenderMessages.phoneInvalid;
  if (!values.email.trim() && !values.telefono.trim()) errors.email ??= surrenderMessages.contactRequired;
  if (!values.nombreAnimal.trim()) errors.nombreAnimal ??= surrenderMessages.animalNameRequired;
  if (!values.especie) errors.especie = surrenderMessages.speciesInvalid;
  if (!values.sexo) errors.sexo = surrenderMessages.sexInvalid;
  if (!values.edad.trim()) errors.edad ??= surrenderMessages.ageRequired;
  if (values.microchip.trim() && !new RegExp(`^\\d{${MICROCHIP_DIGITS}}$`).test(values.microchip.trim()))
    errors.microchip ??= surrenderMessages.microchipInvalid;
  if (!values.motivo.trim()) errors.motivo ??= surrenderMessages.reasonRequired;
  if (!values.urgencia) errors.urgencia = surrenderMessages.urgencyInvalid;
  if (!values.aceptaPrivacidad) errors.aceptaPrivacidad = surrenderMessages.privacyRequired;
  if (photos.length > SURRENDER_LIMITS.photos) errors.fotos = surrenderMessages.tooManyPhotos;
  else if (photos.some((p) => p.size > SURRENDER_LIMITS.photoBytes)) errors.fotos = surrenderMessages.photoTooBig;
  return errors;
}

/** The multipart body: text fields first, then the photos (the server reads them in that order). */
export function cesionFormData(values: CesionValues, photos: Blob[]): FormData {
  const data = new FormData();
  for (const field of CESION_FIELDS) {
    const value = values[field];
    data.append(field, typeof value === 'boolean' ? (value ? 'true' : 'false') : value.trim());
  }
  if (values.sitioWeb) data.append('sitioWeb', values.sitioWeb);
  for (const photo of photos) data.append('fotos', photo);
  return data;
}
