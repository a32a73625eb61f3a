import { NetworkError, createApiError } from './api-client';

/**
 * Multipart uploads with progress. `fetch` cannot report upload progress, so this one helper uses
 * XMLHttpRequest; like `requestJson` it only turns answers into data or typed errors (ApiError,
 * NetworkError, or the AbortError DOMException when the caller aborts).
 */

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0-100, rounded down; 0 while the size is unknown. */
  percent: number;
}

export interface UploadOptions {
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  signal?: AbortSignal | undefined;
  method?: 'POST' | 'PUT';
  /** Further request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string> | undefined;
}

/** The XMLHttpRequest constructor; injectable so the helper can be tested without a browser. */
export type XhrFactory = () => XMLHttpRequest;

const defaultXhr: XhrFactory = () => new XMLHttpRequest();

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function toUploadProgress(loaded: number, total: number): UploadProgress {
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  return { loaded, total, percent };
}

/** Sends `body` as multipart/form-data to a same-origin URL and returns the parsed JSON answer. */
export function sendMultipart(url: string, body: FormData, options: UploadOptions = {}, createXhr: XhrFactory = defaultXhr): Promise<unknown> {
  const { onProgress, signal, method = 'POST', headers = {} } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = createXhr();
    const onAbortSignal = () => xhr.abort();
    const cleanUp = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      onProgress?.(toUploadProgress(event.loaded, event.lengthComputable ? event.total : 0));
    };
    xhr.onload = () => {
      cleanUp();
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(toUploadProgress(1, 1));
        resolve(data);
      } else {
        reject(createApiError(xhr.status, data));
      }
    };
    xhr.onerror = () => {
      cleanUp();
      reject(new NetworkError(new Error(`Upload to ${url} failed`)));
    };
    xhr.onabort = () => {
      cleanUp();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbortSignal);
    xhr.send(body);
  });
}
