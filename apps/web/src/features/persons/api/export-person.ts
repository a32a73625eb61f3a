import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** `GET /api/personas/{id}/exportar`: everything held about the person (the right of access), saved as a JSON file. */
export async function exportPerson(id: number): Promise<void> {
  const data = await requestJson(`/api/personas/${id}/exportar`);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `persona-${id}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; freeing it on the next turn keeps it valid for the click.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportPerson() {
  return useMutation({ mutationFn: exportPerson });
}
