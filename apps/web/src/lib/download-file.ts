import { NetworkError, createApiError } from './api-client';

/**
 * Fetches a file and only then saves it as `fileName` with its bytes untouched. An error answer (JSON with a Spanish
 * `message`) is thrown as an ApiError for the screen to show, so nothing is saved and the person stays on the page.
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    throw createApiError(response.status, body);
  }
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; freeing it on the next turn keeps it valid for the click.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}
