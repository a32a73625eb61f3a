import {
  type Memoria,
  type Report,
  type ReportList,
  type ReportSubscription,
  type ReportSubscriptions,
  memoriaSchema,
  reportListSchema,
  reportSchema,
  reportSubscriptionSchema,
  reportSubscriptionsSchema,
} from '@refugio/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

export const reportsKey = ['informes'] as const;
const subscriptionsKey = [...reportsKey, 'suscripciones'] as const;

/** `GET /api/memoria?anio=`: the annual report (the income only for administrators). */
export function useMemoria(anio: number) {
  return useQuery({
    queryKey: ['memoria', anio],
    queryFn: async ({ signal }): Promise<Memoria> =>
      memoriaSchema.parse(await requestJson('/api/memoria', { query: { anio: String(anio) }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** The annual report's download address: a plain link the browser fetches with the session cookie. */
export const memoriaFileUrl = (anio: number, formato: 'pdf' | 'xlsx') => `/api/memoria?anio=${anio}&formato=${formato}`;

/** `GET /api/informes`: the reports this user may read. */
export function useReportList() {
  return useQuery({
    queryKey: [...reportsKey, 'lista'],
    queryFn: async ({ signal }): Promise<ReportList> => reportListSchema.parse(await requestJson('/api/informes', { signal })),
  });
}

/** `GET /api/informes/{clave}?desde=&hasta=`. */
export function useReport(clave: string | null, desde: string, hasta: string, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, 'informe', clave, desde, hasta],
    queryFn: async ({ signal }): Promise<Report> =>
      reportSchema.parse(await requestJson(`/api/informes/${encodeURIComponent(clave ?? '')}`, { query: { desde, hasta }, signal })),
    enabled: enabled && clave !== null,
    placeholderData: keepPreviousData,
  });
}

export const reportFileUrl = (clave: string, desde: string, hasta: string) =>
  `/api/informes/${encodeURIComponent(clave)}?desde=${desde}&hasta=${hasta}&formato=xlsx`;

/** `GET /api/informes/suscripciones`: the reports this user receives every month. */
export function useSubscriptions() {
  return useQuery({
    queryKey: subscriptionsKey,
    queryFn: async ({ signal }): Promise<ReportSubscriptions> =>
      reportSubscriptionsSchema.parse(await requestJson('/api/informes/suscripciones', { signal })),
  });
}

/** `POST|DELETE /api/informes/{clave}/suscripcion`. */
export function useToggleSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ clave, subscribe }: { clave: string; subscribe: boolean }): Promise<ReportSubscription | null> => {
      const url = `/api/informes/${encodeURIComponent(clave)}/suscripcion`;
      if (subscribe) return reportSubscriptionSchema.parse(await requestJson(url, { method: 'POST', json: { periodicidad: 'mensual' } }));
      await requestJson(url, { method: 'DELETE' });
      return null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionsKey }),
  });
}
