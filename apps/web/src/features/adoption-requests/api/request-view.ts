import type { AdoptionRequest, AdoptionRequestListItem, ListAdoptionRequestsResponse } from '@refugio/contracts';
import { decodeFlag } from '../../../lib/wire-encodings';

/**
 * A request as the screens use it: its pet's `adoptado` ('0'/'1' on the wire) read once, here, as a boolean.
 * Every answer of the adoption-requests API goes through these before it reaches the cache.
 */
type Decoded<T extends { mascota: { adoptado: string } }> = Omit<T, 'mascota'> & {
  mascota: Omit<T['mascota'], 'adoptado'> & { adoptado: boolean };
};

export type AdoptionRequestListItemView = Decoded<AdoptionRequestListItem>;
export type AdoptionRequestView = Decoded<AdoptionRequest>;
export type AdoptionRequestListView = Omit<ListAdoptionRequestsResponse, 'items'> & { items: AdoptionRequestListItemView[] };

function decodeMascota<T extends { mascota: { adoptado: string } }>(request: T): Decoded<T> {
  return { ...request, mascota: { ...request.mascota, adoptado: decodeFlag(request.mascota.adoptado) } };
}

export const decodeAdoptionRequest = (request: AdoptionRequest): AdoptionRequestView => decodeMascota(request);

export function decodeAdoptionRequestList(list: ListAdoptionRequestsResponse): AdoptionRequestListView {
  return { ...list, items: list.items.map((item): AdoptionRequestListItemView => decodeMascota(item)) };
}
