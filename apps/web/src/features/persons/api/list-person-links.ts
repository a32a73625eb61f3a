import { listAdoptionRequestsResponseSchema, listPublicationRequestsResponseSchema } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { personQueryKey } from './persons-query-key';

/** How many of each the person page lists; `total` says when the person has more. */
export const PERSON_LINKS_PAGE_SIZE = 100;

/*
 * What is attached to a person (DESIGN section 10: `personaId` on each application and registration), filtered by
 * the server, so a person with many is listed whole up to the page size, whatever everybody else sent.
 */

/** `GET /api/solicitudes-adopcion?personaId=`: the person's adoption applications, newest first. */
export async function listPersonAdoptionRequests(id: number, signal?: AbortSignal) {
  return listAdoptionRequestsResponseSchema.parse(
    await requestJson('/api/solicitudes-adopcion', {
      query: { personaId: String(id), pageSize: String(PERSON_LINKS_PAGE_SIZE), sort: 'createdAt', order: 'desc' },
      signal,
    }),
  );
}

/** `GET /api/solicitudes-publicacion?personaId=`: the pets this person registered, pending first. */
export async function listPersonRegistrations(id: number, signal?: AbortSignal) {
  return listPublicationRequestsResponseSchema.parse(
    await requestJson('/api/solicitudes-publicacion', { query: { personaId: String(id), pageSize: String(PERSON_LINKS_PAGE_SIZE) }, signal }),
  );
}

export function usePersonAdoptionRequests(id: number) {
  return useQuery({ queryKey: [...personQueryKey(id), 'adoption-requests'], queryFn: ({ signal }) => listPersonAdoptionRequests(id, signal) });
}

export function usePersonRegistrations(id: number) {
  return useQuery({ queryKey: [...personQueryKey(id), 'registrations'], queryFn: ({ signal }) => listPersonRegistrations(id, signal) });
}
