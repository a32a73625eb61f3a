import { petSchema, type Pet } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { petQueryKey, petListsQueryKey } from './pets-query-key';

export interface SetPetAdoptedVariables {
  id: number;
  adoptado: '0' | '1';
  /** The version shown; a stale one answers 409. */
  version?: number;
}

/** `POST /phpApi/mascota/{id}/adopcion` with `{ adoptado, version }`; answers the updated pet. */
export async function setPetAdopted({ id, adoptado, version }: SetPetAdoptedVariables): Promise<Pet> {
  const json = version === undefined ? { adoptado } : { adoptado, version };
  return petSchema.parse(await requestJson(`/phpApi/mascota/${id}/adopcion`, { json }));
}

export function useSetPetAdopted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPetAdopted,
    onSuccess: (pet) => queryClient.setQueryData(petQueryKey(pet.id), pet),
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: petListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: petQueryKey(id), exact: true }),
      ]),
  });
}
