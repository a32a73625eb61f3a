/** Every publications query lives under `['publicaciones']`; a change refreshes them and the pet lists. */
export const publicationsQueryKey = ['publicaciones'] as const;
