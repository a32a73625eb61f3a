import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { type PersonDuplicate, personDuplicateSchema } from '@refugio/contracts';
import { z } from 'zod';

const personDuplicatesSchema = z.array(personDuplicateSchema);
import { personQueryKey } from './persons-query-key';

/** `GET /api/personas/{id}/duplicados`: the records that may be the same person, with the reasons. */
export async function getPersonDuplicates(id: number, signal?: AbortSignal): Promise<PersonDuplicate[]> {
  return personDuplicatesSchema.parse(await requestJson(`/api/personas/${id}/duplicados`, { signal }));
}

export function usePersonDuplicates(id: number | null) {
  return useQuery({
    queryKey: [...personQueryKey(id ?? 0), 'duplicates'],
    queryFn: ({ signal }) => getPersonDuplicates(id ?? 0, signal),
    enabled: id !== null,
  });
}
