/*
 * Adoption requests' states, limits, labels and Spanish messages, without zod: the public catalogue and its
 * application form (`/adopta`) import these and nothing else of the contract, so the page's bundle stays free of
 * the schemas' runtime. `adoption-requests.ts` re-exports them.
 */

/* ------------------------------------------------------------------ constants (DESIGN sections 5 and 7) */

export const ADOPTION_STATES = ['nueva', 'en_revision', 'aprobada', 'rechazada', 'retirada'] as const;
export type AdoptionState = (typeof ADOPTION_STATES)[number];
/** States in which a request is still being decided. */
export const ADOPTION_OPEN_STATES = ['nueva', 'en_revision'] as const satisfies readonly AdoptionState[];
export const HOUSING_TYPES = ['casa', 'departamento', 'otro'] as const;

/** The only moves staff may make: nueva -> en_revision -> aprobada | rechazada; retirada from any open state. */
export const ADOPTION_MOVES: Record<AdoptionState, readonly AdoptionState[]> = {
  nueva: ['en_revision', 'retirada'],
  en_revision: ['aprobada', 'rechazada', 'retirada'],
  aprobada: [],
  rechazada: [],
  retirada: [],
};

export function canMove(from: AdoptionState, to: AdoptionState): boolean {
  return ADOPTION_MOVES[from].includes(to);
}

export function isOpenState(estado: AdoptionState): boolean {
  return (ADOPTION_OPEN_STATES as readonly AdoptionState[]).includes(estado);
}

export const APPLICANT_NAME_MAX = 100;
export const APPLICANT_EMAIL_MAX = 254;
export const APPLICANT_PHONE_MAX = 30;
export const APPLICANT_CITY_MAX = 100;
export const APPLICANT_ADDRESS_MAX = 200;
export const APPLICANT_AGE_MIN = 18;
export const APPLICANT_AGE_MAX = 120;
export const PEOPLE_AT_HOME_MAX = 30;
export const CHILDREN_AT_HOME_MAX = 20;
export const APPLICATION_TEXT_MAX = 2000;
export const STAFF_NOTE_MAX = 2000;
export const ADOPTION_PAGE_SIZE_DEFAULT = 20;
export const ADOPTION_PAGE_SIZE_MAX = 100;
/** The .csv and .xlsx exports stop after this many rows (the list's filters narrow it). */
export const ADOPTION_EXPORT_MAX_ROWS = 10_000;
export const PUBLIC_PAGE_SIZE_DEFAULT = 12;
export const PUBLIC_PAGE_SIZE_MAX = 48;

/* ------------------------------------------------------------------ Spanish texts */

export const adoptionStateLabels: Record<AdoptionState, string> = {
  nueva: 'Nueva',
  en_revision: 'En revisión',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
  retirada: 'Retirada',
};

export const housingLabels: Record<(typeof HOUSING_TYPES)[number], string> = {
  casa: 'Casa',
  departamento: 'Departamento',
  otro: 'Otro',
};

export const adoptionMessages = {
  nameRequired: 'Escribe tu nombre completo.',
  nameTooLong: `El nombre no puede superar los ${APPLICANT_NAME_MAX} caracteres.`,
  emailInvalid: 'Escribe un correo electrónico válido.',
  phoneInvalid: 'Escribe un teléfono válido (solo números, espacios, +, guiones o paréntesis).',
  ageInvalid: 'Escribe tu edad en años (un número entero).',
  ageMinor: 'Debes ser mayor de edad (18 años o más) para solicitar una adopción.',
  ageTooHigh: `La edad no puede ser mayor de ${APPLICANT_AGE_MAX}.`,
  cityRequired: 'Escribe tu ciudad.',
  cityTooLong: `La ciudad no puede superar los ${APPLICANT_CITY_MAX} caracteres.`,
  addressRequired: 'Escribe tu dirección.',
  addressTooLong: `La dirección no puede superar los ${APPLICANT_ADDRESS_MAX} caracteres.`,
  housingInvalid: 'Elige casa, departamento u otro.',
  yesNoRequired: 'Elige sí o no.',
  landlordRequired: 'Si alquilas, indica si el propietario permite mascotas.',
  landlordRefused: 'Si alquilas, necesitas el permiso del propietario para tener una mascota.',
  peopleInvalid: `Indica cuántas personas viven en casa (de 1 a ${PEOPLE_AT_HOME_MAX}).`,
  childrenInvalid: `Indica cuántos niños viven en casa (de 0 a ${CHILDREN_AT_HOME_MAX}).`,
  childrenMoreThanPeople: 'Los niños no pueden ser más que las personas que viven en casa.',
  hoursInvalid: 'Indica cuántas horas al día estaría sola la mascota (de 0 a 24).',
  textTooLong: `El texto no puede superar los ${APPLICATION_TEXT_MAX} caracteres.`,
  reasonRequired: 'Cuéntanos por qué quieres adoptar.',
  noHtml: 'No se admiten etiquetas HTML.',
  noFormula: 'No puede empezar con =, +, - o @.',
  visitRequired: 'Debes aceptar la visita al hogar para continuar.',
  privacyRequired: 'Debes aceptar el aviso de privacidad para continuar.',
  petRequired: 'Elige una mascota.',
  petNotFound: 'Esta mascota ya no está disponible para adopción.',
  duplicate: 'Ya enviaste una solicitud para esta mascota con este correo en las últimas 24 horas. La revisaremos pronto.',
  received: '¡Solicitud enviada!',
  receivedText: 'Gracias por querer adoptar. Revisaremos tu solicitud y te contactaremos por correo o teléfono.',
  notFound: 'No existe una solicitud de adopción con ese identificador.',
  forbiddenMove: (from: AdoptionState, to: AdoptionState) =>
    `No se puede pasar una solicitud de «${adoptionStateLabels[from]}» a «${adoptionStateLabels[to]}».`,
  stale: 'Otra persona cambió esta solicitud mientras la revisabas. Recarga para ver su estado actual.',
  stateInvalid: 'El estado debe ser nueva, en_revision, aprobada, rechazada o retirada.',
  noteRequired: 'Escribe la nota.',
  noteTooLong: `La nota no puede superar los ${STAFF_NOTE_MAX} caracteres.`,
  autoClosedNote: 'Cerrada automáticamente: se aprobó otra solicitud para esta mascota.',
  petDeleted: 'Esta mascota está eliminada y no se puede marcar como adoptada. Restáurala antes de aprobar con «marcar como adoptada».',
  busy: 'Otra persona estaba cambiando a la vez las solicitudes de esta mascota. Recarga para ver su estado actual e inténtalo de nuevo.',
  closedPetAdoptedNote: 'Cerrada automáticamente: la mascota se marcó como adoptada.',
  versionInvalid: 'La versión no es válida.',
} as const;
