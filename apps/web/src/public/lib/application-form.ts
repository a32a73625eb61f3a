import { type AdoptionApplicationInput, checkAdoptionApplication } from '@refugio/contracts';

/** The application form as the browser holds it: text boxes are text, yes/no radios 'si' | 'no' | ''. */
export interface ApplicationFormValues {
  nombre: string;
  email: string;
  telefono: string;
  edad: string;
  ciudad: string;
  direccion: string;
  vivienda: '' | 'casa' | 'departamento' | 'otro';
  viviendaPropia: YesNo;
  permiteMascotas: YesNo;
  patio: YesNo;
  personasEnCasa: string;
  ninosEnCasa: string;
  horasSolo: string;
  otrasMascotas: string;
  experiencia: string;
  motivo: string;
  aceptaVisita: boolean;
  aceptaPrivacidad: boolean;
  /** The honeypot: hidden from people, left empty by them. */
  sitioWeb: string;
}
type YesNo = '' | 'si' | 'no';

export const emptyApplication: ApplicationFormValues = {
  nombre: '',
  email: '',
  telefono: '',
  edad: '',
  ciudad: '',
  direccion: '',
  vivienda: '',
  viviendaPropia: '',
  permiteMascotas: '',
  patio: '',
  personasEnCasa: '',
  ninosEnCasa: '',
  horasSolo: '',
  otrasMascotas: '',
  experiencia: '',
  motivo: '',
  aceptaVisita: false,
  aceptaPrivacidad: false,
  sitioWeb: '',
};

/** The order errors are listed and focused in: the order of the form. */
export const applicationFieldOrder = Object.keys(emptyApplication).filter((k) => k !== 'sitioWeb') as (keyof ApplicationFormValues)[];

const number = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.')));
const yesNo = (value: YesNo): boolean | undefined => (value === '' ? undefined : value === 'si');

/** The JSON body of `POST /api/public/solicitudes-adopcion` for these form values. */
export function toApplicationInput(mascotaId: number, values: ApplicationFormValues): AdoptionApplicationInput {
  const viviendaPropia = yesNo(values.viviendaPropia);
  return {
    mascotaId,
    nombre: values.nombre,
    email: values.email,
    telefono: values.telefono,
    edad: number(values.edad) as number,
    ciudad: values.ciudad,
    direccion: values.direccion,
    vivienda: (values.vivienda || undefined) as AdoptionApplicationInput['vivienda'],
    viviendaPropia: viviendaPropia as boolean,
    ...(viviendaPropia === false ? { permiteMascotas: yesNo(values.permiteMascotas) } : {}),
    patio: yesNo(values.patio) as boolean,
    personasEnCasa: number(values.personasEnCasa) as number,
    ninosEnCasa: number(values.ninosEnCasa) as number,
    horasSolo: number(values.horasSolo) as number,
    otrasMascotas: values.otrasMascotas,
    experiencia: values.experiencia,
    motivo: values.motivo,
    aceptaVisita: values.aceptaVisita as true,
    aceptaPrivacidad: values.aceptaPrivacidad as true,
    ...(values.sitioWeb ? { sitioWeb: values.sitioWeb } : {}),
  };
}

/**
 * Checks the form in the browser with the server schema's rules, without zod's runtime (`checkAdoptionApplication`
 * gives the same Spanish message for each field; a contracts test keeps the two in step). The server checks again
 * and answers `fieldErrors`, which the form shows as well.
 */
export function validateApplication(input: AdoptionApplicationInput): Partial<Record<keyof ApplicationFormValues, string>> {
  return checkAdoptionApplication(input);
}
