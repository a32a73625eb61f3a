import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import type { CreatePersonInput, CustomFieldValues } from '@refugio/contracts';
import { type Person, personSchema } from '@refugio/contracts';
import { personListsQueryKey, personQueryKey } from './persons-query-key';

/**
 * `POST /api/personas`: a new person (an e-mail or a phone is required; the server normalises both), with the
 * organisation's own fields as `campos` `{ [clave]: value }`.
 */
export async function createPerson(input: CreatePersonInput & { campos?: CustomFieldValues }): Promise<Person> {
  const raw = await requestJson('/api/personas', { method: 'POST', json: { ...input } });
  return personSchema.parse(raw);
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPerson,
    onSuccess: (person) => {
      queryClient.setQueryData(personQueryKey(person.id), person);
      void queryClient.invalidateQueries({ queryKey: personListsQueryKey });
    },
  });
}
