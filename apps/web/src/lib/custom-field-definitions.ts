import { type CustomField, type CustomFieldEntity, customFieldSchema } from '@refugio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from './api-client';

/*
 * The organisation's own fields' definitions (`GET /api/campos`, DESIGN section 21), one cache for every screen: the
 * pet list's columns and filters, the forms and details of pets and persons, and the «Campos propios» screen, whose
 * changes invalidate `customFieldsQueryKey` so every open form sees them. Apart from the forms' helpers
 * (custom-fields.ts), which the first screen does not need.
 */

/** A list of definitions as `GET /api/campos` and `PUT /api/campos/orden` answer it. */
export const customFieldListSchema = z.object({ items: z.array(customFieldSchema) });

/** Every list of definitions (each entity, with or without the archived ones) starts with this key. */
export const customFieldsQueryKey = ['campos'] as const;

/** `GET /api/campos?entidad=…` in `orden`; with `archivados`, the archived ones too. */
export async function listCustomFields(
  entidad: CustomFieldEntity,
  options: { archivados?: boolean; signal?: AbortSignal } = {},
): Promise<CustomField[]> {
  const query = { entidad, archivados: options.archivados ? 'true' : undefined };
  return customFieldListSchema.parse(await requestJson('/api/campos', { query, signal: options.signal })).items;
}

/** One entity's definitions: the active ones (what the forms show), or with `archivados` the archived ones too (what the details show: an archived field keeps its values). */
export const customFieldsQueryOptions = (entidad: CustomFieldEntity, archivados: boolean) =>
  queryOptions({
    queryKey: [...customFieldsQueryKey, entidad, { archivados }] as const,
    queryFn: ({ signal }) => listCustomFields(entidad, { archivados, signal }),
    staleTime: 5 * 60_000,
  });

export const useActiveCustomFields = (entidad: CustomFieldEntity) => useQuery(customFieldsQueryOptions(entidad, false));
export const useAllCustomFields = (entidad: CustomFieldEntity) => useQuery(customFieldsQueryOptions(entidad, true));
