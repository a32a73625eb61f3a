import { type FosterNewsState, fosterNewsSchema } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/api-client';

export const fosterNewsKey = ['novedades'] as const;
const listSchema = z.object({ items: z.array(fosterNewsSchema) });

/** `GET /api/novedades?estado=`: news sent by foster homes through the portal. */
export function useFosterNews(estado: FosterNewsState) {
  return useQuery({
    queryKey: [...fosterNewsKey, estado],
    queryFn: async ({ signal }) => listSchema.parse(await requestJson(`/api/novedades?estado=${estado}`, { signal })).items,
  });
}
