import { z } from 'zod';

/** `POST /api/mascotas/{id}/publicacion-sugerida`: a Spanish post for social networks (proposed, never saved). */
export const suggestPostResponseSchema = z.object({ texto: z.string() });
export type SuggestPostResponse = z.infer<typeof suggestPostResponseSchema>;
