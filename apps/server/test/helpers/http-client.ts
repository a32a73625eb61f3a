/** A signed-in HTTP client for a server started as a separate process. */
export interface HttpClient {
  base: string;
  cookie: string;
  send: (request: {
    method: 'GET' | 'POST' | 'DELETE';
    url: string;
    payload?: Buffer;
    headers?: Record<string, string>;
  }) => Promise<{ statusCode: number; body: string }>;
  raw: (url: string, init?: RequestInit) => Promise<Response>;
}

export async function signInOver(base: string, email: string, password: string): Promise<HttpClient> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return clientWith(base, cookieFrom(res));
}

export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export function clientWith(base: string, cookie: string): HttpClient {
  const raw = (url: string, init: RequestInit = {}) =>
    fetch(`${base}${url}`, { ...init, headers: { origin: base, cookie, ...(init.headers as Record<string, string> | undefined) } });
  return {
    base,
    cookie,
    raw,
    async send({ method, url, payload, headers }) {
      const res = await raw(url, { method, body: payload, headers });
      return { statusCode: res.status, body: await res.text() };
    },
  };
}
