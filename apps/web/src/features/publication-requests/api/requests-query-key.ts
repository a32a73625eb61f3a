export const publicationRequestsQueryKey = ['solicitudes-publicacion'] as const;
