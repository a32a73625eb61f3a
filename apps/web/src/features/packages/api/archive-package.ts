import { packageSchema, type Package } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { packagesQueryKey } from './packages-query-key';

/** `POST /api/paquetes/{id}/archivar` or `/restaurar`. */
export async function setPackageArchived({ id, archived }: { id: number; archived: boolean }): Promise<Package> {
  return packageSchema.parse(await requestJson(`/api/paquetes/${id}/${archived ? 'archivar' : 'restaurar'}`, { method: 'POST' }));
}

export function useSetPackageArchived() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPackageArchived, onSuccess: () => queryClient.invalidateQueries({ queryKey: packagesQueryKey }) });
}
