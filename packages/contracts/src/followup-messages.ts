/*
 * The follow-ups' kinds, labels, limits and Spanish messages, without zod: the adopter's public page
 * (`/seguimiento/{token}`) imports these and nothing else of the contract, so its bundle stays free of the schemas'
 * runtime. `followups.ts` re-exports them.
 */

export const FOLLOWUP_TYPES = ['seguimiento', 'esterilizacion', 'cambio_titularidad_microchip'] as const;
export type FollowupType = (typeof FOLLOWUP_TYPES)[number];
export const OBLIGATION_TYPES = ['esterilizacion', 'cambio_titularidad_microchip'] as const satisfies readonly FollowupType[];

/** `anulado`: ended by a return of the pet before it was answered or done. */
export const FOLLOWUP_STATES = ['pendiente', 'enviado', 'respondido', 'hecho', 'anulado'] as const;
export type FollowupState = (typeof FOLLOWUP_STATES)[number];

export const FOLLOWUP_ANSWERS = ['bien', 'regular', 'necesito_ayuda'] as const;
export type FollowupAnswer = (typeof FOLLOWUP_ANSWERS)[number];

export const followupTypeLabels: Record<FollowupType, string> = {
  seguimiento: 'Seguimiento',
  esterilizacion: 'Esterilización',
  cambio_titularidad_microchip: 'Cambio de titular del microchip',
};
export const followupStateLabels: Record<FollowupState, string> = {
  pendiente: 'Pendiente',
  enviado: 'Enviado',
  respondido: 'Respondido',
  hecho: 'Hecho',
  anulado: 'Anulado',
};
export const followupAnswerLabels: Record<FollowupAnswer, string> = {
  bien: 'Bien',
  regular: 'Regular',
  necesito_ayuda: 'Necesito ayuda',
};
/** What the reminder e-mail says each obligation asks. */
export const obligationDescriptions: Record<(typeof OBLIGATION_TYPES)[number], string> = {
  esterilizacion: 'Esterilizar a la mascota y enviarnos el justificante del veterinario',
  cambio_titularidad_microchip: 'Cambiar el titular del microchip a tu nombre en el registro de identificación',
};

/** The default of ADOPTION_FOLLOWUP_DAYS. */
export const DEFAULT_FOLLOWUP_DAYS = [3, 21, 90] as const;
export const FOLLOWUP_LIMITS = {
  /** How many check-in days ADOPTION_FOLLOWUP_DAYS may list. */
  maxDays: 10,
  linkDays: 30,
  photos: 5,
  photoBytes: 2 * 1024 * 1024,
  commentChars: 2000,
  /** Requests one link may make per hour (reading and answering). */
  requestsPerHour: 60,
  /** Days before an obligation's due date the adopter is reminded. */
  reminderDaysBefore: 7,
  sterilisationDays: 60,
  sterilisationAgeMonths: 6,
  microchipDays: 30,
} as const;

export const followupMessages = {
  notFound: 'No encontramos ese seguimiento.',
  linkNotFound: 'Este enlace no es válido o ya no está activo. Si necesitas algo, escribe a la protectora.',
  linkExpired: 'Este enlace caducó: los enlaces de seguimiento valen 30 días. Si quieres contarnos algo, escribe a la protectora.',
  alreadyAnswered: 'Ya respondiste a este seguimiento. ¡Gracias!',
  answerRequired: 'Elige cómo va: bien, regular o necesito ayuda.',
  commentTooLong: `El comentario puede tener como mucho ${FOLLOWUP_LIMITS.commentChars} caracteres.`,
  tooManyPhotos: `Puedes enviar como mucho ${FOLLOWUP_LIMITS.photos} fotos.`,
  photoTooBig: 'Cada foto puede pesar como mucho 2 MB.',
  requests: 'Demasiadas peticiones con este enlace. Espera un poco e inténtalo de nuevo.',
  notACheckIn: 'Solo los seguimientos se envían a la persona; las obligaciones se le recuerdan solas.',
  notAnObligation: 'Solo las obligaciones se marcan como hechas.',
  ended: 'Este seguimiento terminó: la mascota se devolvió.',
  answered: 'Ese seguimiento ya está respondido.',
  noEmail: 'Esta persona no tiene correo o no aceptó recibirlos: envíalo por WhatsApp.',
  noPhone: 'Esta persona no tiene teléfono para enviarle el enlace por WhatsApp.',
  noPerson: 'La adopción no tiene una persona a quien enviarlo.',
  notHelp: 'Solo una respuesta «Necesito ayuda» se marca como atendida.',
  alreadyHandled: 'Esa petición de ayuda ya está atendida.',
  stale: 'Otra persona cambió este seguimiento mientras lo mirabas. Recarga para ver cómo está.',
  photoIndexInvalid: 'Elige fotos de la respuesta.',
  question: (pet: string) => `¿Qué tal está ${pet}?`,
  thanks: '¡Gracias por contárnoslo!',
  helpThanks: 'Gracias. La protectora se pondrá en contacto contigo lo antes posible.',
} as const;
