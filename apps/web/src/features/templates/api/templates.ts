import {
  type PreviewTemplateInput,
  type SaveTemplateInput,
  type Template,
  type TemplateKey,
  type TemplatePreview,
  templateListSchema,
  templatePreviewSchema,
  templateSchema,
} from '@refugio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

export const templatesQueryKey = ['plantillas'] as const;

/** `GET /api/plantillas` (administrators). */
export async function listTemplates(signal?: AbortSignal): Promise<Template[]> {
  return templateListSchema.parse(await requestJson('/api/plantillas', { signal })).items;
}

export function useTemplates() {
  return useQuery({ queryKey: templatesQueryKey, queryFn: ({ signal }) => listTemplates(signal) });
}

/** `PUT /api/plantillas/{clave}`: an unknown variable answers 400 naming it; a stale version 409. */
export async function saveTemplate(clave: TemplateKey, input: SaveTemplateInput): Promise<Template> {
  return templateSchema.parse(await requestJson(`/api/plantillas/${clave}`, { method: 'PUT', json: { ...input } }));
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clave, input }: { clave: TemplateKey; input: SaveTemplateInput }) => saveTemplate(clave, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}

/** `POST /api/plantillas/{clave}/vista-previa`: the text being edited filled in with sample values. */
export async function previewTemplate(clave: TemplateKey, input: PreviewTemplateInput, signal?: AbortSignal): Promise<TemplatePreview> {
  return templatePreviewSchema.parse(await requestJson(`/api/plantillas/${clave}/vista-previa`, { method: 'POST', json: { ...input }, signal }));
}

export function useTemplatePreview(clave: TemplateKey, input: PreviewTemplateInput) {
  return useQuery({
    queryKey: [...templatesQueryKey, 'vista-previa', clave, input],
    queryFn: ({ signal }) => previewTemplate(clave, input, signal),
    retry: false,
    staleTime: 60_000,
  });
}
