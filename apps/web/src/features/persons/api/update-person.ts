import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import type { PersonInput } from '../lib/person-form-values';
import { type Person, personSchema } from '@refugio/contracts';
import { personListsQueryKey, personQueryKey } from './persons-query-key';

export type UpdatePersonInput = Partial<PersonInput> & { bloqueado?: boolean; motivoBloqueo?: string | null };

/** `PATCH /api/personas/{id}` with the version the change was made on: a stale version answers 409. */
export async function updatePerson({ id, version, changes }: { id: number; version: number; changes: UpdatePersonInput }): Promise<Person> {
  const raw = await requestJson(`/api/personas/${id}`, { method: 'PATCH', json: { ...changes, version } });
  return personSchema.parse(raw);
}

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePerson,
    onSuccess: (person) => {
      queryClient.setQueryData(personQueryKey(person.id), person);
      void queryClient.invalidateQueries({ queryKey: personListsQueryKey });
      void queryClient.invalidateQueries({ queryKey: [...personQueryKey(person.id), 'history'] });
    },
  });
}
