import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import { sendMultipart, toUploadProgress, type XhrFactory } from './upload';

/** Just enough of XMLHttpRequest for the helper; the test drives its events by hand. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  responseText = '';
  sent: unknown = undefined;
  aborted = false;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  respond(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

function fakeFactory() {
  const created: FakeXhr[] = [];
  const factory = (() => {
    const xhr = new FakeXhr();
    created.push(xhr);
    return xhr as unknown as XMLHttpRequest;
  }) satisfies XhrFactory;
  const last = () => {
    const xhr = created.at(-1);
    if (!xhr) throw new Error('no request was made');
    return xhr;
  };
  return { factory, last };
}

describe('toUploadProgress', () => {
  it('gives a whole percentage, and 0 while the size is unknown', () => {
    expect(toUploadProgress(50, 200)).toEqual({ loaded: 50, total: 200, percent: 25 });
    expect(toUploadProgress(199, 200).percent).toBe(99);
    expect(toUploadProgress(10, 0).percent).toBe(0);
    expect(toUploadProgress(300, 200).percent).toBe(100);
  });
});

describe('sendMultipart', () => {
  it('posts the form, reports progress and resolves with the JSON answer', async () => {
    const { factory, last } = fakeFactory();
    const body = new FormData();
    body.append('file', new File(['abc'], 'a.jpg', { type: 'image/jpeg' }));
    const progress: number[] = [];
    const pending = sendMultipart('/phpApi/mascota/1/imagenes/nueva', body, { onProgress: (p) => progress.push(p.percent) }, factory);
    const xhr = last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/phpApi/mascota/1/imagenes/nueva');
    expect(xhr.sent).toBe(body);
    xhr.upload.onprogress?.({ loaded: 1, total: 4, lengthComputable: true });
    xhr.respond(200, JSON.stringify({ status: 'OK', id: 7, nombre: 'a.jpg' }));
    await expect(pending).resolves.toEqual({ status: 'OK', id: 7, nombre: 'a.jpg' });
    expect(progress).toEqual([25, 100]);
  });

  it('turns an error answer into an ApiError with the server message', async () => {
    const { factory, last } = fakeFactory();
    const pending = sendMultipart('/x', new FormData(), {}, factory);
    last().respond(409, JSON.stringify({ code: 'CONFLICT', message: 'Otra persona guardó cambios.', requestId: 'r1' }));
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Otra persona guardó cambios.' });
  });

  it('keeps the message of a PHP-style { status: ERROR } answer', async () => {
    const { factory, last } = fakeFactory();
    const pending = sendMultipart('/x', new FormData(), {}, factory);
    last().respond(400, JSON.stringify({ status: 'ERROR', message: 'Cada imagen debe pesar como máximo 2MB.' }));
    await expect(pending).rejects.toMatchObject({ status: 400, message: 'Cada imagen debe pesar como máximo 2MB.' });
  });

  it('reports a connection failure as a NetworkError', async () => {
    const { factory, last } = fakeFactory();
    const pending = sendMultipart('/x', new FormData(), {}, factory);
    last().onerror?.();
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
  });

  it('aborts the request when the signal fires', async () => {
    const { factory, last } = fakeFactory();
    const controller = new AbortController();
    const pending = sendMultipart('/x', new FormData(), { signal: controller.signal }, factory);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(last().aborted).toBe(true);
  });
});
