import { z } from 'zod';
import { FOSTER_NEWS_LIMITS, FOSTER_NEWS_STATES, fosterPortalMessages } from './foster-portal-messages';
import { multiLineText, oneLineText } from './text';
export * from './foster-portal-messages';

/* The foster portal (DESIGN section 12): a link without an account, the news it sends, the staff's review. */

export const createPortalLinkInputSchema = z.object({ canal: z.enum(['email', 'whatsapp']).optional() }).strict();
export const portalLinkSchema = z.object({ url: z.string(), venceEn: z.string(), whatsappUrl: z.string().optional() });
export type PortalLink = z.infer<typeof portalLinkSchema>;
/** Whether a person has a link that still works (its address is not kept: only a new link shows one). */
export const portalLinkStateSchema = z.object({ activo: z.boolean(), venceEn: z.string().nullable() });
export type PortalLinkState = z.infer<typeof portalLinkStateSchema>;

export const portalCareSchema = z.object({ id: z.number().int(), nombre: z.string(), tipo: z.string(), fecha: z.string() });
export const portalViewSchema = z.object({
  /** The organisation the portal speaks for: its name heads the page (null until one is configured). */
  organizacion: z.object({ nombre: z.string().nullable() }),
  persona: z.object({ nombre: z.string() }),
  mascotas: z.array(z.object({ id: z.number().int(), nombre: z.string(), foto: z.string().nullable(), cuidados: z.array(portalCareSchema) })),
});
export type PortalView = z.infer<typeof portalViewSchema>;

export const portalNewsFieldsSchema = z.object({
  mascotaId: z.coerce.number().int().positive({ error: fosterPortalMessages.petNotFound }),
  texto: multiLineText().trim().max(FOSTER_NEWS_LIMITS.textChars, { error: fosterPortalMessages.textTooLong }).default(''),
  pesoKg: oneLineText()
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
