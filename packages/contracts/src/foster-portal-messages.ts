/*
 * The foster portal's limits and Spanish messages, without zod: the public portal page (`/portal/{token}`) imports
 * these and nothing else, so its bundle stays free of the schemas' runtime. `foster-portal.ts` re-exports them.
 */

export const FOSTER_PORTAL_LINK_DAYS = 30;
export const FOSTER_NEWS_LIMITS = {
  photos: 10,
  photoBytes: 2 * 1024 * 1024,
  textChars: 2000,
  /** News one link may send per day, and the bytes of their photos. */
  newsPerDay: 20,
  bytesPerDay: 100 * 1024 * 1024,
  /** Portal requests (reading and sending) one link may make per hour. */
  requestsPerHour: 300,
} as const;

export const FOSTER_NEWS_STATES = ['pendiente', 'aceptada', 'rechazada'] as const;
export type FosterNewsState = (typeof FOSTER_NEWS_STATES)[number];

export const fosterPortalMessages = {
  notFound: 'Este enlace no es válido o ya no está activo. Si eres casa de acogida, pide uno nuevo a la protectora.',
  petNotFound: 'Esa mascota no está contigo ahora.',
  careNotFound: 'Ese cuidado no está pendiente para esta mascota.',
  textRequired: 'Cuéntanos algo sobre la mascota o añade una foto.',
  textTooLong: `El texto puede tener como mucho ${FOSTER_NEWS_LIMITS.textChars} caracteres.`,
  weightInvalid: 'Escribe un peso entre 0,01 y 200 kg.',
  tooManyPhotos: `Puedes enviar como mucho ${FOSTER_NEWS_LIMITS.photos} fotos.`,
  photoTooBig: 'Cada foto puede pesar como mucho 2 MB.',
  budget: 'Has enviado muchas novedades hoy. Inténtalo de nuevo mañana.',
  requests: 'Demasiadas peticiones con este enlace. Espera un poco e inténtalo de nuevo.',
  noContact: 'Esta persona no tiene correo para enviarle el enlace.',
  noPhone: 'Esta persona no tiene teléfono para enviarle el enlace por WhatsApp.',
  newsNotFound: 'No encontramos esa novedad.',
  alreadyDecided: 'Esa novedad ya se revisó.',
  photoIndexInvalid: 'Elige fotos de la novedad.',
  sent: '¡Gracias! Hemos recibido tu novedad. La protectora la revisará pronto.',
  accepted: 'Novedad aceptada.',
  rejected: 'Novedad rechazada.',
} as const;
