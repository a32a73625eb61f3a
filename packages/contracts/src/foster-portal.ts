import { z } from 'zod';

/* The foster portal (DESIGN section 12): a link without an account, the news it sends, the staff's review. */

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

export const createPortalLinkInputSchema = z.object({ canal: z.enum(['email', 'whatsapp']).optional() }).strict();
export const portalLinkSchema = z.object({ url: z.string(), venceEn: z.string(), whatsappUrl: z.string().optional() });
export type PortalLink = z.infer<typeof portalLinkSchema>;

export const portalCareSchema = z.object({ id: z.number().int(), nombre: z.string(), tipo: z.string(), fecha: z.string() });
export const portalViewSchema = z.object({
  persona: z.object({ nombre: z.string() }),
  mascotas: z.array(z.object({ id: z.number().int(), nombre: z.string(), foto: z.string().nullable(), cuidados: z.array(portalCareSchema) })),
});
export type PortalView = z.infer<typeof portalViewSchema>;

export const portalNewsFieldsSchema = z.object({
  mascotaId: z.coerce.number().int().positive({ error: fosterPortalMessages.petNotFound }),
  texto: z.string().trim().max(FOSTER_NEWS_LIMITS.textChars, { error: fosterPortalMessages.textTooLong }).default(''),
  pesoKg: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v.replace(',', '.'));
      if (!Number.isFinite(n) || n < 0.01 || n > 200) {
        ctx.addIssue({ code: 'custom', message: fosterPortalMessages.weightInvalid });
        return z.NEVER;
      }
      return n;
    }),
  cuidadoId: z.coerce.number().int().positive().optional(),
});

export const fosterNewsSchema = z.object({
  id: z.number().int(),
  estado: z.enum(FOSTER_NEWS_STATES),
  mascota: z.object({ id: z.number().int(), nombre: z.string() }),
  persona: z.object({ id: z.number().int(), nombre: z.string() }),
  texto: z.string(),
  pesoKg: z.number().nullable(),
  cuidado: z.object({ id: z.number().int(), nombre: z.string(), tipo: z.string() }).nullable(),
  fotos: z.array(z.object({ indice: z.number().int(), url: z.string(), miniatura: z.string() })),
  creadoEn: z.string(),
  decididoEn: z.string().nullable(),
});
export type FosterNews = z.infer<typeof fosterNewsSchema>;
export const listFosterNewsQuerySchema = z.object({ estado: z.enum(FOSTER_NEWS_STATES).default('pendiente') });
export const acceptFosterNewsInputSchema = z.object({ fotos: z.array(z.number().int().min(0)).max(FOSTER_NEWS_LIMITS.photos).default([]) }).strict();
