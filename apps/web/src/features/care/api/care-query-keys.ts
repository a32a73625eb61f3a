/**
 * Every care query lives under `['care']`: one pet's records under `['care', 'pet', id]`, the round's due
 * list under `['care', 'due', ...]`, the protocols under `['care', 'protocols']`. A change to a record
 * invalidates `['care']`, so the pet page and Cuidados agree.
 */
export const careQueryKey = ['care'] as const;
export const petCareQueryKey = (petId: number) => [...careQueryKey, 'pet', petId] as const;
export const dueCareQueryKey = (hasta: string) => [...careQueryKey, 'due', hasta] as const;
export const protocolsQueryKey = [...careQueryKey, 'protocols'] as const;
