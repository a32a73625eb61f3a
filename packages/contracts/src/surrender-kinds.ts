import { fiscalIdKind, fiscalIdProblem, normaliseFiscalId } from './fiscal-id';

/*
 * Surrenders (cesiones, DESIGN section 19), without zod: the public page `/cesion` imports these. `surrenders.ts`
 * re-exports them with the schemas. Staff move a request along `nueva -> lista_espera -> aceptada -> ingresada`, or
 * close it as `rechazada` / `retirada`.
 */

/** A microchip's digits (as `MICROCHIP_DIGITS` of the pet's identity, kept here free of zod). */
export const SURRENDER_MICROCHIP_DIGITS = 15;
const MICROCHIP_DIGITS = SURRENDER_MICROCHIP_DIGITS;

export const SURRENDER_STATES = ['nueva', 'lista_espera', 'aceptada', 'ingresada', 'rechazada', 'retirada'] as const;
export type SurrenderState = (typeof SURRENDER_STATES)[number];
export const SURRENDER_URGENCIES = ['baja', 'media', 'alta'] as const;
export type SurrenderUrgency = (typeof SURRENDER_URGENCIES)[number];

/** Up to 5 photos of 2 MB each, checked by their content (as the public registration's). */
export const SURRENDER_LIMITS = { photos: 5, photoBytes: 2 * 1024 * 1024 } as const;

/** The steps allowed from each state; any other answers 409. */
export const SURRENDER_STEPS: Record<SurrenderState, readonly SurrenderState[]> = {
  nueva: ['lista_espera', 'aceptada', 'rechazada', 'retirada'],
  lista_espera: ['aceptada', 'rechazada', 'retirada'],
  aceptada: ['ingresada', 'rechazada', 'retirada'],
  ingresada: [],
  rechazada: [],
  retirada: [],
};

export const surrenderStateLabels: Record<SurrenderState, string> = {
  nueva: 'Nueva',
  lista_espera: 'En lista de espera',
  aceptada: 'Aceptada',
  ingresada: 'Ingresada',
  rechazada: 'Rechazada',
  retirada: 'Retirada',
};

export const surrenderUrgencyLabels: Record<SurrenderUrgency, string> = { baja: 'Baja', media: 'Media', alta: 'Alta' };

export const surrenderMessages = {
  nameRequired: 'Indica tu nombre.',
  documentRequired: 'Indica tu DNI o NIE: el contrato de cesión y el cambio de titular del microchip lo necesitan.',
  documentFormat: 'El DNI o NIE no es válido: escribe un DNI (12345678Z) o un NIE (X1234567L).',
  contactRequired: 'Indica un correo electrónico o un teléfono para que podamos contestarte.',
  emailInvalid: 'El correo electrónico no es válido.',
  phoneInvalid: 'El teléfono no es válido.',
  animalNameRequired: 'Indica el nombre del animal.',
  speciesInvalid: 'Elige la especie: Perro, Gato o Conejo.',
  sexInvalid: 'Elige el sexo: macho o hembra.',
  ageRequired: 'Indica la edad aproximada del animal.',
  microchipInvalid: `El microchip debe tener exactamente ${MICROCHIP_DIGITS} dígitos.`,
  reasonRequired: 'Cuéntanos el motivo de la cesión.',
  urgencyInvalid: 'Elige la urgencia: baja, media o alta.',
  privacyRequired: 'Debes aceptar la política de privacidad para enviar la solicitud.',
  tooLong: 'El texto es demasiado largo.',
  photoTooBig: 'Cada foto puede pesar como máximo 2 MB.',
  tooManyPhotos: `Puedes enviar como máximo ${SURRENDER_LIMITS.photos} fotos.`,
  notFound: 'No existe esa solicitud de cesión.',
  stale: 'Otra persona ha cambiado esta solicitud mientras la veías. Vuelve a cargarla.',
  stepNotAllowed: (from: SurrenderState, to: SurrenderState) =>
    `Una solicitud «${surrenderStateLabels[from]}» no puede pasar a «${surrenderStateLabels[to]}».`,
  reasonForClosing: 'Indica el motivo.',
  photoNotFound: 'No existe esa foto.',
} as const;

/**
 * What is wrong with the owner's DNI or NIE as typed on `/cesion`, or null: the project's NIF check (fiscal-id.ts) with
 * its check-letter messages, a natural person's number only (a DNI, a NIE, or the K, L, M NIF of one without them).
 */
export function surrenderDocumentProblem(raw: string): string | null {
  const n = normaliseFiscalId(raw);
  if (n === '') return surrenderMessages.documentRequired;
  const kind = fiscalIdKind(n);
  if (kind !== 'nif' && kind !== 'nie') return surrenderMessages.documentFormat;
  return fiscalIdProblem(n);
}

/** Urgency first (alta, media, baja), then the oldest: how staff read the waiting list. */
export const surrenderUrgencyRank: Record<SurrenderUrgency, number> = { alta: 0, media: 1, baja: 2 };
