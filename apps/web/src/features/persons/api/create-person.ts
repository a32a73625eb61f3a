import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import type { CreatePersonInput } from '@refugio/contracts';
import { type Person, personSchema } from '@refugio/contracts';
import { personListsQueryKey, personQueryKey } from './persons-query-key';

/** `POST /api/personas`: a new person (an e-mail or a phone is required; the server normalises both). */
export async function createPerson(input: CreatePersonInput): Promise<Person> {
  return personSchema.parse(await requestJson('/api/personas', { method: 'POST', json: { ...input } }));
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
