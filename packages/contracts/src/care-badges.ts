import { z } from 'zod';

/*
 * The public health badges (DESIGN section 11), apart from the rest of the care contract: the public catalogue's
 * bundle (`npm run size`, 120 KB gzip for /adopta) takes only this small file.
 */

/** "Desparasitado" on the public page: a done deworming (internal or external) in this many days. */
export const DEWORMED_WITHIN_DAYS = 90;

/* ------------------------------------------------------------------ public badges */

/** What the public sees of a pet's care: four yes/no badges, never dates, products, numbers or notes. */
export const publicCareBadgesSchema = z.object({
  vacunado: z.boolean().describe('Tiene al menos una vacuna hecha'),
  desparasitado: z.boolean().describe(`Desparasitada (interna o externa) en los últimos ${DEWORMED_WITHIN_DAYS} días`),
  esterilizado: z.boolean(),
  microchip: z.boolean(),
});
export type PublicCareBadges = z.infer<typeof publicCareBadgesSchema>;

export const publicCareBadgeLabels: Record<keyof PublicCareBadges, string> = {
  vacunado: 'Vacunado',
  desparasitado: 'Desparasitado',
  esterilizado: 'Esterilizado',
  microchip: 'Con microchip',
};
