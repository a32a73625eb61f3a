/*
 * Volunteers and shifts (DESIGN section 17): limits and Spanish messages, without zod, so the public page
 * (`/voluntariado/{token}`) imports these and nothing else. `volunteers.ts` re-exports them.
 */

export const VOLUNTEER_LINK_DAYS = 90;
/** How far ahead a recurring shift template keeps its shifts. */
export const SHIFT_HORIZON_DAYS = 56;
/** A cancellation this close to the start is late: the shift shows as uncovered in "Pendientes". */
export const LATE_CANCEL_HOURS = 24;
/** Shifts starting within this many hours with free places count in "Pendientes" as `turnosSinCubrir`. */
export const UNCOVERED_SHIFT_HOURS = 48;
/** The volunteer's page sends the open shifts of this many weeks from today, one week at a time. */
export const PUBLIC_SHIFT_WEEKS = 4;
export const VOLUNTEER_LIMITS = {
  /** Requests one volunteer link may make per hour (reading and signing up), counted by every instance. */
  requestsPerHour: 300,
  places: 500,
} as const;

export const SIGNUP_STATES = ['apuntado', 'cancelado', 'asistio', 'no_asistio'] as const;
export type SignupState = (typeof SIGNUP_STATES)[number];

export const volunteerMessages = {
  notFound: 'Este enlace no es válido o ya no está activo. Pide uno nuevo a la protectora.',
  full: 'Este turno ya está completo.',
  started: 'Este turno ya ha empezado.',
  shiftNotFound: 'No encontramos ese turno.',
  templateNotFound: 'No encontramos esa plantilla de turnos.',
  notSignedUp: 'No te has apuntado a este turno.',
  notOnShift: 'Esa persona no está apuntada a este turno.',
  fromTemplate: 'Este turno se repite: cambia o acorta sus turnos que se repiten en lugar de borrarlo.',
  endBeforeStart: 'El final tiene que ser posterior al inicio.',
  dateTimeInvalid: 'Escribe una fecha y hora válida entre 1900 y 2999 (por ejemplo, 2026-12-01T10:00:00).',
  timeInvalid: 'Escribe una hora válida (HH:MM).',
  placesInvalid: `Las plazas tienen que ser un número entero entre 1 y ${VOLUNTEER_LIMITS.places}.`,
  daysInvalid: 'Elige al menos un día de la semana (1 = lunes … 7 = domingo).',
  untilBeforeFrom: 'La fecha final tiene que ser igual o posterior a la inicial.',
  taskRequired: 'Escribe la tarea del turno.',
  hoursInvalid: 'Las horas tienen que estar entre 0 y 24.',
  yearInvalid: 'Escribe un año entre 1900 y 2999.',
  requests: 'Has hecho muchas peticiones en poco tiempo. Espera un poco y vuelve a intentarlo.',
  noPerson: 'No encontramos a esa persona.',
  documentNotFound: 'No encontramos ese documento.',
  weekInvalid: `La semana tiene que ser un número entero entre 0 y ${PUBLIC_SHIFT_WEEKS - 1}.`,
} as const;

/** "Busco acogida": how long a foster home's link to answer works, and how many homes one send reaches. */
export const FOSTER_OFFER_DAYS = 14;
export const FOSTER_OFFER_LIMITS = {
  perSend: 100,
  /** Requests one link may make per hour (reading and answering), counted by every instance. */
  requestsPerHour: 60,
} as const;
export const FOSTER_ANSWERS = ['si', 'no'] as const;
export type FosterAnswer = (typeof FOSTER_ANSWERS)[number];

export const fosterOfferMessages = {
  notFound: 'Este enlace no es válido o ya no está activo. Pide uno nuevo a la protectora.',
  closed: 'Esta mascota ya ha encontrado casa de acogida. ¡Gracias por ofrecerte!',
  answerInvalid: 'Responde «si» o «no».',
  channelInvalid: 'Elige cómo enviarlo: correo o WhatsApp.',
  personsInvalid: `Elige entre 1 y ${FOSTER_OFFER_LIMITS.perSend} casas de acogida.`,
  noCandidates: 'No hay casas de acogida a las que enviarlo por este canal.',
  notAFosterHome: 'Esa persona no es casa de acogida.',
  offerNotFound: 'No encontramos esa respuesta.',
  notYes: 'Solo se puede colocar con una casa que ha respondido que sí.',
  petNotFound: 'No encontramos esa mascota.',
  petNotInShelter: 'La mascota no está en el refugio: no se puede enviar a acogida.',
  requests: 'Has hecho muchas peticiones en poco tiempo. Espera un poco y vuelve a intentarlo.',
} as const;
