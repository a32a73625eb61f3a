import { listPetsResponseSchema } from '@refugio/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { toListPetsQuery, type PetsListParams } from '../lib/pets-list-params';
import { decodePetList, type PetListView } from './pet-view';
import { petListsQueryKey } from './pets-query-key';

/** `GET /phpApi/mascotas`: one page of the pet list, searched, filtered and sorted by the server, decoded. */
export async function listPets(params: PetsListParams, signal?: AbortSignal): Promise<PetListView> {
  const data = await requestJson('/phpApi/mascotas', { query: toListPetsQuery(params), signal });
  return decodePetList(listPetsResponseSchema.parse(data));
}

export function listPetsQueryOptions(params: PetsListParams) {
  return queryOptions({
    queryKey: [...petListsQueryKey, toListPetsQuery(params)],
    queryFn: ({ signal }) => listPets(params, signal),
  });
}

/** The pet list; while another page or search loads, the previous rows stay on screen. */
export function usePets(params: PetsListParams) {
  return useQuery({ ...listPetsQueryOptions(params), placeholderData: keepPreviousData });
}
