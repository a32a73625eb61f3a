import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { type Person, personSchema } from '@refugio/contracts';
import { personQueryKey } from './persons-query-key';

/** `GET /api/personas/{id}`: the person's identity, roles, consent and block, with its version. */
export async function getPerson(id: number, signal?: AbortSignal): Promise<Person> {
  const raw = await requestJson(`/api/personas/${id}`, { signal });
  return personSchema.parse(raw);
}

export function personQueryOptions(id: number) {
  return queryOptions({ queryKey: personQueryKey(id), queryFn: ({ signal }) => getPerson(id, signal) });
}

export function usePerson(id: number | null) {
  return useQuery({ ...personQueryOptions(id ?? 0), enabled: id !== null });
}
