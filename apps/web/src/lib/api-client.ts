/**
 * The one HTTP helper of the browser app. It only turns answers into data or typed errors; showing a
 * message is the caller's job (a form, a toast), so the same error can be presented in context.
 */

/** An answer from our server with a non-2xx status, carrying the server's `{ code, message }` body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's error code (see `errorStatus` in contracts), or `UNKNOWN` when the body had none. */
  readonly code: string;
  readonly fieldErrors: Readonly<Record<string, string>> | undefined;
  readonly requestId: string | undefined;
  /** True when the server sent its own (Spanish, user-presentable) message. */
  readonly hasServerMessage: boolean;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    hasServerMessage: boolean;
    fieldErrors?: Record<string, string> | undefined;
    requestId?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.hasServerMessage = init.hasServerMessage;
    this.fieldErrors = init.fieldErrors;
    this.requestId = init.requestId;
  }
}

/** The request never got an answer (server down, offline, DNS, CORS...): `fetch` itself threw. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super('Network request failed', { cause });
  }
}

type JsonBody = Record<string, unknown> | unknown[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: JsonBody;
  query?: Record<string, string | undefined>;
  signal?: AbortSignal | undefined;
  /** The request outlives the page (sent while leaving it). */
  keepalive?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === 'string');
}

/**
 * Builds an ApiError from an error answer. The check is structural on purpose (no zod here): this
 * module is on the sign-in path, whose download size is budgeted.
 */
export function createApiError(status: number, body: unknown): ApiError {
  if (isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '') {
    return new ApiError({
      status,
      code: typeof body.code === 'string' ? body.code : 'UNKNOWN',
      message: body.message,
      hasServerMessage: true,
      fieldErrors: isStringRecord(body.fieldErrors) ? body.fieldErrors : undefined,
      requestId: typeof body.requestId === 'string' ? body.requestId : undefined,
    });
  }
  return new ApiError({
    status,
    code: isRecord(body) && typeof body.code === 'string' ? body.code : 'UNKNOWN',
    message: `HTTP ${status}`,
    hasServerMessage: false,
  });
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The connection dropped while the body was streaming in.
    throw new NetworkError(error);
  }
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends a same-origin request (the session cookie rides along) and returns the parsed JSON answer. */
export async function requestJson(path: string, options: RequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal ?? null,
      keepalive: options.keepalive ?? false,
    });
  } catch (error) {
    // An abort is the caller's decision, not a connectivity problem: let it through untouched.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  const data = await readBody(response);
  if (!response.ok) throw createApiError(response.status, data);
  return data;
}
