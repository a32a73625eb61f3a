import { type CreateInspectionInput, type InspectionCreated, inspectionCreatedSchema, inspectionListSchema } from '@refugio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

export const inspectionsKey = ['inspecciones'] as const;

/** `GET /api/inspecciones`: every link with its state and what was read through it. */
export function useInspections() {
  return useQuery({
    queryKey: inspectionsKey,
    queryFn: async ({ signal }) => inspectionListSchema.parse(await requestJson('/api/inspecciones', { signal })),
  });
}

/** `POST /api/inspecciones` `{ nombre, organismo, hasta }`: the link's address comes back once. */
export function useCreateInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateInspectionInput): Promise<InspectionCreated> =>
      inspectionCreatedSchema.parse(await requestJson('/api/inspecciones', { method: 'POST', json: input })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inspectionsKey }),
  });
}

/** `DELETE /api/inspecciones/{id}`: revokes the link. */
export function useRevokeInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await requestJson(`/api/inspecciones/${id}`, { method: 'DELETE' });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inspectionsKey }),
  });
}
