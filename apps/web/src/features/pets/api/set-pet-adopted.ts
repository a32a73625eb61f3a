import { petSchema } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { encodeFlag } from '../../../lib/wire-encodings';
import { patchPetInLists } from './patch-pet-lists';
import { decodePet, type PetView } from './pet-view';
import { petListsQueryKey, petQueryKey } from './pets-query-key';

export interface SetPetAdoptedVariables {
  id: number;
  adoptado: boolean;
  /** The version shown; a stale one answers 409. */
  version?: number;
  /** When adopted: the server also closes the pet's open adoption requests, in the same transaction. */
  cerrarSolicitudes?: boolean;
  /** When adopted: the adopter (DESIGN section 12); without it the adoption is recorded without a person. */
  personaId?: number;
}

/** `POST /phpApi/mascota/{id}/adopcion` with `{ adoptado, version }`; answers the updated pet, decoded. */
export async function setPetAdopted({ id, adoptado, version, cerrarSolicitudes, personaId }: SetPetAdoptedVariables): Promise<PetView> {
  const json = {
    adoptado: encodeFlag(adoptado),
    ...(version === undefined ? {} : { version }),
    ...(cerrarSolicitudes ? { cerrarSolicitudes } : {}),
    ...(personaId === undefined ? {} : { personaId }),
  };
  const raw = await requestJson(`/phpApi/mascota/${id}/adopcion`, { json });
  return decodePet(petSchema.parse(raw));
}

export function useSetPetAdopted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPetAdopted,
    // The row changes where it is (no jump under the pointer); the lists reload at the next load.
    onSuccess: (pet) => {
      queryClient.setQueryData(petQueryKey(pet.id), pet);
      return patchPetInLists(queryClient, pet.id, { adoptado: pet.adoptado, version: pet.version, updatedAt: pet.updatedAt, estado: pet.estado });
    },
    // Closed requests: the adoption feature's lists (its key, by name) and the row's open-request count change.
    // The adoption is a movement too: the pet's "Dónde está" reloads.
    onSettled: (_pet, _error, { id, cerrarSolicitudes }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...petQueryKey(id), 'movements'] }),
        ...(cerrarSolicitudes
          ? [queryClient.invalidateQueries({ queryKey: ['adoption-requests'] }), queryClient.invalidateQueries({ queryKey: petListsQueryKey })]
          : []),
      ]),
    // A 409 says someone else changed the pet: the lists are refreshed with the newer data.
    onError: (_error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: petListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: petQueryKey(id), exact: true }),
      ]),
  });
}
