import { type AdoptionRequestListItem, adoptionRequestSchema, type ListAdoptionRequestsResponse, PERSON_ALERTS } from '@refugio/contracts';
import { z } from 'zod';
import { decodeFlag } from '../../../lib/wire-encodings';

/**
 * A request as the screens use it: its pet's `adoptado` ('0'/'1' on the wire) read once, here, as a boolean.
 * Every answer of the adoption-requests API goes through these before it reaches the cache.
 */
type Decoded<T extends { mascota: { adoptado: string } }> = Omit<T, 'mascota'> & {
  mascota: Omit<T['mascota'], 'adoptado'> & { adoptado: boolean };
};

export type AdoptionRequestListItemView = Decoded<AdoptionRequestListItem>;
/** One request's answer with its person (DESIGN section 10): `personaId` and `alerta: 'persona_bloqueada'` when they are blocked. */
export const adoptionRequestAnswerSchema = adoptionRequestSchema.extend({
  personaId: z.number().int().nullish(),
  alerta: z.enum(PERSON_ALERTS).nullish(),
});
type AdoptionRequestAnswer = z.infer<typeof adoptionRequestAnswerSchema>;

export type AdoptionRequestView = Decoded<AdoptionRequestAnswer>;
export type AdoptionRequestListView = Omit<ListAdoptionRequestsResponse, 'items'> & { items: AdoptionRequestListItemView[] };

function decodeMascota<T extends { mascota: { adoptado: string } }>(request: T): Decoded<T> {
  return { ...request, mascota: { ...request.mascota, adoptado: decodeFlag(request.mascota.adoptado) } };
}

export const decodeAdoptionRequest = (request: AdoptionRequestAnswer): AdoptionRequestView => decodeMascota(request);

export function decodeAdoptionRequestList(list: ListAdoptionRequestsResponse): AdoptionRequestListView {
  return { ...list, items: list.items.map((item): AdoptionRequestListItemView => decodeMascota(item)) };
}
