import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SendCertificatesResponse, sendCertificatesResponseSchema } from '@refugio/contracts';
import { requestJson } from '../../../lib/api-client';
import { downloadFile } from '../lib/download-file';
import { donationsQueryKey } from './donations-query-keys';

/**
 * `GET /api/personas/{id}/certificado-donaciones?anio=`: the donor's certificate (PDF) for a year, fetched first so a
 * refusal (no NIF, no gifts that year, the entity not under Ley 49/2002) arrives as the server's Spanish message.
 */
export async function downloadDonationCertificate({ personId, anio }: { personId: number; anio: number }): Promise<void> {
  await downloadFile(`/api/personas/${personId}/certificado-donaciones?anio=${anio}`, `certificado_donaciones_${anio}_${personId}.pdf`);
}

export function useDownloadDonationCertificate() {
  return useMutation({ mutationFn: downloadDonationCertificate });
}

/** `POST /api/certificados-donaciones/enviar`: e-mails each donor of the year their certificate, once. */
export async function sendCertificates(anio: number): Promise<SendCertificatesResponse> {
  return sendCertificatesResponseSchema.parse(await requestJson('/api/certificados-donaciones/enviar', { method: 'POST', json: { anio } }));
}

export function useSendCertificates() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendCertificates, onSuccess: () => void queryClient.invalidateQueries({ queryKey: donationsQueryKey }) });
}
