/** Every users query (the list and the role lookups) lives under this key, so any change refreshes them all. */
export const usersQueryKey = ['users'] as const;
