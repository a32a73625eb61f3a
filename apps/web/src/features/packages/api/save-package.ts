import { packageSchema, type Package, type PackageInput } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { packagesQueryKey } from './packages-query-key';

/** `POST /api/paquetes` (new) or `PATCH /api/paquetes/{id}` (edit). */
export async function savePackage({ id, input }: { id?: number | undefined; input: PackageInput }): Promise<Package> {
  const json = { ...input };
  const data =
    id === undefined
      ? await requestJson('/api/paquetes', { method: 'POST', json })
      : await requestJson(`/api/paquetes/${id}`, { method: 'PATCH', json });
  return packageSchema.parse(data);
}

export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePackage, onSuccess: () => queryClient.invalidateQueries({ queryKey: packagesQueryKey }) });
}
