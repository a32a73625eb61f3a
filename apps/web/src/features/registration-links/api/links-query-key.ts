export const linksQueryKey = ['enlaces'] as const;
