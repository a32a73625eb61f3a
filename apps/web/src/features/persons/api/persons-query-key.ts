/** Every person query lives under `['persons']`: lists under `'list'`, one person (and what hangs from it) under `'detail'`. */
export const personsQueryKey = ['persons'] as const;
export const personListsQueryKey = [...personsQueryKey, 'list'] as const;
export const personQueryKey = (id: number) => [...personsQueryKey, 'detail', id] as const;
