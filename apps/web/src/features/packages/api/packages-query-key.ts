export const packagesQueryKey = ['paquetes'] as const;
