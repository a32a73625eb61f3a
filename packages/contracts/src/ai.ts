import { z } from 'zod';
import { multiLineText, oneLineText } from './text';
import { PET_AGE_MAX_LENGTH, PET_NAME_MAX_LENGTH, PET_TEXT_MAX_LENGTH } from './pets';

/** SPEC sections 7 and 9. */
export const AI_TAGS_MAX_OUTPUT_TOKENS = 200;
export const AI_IMPROVE_MAX_OUTPUT_TOKENS = 500;
export const AI_TEMPERATURE = 0.7;

export const aiMessages = {
  tagsProgressTitle: 'Generando etiquetas...',
  tagsProgressText: 'Analizando la historia y personalidad de la mascota',
  tagsSuccessTitle: '¡Etiquetas generadas!',
  tagsSuccessText: (n: number, name: string) => `Se han generado ${n} etiquetas para ${name}`,
  tagsFailure: 'No se pudieron generar las etiquetas. Intenta nuevamente.',
  improveEmpty: 'Error al mejorar el texto con IA',
  improveFailure: 'Error al conectar con el servicio de IA',
  improveButton: 'Mejorar con IA',
  generateTagsButton: 'GENERAR ETIQUETAS',
  disabledHintVolunteer: 'El asistente de IA no está activado. Pide a un administrador que active la IA.',
  disabledHint:
    'El asistente de IA no está configurado. Un administrador puede activarlo con GEMINI_API_KEY (o AI_PROVIDER=openai con OPENAI_BASE_URL y OPENAI_MODEL) en la configuración del servidor.',
  rateLimited: 'Has hecho demasiadas solicitudes al asistente de IA. Espera un minuto y vuelve a intentarlo.',
  textRequired: 'Escribe primero el texto que quieres mejorar.',
} as const;

export const aiStatusSchema = z.object({
  available: z.boolean(),
  provider: z.enum(['gemini', 'openai', 'none']),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

/** The pet fields the tag prompt uses (SPEC section 7). */
export const suggestTagsInputSchema = z.object({
  nombre: oneLineText().trim().max(PET_NAME_MAX_LENGTH).default(''),
  tipo: oneLineText().trim().max(20).default(''),
  edad: oneLineText().trim().max(PET_AGE_MAX_LENGTH).default(''),
  genero: oneLineText().trim().max(20).default(''),
  tamano: oneLineText().trim().max(20).default(''),
  discapacidad: z.enum(['0', '1']).default('0'),
  historia: multiLineText().max(PET_TEXT_MAX_LENGTH).default(''),
  personalidad: multiLineText().max(PET_TEXT_MAX_LENGTH).default(''),
});
export type SuggestTagsInput = z.infer<typeof suggestTagsInputSchema>;
export const suggestTagsResponseSchema = z.object({ tags: z.array(z.string()) });

export const improveTextInputSchema = z.object({
  campo: z.enum(['historia', 'personalidad']),
  texto: multiLineText().trim().min(1, aiMessages.textRequired).max(PET_TEXT_MAX_LENGTH),
  nombre: oneLineText().trim().max(PET_NAME_MAX_LENGTH).optional(),
});
export type ImproveTextInput = z.infer<typeof improveTextInputSchema>;
export const improveTextResponseSchema = z.object({ texto: multiLineText() });
