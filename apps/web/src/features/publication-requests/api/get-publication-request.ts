import { PERSON_ALERTS, publicationRequestSchema } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/api-client';
import { decodeFlag } from '../../../lib/wire-encodings';
import { publicationRequestsQueryKey } from './requests-query-key';

/** A registration's answer with its person (DESIGN section 10): `personaId`, and `alerta` when they are blocked. */
const publicationRequestAnswerSchema = publicationRequestSchema.extend({
  personaId: z.number().int().nullish(),
  alerta: z.enum(PERSON_ALERTS).nullish(),
});
type PublicationRequest = z.infer<typeof publicationRequestAnswerSchema>;

/** A request as the screens use it: `discapacidad` ('0'/'1' on the wire) read once, here, as a boolean. */
export type PublicationRequestView = Omit<PublicationRequest, 'discapacidad'> & { discapacidad: boolean };

export function decodePublicationRequest(request: PublicationRequest): PublicationRequestView {
  return { ...request, discapacidad: decodeFlag(request.discapacidad) };
}

/** `GET /api/solicitudes-publicacion/{id}`: every field and every file, decoded. */
export async function getPublicationRequest(id: number, signal?: AbortSignal): Promise<PublicationRequestView> {
  return decodePublicationRequest(publicationRequestAnswerSchema.parse(await requestJson(`/api/solicitudes-publicacion/${id}`, { signal })));
}

export function usePublicationRequest(id: number | null) {
  return useQuery({
    queryKey: [...publicationRequestsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getPublicationRequest(id ?? 0, signal),
    enabled: id !== null,
  });
}
