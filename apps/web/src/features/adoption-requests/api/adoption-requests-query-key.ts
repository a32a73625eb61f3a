/** Every adoption-request query lives under `['adoption-requests']`: lists under `'list'`, one request under `'detail'`. */
export const adoptionRequestsQueryKey = ['adoption-requests'] as const;
export const adoptionRequestListsQueryKey = [...adoptionRequestsQueryKey, 'list'] as const;
export const adoptionRequestQueryKey = (id: number) => [...adoptionRequestsQueryKey, 'detail', id] as const;
