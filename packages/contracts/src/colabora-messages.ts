/*
 * The public page /colabora's choices, limits and Spanish messages, without zod: the page (`apps/web/src/colabora`)
 * imports these and nothing else of the contract, so its bundle stays free of the schemas' runtime. `colabora.ts`
 * re-exports them.
 */

export const COLABORA_NAME_MAX = 100;
export const COLABORA_EMAIL_MAX = 254;
export const COLABORA_PHONE_MAX = 30;
export const COLABORA_TYPES = ['socio', 'padrino', 'donativo'] as const;
export type ColaboraType = (typeof COLABORA_TYPES)[number];

export const colaboraTypeLabels: Record<ColaboraType, string> = {
  socio: 'Hazte socio',
  padrino: 'Apadrina',
  donativo: 'Dona una vez',
};

/** Amounts the page offers before "another amount", in euros, when the organisation set none. */
export const COLABORA_DEFAULT_AMOUNTS: Record<ColaboraType, number[]> = {
  socio: [5, 10, 20],
  padrino: [10, 15, 25],
  donativo: [20, 50, 100],
};

export const COLABORA_ADDRESS_MAX = 200;

export const colaboraMessages = {
  typeInvalid: 'Elige cómo quieres colaborar: socio, padrino o donativo.',
  periodRequired: 'Elige cada cuánto quieres aportar.',
  periodOnlyRecurring: 'Un donativo único no lleva periodicidad.',
  petRequired: 'Elige el animal que quieres apadrinar.',
  petOnlySponsor: 'Solo el apadrinamiento lleva un animal.',
  petNotListed: 'Ese animal no está en la lista de los que se pueden apadrinar. Elige otro.',
  nameRequired: 'Escribe tu nombre.',
  surnameRequired: 'Escribe tus apellidos.',
  nameTooLong: `No puede superar los ${COLABORA_NAME_MAX} caracteres.`,
  noHtml: 'No se admiten etiquetas HTML.',
  noFormula: 'No puede empezar por =, +, - o @.',
  emailInvalid: 'Escribe un correo electrónico válido.',
  phoneInvalid: 'Escribe un teléfono válido.',
  addressTooLong: `La dirección no puede superar los ${COLABORA_ADDRESS_MAX} caracteres.`,
  mandateRequired: 'Para domiciliar el pago tienes que aceptar la orden de domiciliación SEPA.',
  privacyRequired: 'Debes aceptar el aviso de privacidad para continuar.',
  thanks: '¡Gracias por colaborar!',
  received: 'Hemos recibido tus datos. El equipo los revisará y te escribirá para confirmarlo antes del primer cobro.',
  offline: 'No hay conexión. Lo que escribiste sigue aquí: inténtalo de nuevo.',
  sendFailed: 'No se pudo enviar. Lo que escribiste sigue aquí: inténtalo de nuevo.',
  pendingOnly: 'Solo se confirma lo que está pendiente.',
  alreadyConfirmed: 'Ya está confirmado.',
} as const;
