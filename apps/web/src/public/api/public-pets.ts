import {
  type ListPublicPetsResponse,
  type PublicPet,
  adoptionApplicationResultSchema,
  listPublicPetsResponseSchema,
  publicPetSchema,
  type AdoptionApplicationInput,
} from '@refugio/contracts';
import { requestJson } from '../../lib/api-client';

/** `GET /api/public/mascotas`: one page of adoptable pets. */
export async function listPublicPets(query: Record<string, string | undefined>, signal?: AbortSignal): Promise<ListPublicPetsResponse> {
  return listPublicPetsResponseSchema.parse(await requestJson('/api/public/mascotas', { query, signal }));
}

/** `GET /api/public/mascotas/{id}`: one adoptable pet (404 for anything else). */
export async function getPublicPet(id: number, signal?: AbortSignal): Promise<PublicPet> {
  return publicPetSchema.parse(await requestJson(`/api/public/mascotas/${id}`, { signal }));
}

/** `POST /api/public/solicitudes-adopcion`: answers `{ id, estado: 'nueva' }`. */
export async function submitApplication(input: AdoptionApplicationInput) {
  return adoptionApplicationResultSchema.parse(await requestJson('/api/public/solicitudes-adopcion', { json: input as Record<string, unknown> }));
}
