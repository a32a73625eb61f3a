/**
 * Every pets query lives under `['pets']`: the lists under `['pets', 'list', ...]`, one pet and its media
 * under `['pets', 'detail', id, ...]`, so invalidating a pet's key refreshes its images and videos too.
 */
export const petsQueryKey = ['pets'] as const;
export const petListsQueryKey = [...petsQueryKey, 'list'] as const;
export const petQueryKey = (id: number) => [...petsQueryKey, 'detail', id] as const;
export const petImagesQueryKey = (id: number) => [...petQueryKey(id), 'images'] as const;
export const petVideosQueryKey = (id: number) => [...petQueryKey(id), 'videos'] as const;
