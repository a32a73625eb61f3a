/** Every query of fees, gifts and the modelo 182 lives under `['donations']`; a change to one refreshes them all. */
export const donationsQueryKey = ['donations'] as const;
export const feesQueryKey = [...donationsQueryKey, 'fees'] as const;
export const giftsQueryKey = [...donationsQueryKey, 'gifts'] as const;
export const modelo182QueryKey = (anio: number) => [...donationsQueryKey, 'modelo-182', anio] as const;
