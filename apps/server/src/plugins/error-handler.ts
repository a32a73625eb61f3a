import { type ApiErrorBody, type ErrorCode, type FieldErrors, errorStatus, messages } from '@refugio/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { AppError } from '../lib/app-error';

/** Fastify's own error codes that are the client's fault, and what we call them. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
  FST_ERR_ASYNC_CONSTRAINT: 'BAD_REQUEST',
  // @fastify/multipart
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PROTO_VIOLATION: 'BAD_REQUEST',
  FST_INVALID_JSON_FIELD_ERROR: 'BAD_REQUEST',
};

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

/**
 * At most this many fields are named in one answer: a body of 10 000 wrong array items is not answered with
 * 10 000 messages (a small request made into a megabyte of response); the person fixes the first ones first.
 */
export const MAX_FIELD_ERRORS = 20;

/** Turns a schema validation failure into `{ field: message }`, the first message per field, MAX_FIELD_ERRORS at most. */
function toFieldErrors(validation: ValidationIssue[], context: string | undefined): FieldErrors {
  const fieldErrors: FieldErrors = {};
  let named = 0;
  for (const issue of validation) {
    const fromPath = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = typeof issue.params?.missingProperty === 'string' ? issue.params.missingProperty : '';
    const field = fromPath || missing || context || 'body';
    if (Object.hasOwn(fieldErrors, field)) continue;
    if (named === MAX_FIELD_ERRORS) break;
    fieldErrors[field] = issue.message ?? messages.errors.VALIDATION_ERROR;
    named++;
  }
  return fieldErrors;
}

/**
 * The error body a route answers. Every route answers `api` (`{ code, message, fieldErrors?, requestId }`)
 * unless its `config.errorShape` says otherwise, for the specification's older contracts:
 * - php: `{ status: 'ERROR', message }` (the pet image upload, SPEC section 7)
 * - firebase: `{ error }` (the compatibility functions under /api/functions/)
 */
export type ErrorShape = 'api' | 'php' | 'firebase';

declare module 'fastify' {
  interface FastifyContextConfig {
    errorShape?: ErrorShape;
    /** The Spanish message of an unexpected failure (5xx) on a `php` or `firebase` route. */
    failureMessage?: string;
  }
}

/** What an error means for the client, whatever the shape it is answered in. */
interface ResolvedError {
  code: ErrorCode;
  /** The thrower's own Spanish message (an AppError's), if any. */
  message?: string;
  fieldErrors?: FieldErrors;
  /** Raised by our code (AppError), not by Fastify or a plugin. */
  fromApp: boolean;
}

function resolve(error: FastifyError | AppError): ResolvedError | undefined {
  if (error instanceof AppError) return { code: error.code, message: error.message, fieldErrors: error.fieldErrors, fromApp: true };
  if (Array.isArray(error.validation)) {
    return { code: 'VALIDATION_ERROR', fieldErrors: toFieldErrors(error.validation, error.validationContext), fromApp: false };
  }
  const known = error.code ? fastifyCodes[error.code] : undefined;
  const status = error.statusCode ?? 500;
  const code = known ?? (status >= 400 && status < 500 ? (codeByStatus[status] ?? 'BAD_REQUEST') : undefined);
  return code ? { code, fromApp: false } : undefined;
}

export function sendError(reply: FastifyReply, request: FastifyRequest, code: ErrorCode, message?: string, fieldErrors?: FieldErrors) {
  const body: ApiErrorBody = { code, message: message ?? messages.errors[code], requestId: request.id };
  if (fieldErrors && Object.keys(fieldErrors).length > 0) body.fieldErrors = fieldErrors;
  return reply.status(errorStatus[code]).type('application/json; charset=utf-8').send(body);
}

/** Fastify's `frameworkErrors`: the router's own refusals (a malformed URL, an over-long parameter) in our shape. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendError(reply, request, fastifyCodes[error.code] ?? 'BAD_REQUEST');
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any request exists (a malformed chunked
 * body, Content-Length with Transfer-Encoding, headers over the size limit) is answered in our shape too, and
 * the connection is closed, as Node does.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // ERR_HTTP_REQUEST_TIMEOUT: the headers did not arrive within Node's headersTimeout.
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST';
  const status = errorStatus[code];
  const body = JSON.stringify({ code, message: messages.errors[code], requestId: randomUUID() } satisfies ApiErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** How much of a refused request's body is read and discarded after the answer, at most: bytes, time, and pause. */
export const LINGER_MAX_BYTES = 200 * 1024 * 1024;
export const LINGER_MAX_MS = 30_000;
export const LINGER_IDLE_MS = 2_000;

/**
 * Closing a connection while the client is still sending makes the kernel answer with a reset, and a client
 * that did not wait for `100 Continue` (Node's fetch, curl scripts) then loses the answer it was sent. So when
 * Node would close such a connection, the server only ends its side and keeps reading (and discarding) the rest
 * of the body until it ends, `LINGER_MAX_BYTES` or `LINGER_MAX_MS` pass, or nothing arrives for
 * `LINGER_IDLE_MS`, and only then closes (a lingering close).
 */
export function lingerBeforeClosing(raw: IncomingMessage) {
  const socket = raw.socket as Socket & { destroySoon?: () => void };
  if (!socket || socket.destroyed) return;
  const declared = Number(raw.headers['content-length']);
  const startBytes = socket.bytesRead;
  // A body beyond the bound would be cut anyway: no point reading it first.
  if (Number.isFinite(declared) && declared > LINGER_MAX_BYTES) return;
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    // Node's parser reads this socket natively (no 'data' events): progress is watched through bytesRead.
    const started = Date.now();
    let lastBytes = socket.bytesRead;
    let lastByteAt = started;
    const close = () => {
      clearInterval(watch);
      // Never before the answer has left (as Node's own destroySoon).
      if (socket.writableFinished) return void socket.destroy();
      socket.once('finish', () => socket.destroy());
      // A client that does not read its answer either is not waited for long.
      setTimeout(() => socket.destroy(), LINGER_IDLE_MS).unref();
    };
    const watch = setInterval(() => {
      const now = Date.now();
      if (socket.bytesRead !== lastBytes) {
        lastBytes = socket.bytesRead;
        lastByteAt = now;
      }
      const done = raw.complete || socket.destroyed || socket.readableEnded;
      if (done || socket.bytesRead - startBytes > LINGER_MAX_BYTES || now - started > LINGER_MAX_MS || now - lastByteAt > LINGER_IDLE_MS) close();
    }, 100);
    watch.unref();
    if (raw.complete) return close();
    raw.once('end', close);
    socket.once('close', () => clearInterval(watch));
  };
}

/** The single place where errors become an answer (in the route's `errorShape`); 5xx details never leave the server. */
export const errorHandlerPlugin = fp(
  (app: FastifyInstance) => {
    // A request answered before its body was read (a refused upload) would leave the rest of the body in the
    // keep-alive connection, stalling the next request on it: discard what still arrives and close the connection,
    // lingering so that the client reads the answer (DESIGN section 8).
    app.addHook('onSend', async (request, reply) => {
      if (request.raw.complete || request.raw.readableEnded) return;
      void reply.header('connection', 'close');
      request.raw.unpipe();
      request.raw.resume();
      lingerBeforeClosing(request.raw);
    });

    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const { errorShape = 'api', failureMessage } = request.routeOptions.config;
      const resolved = resolve(error);
      const status = resolved ? errorStatus[resolved.code] : 500;
      // A refusal that knows when the client may try again (an upload budget) says so.
      const retryAfter = error instanceof AppError ? (error as AppError & { retryAfterSeconds?: unknown }).retryAfterSeconds : undefined;
      if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
      if (status >= 500) request.log.error({ err: error }, resolved ? 'application error' : 'unhandled error');

      if (errorShape === 'php') {
        // Client errors keep the thrower's message; anything else Fastify refused is just "not valid".
        const message =
          status >= 500 ? (failureMessage ?? messages.errors.INTERNAL) : resolved?.fromApp ? resolved.message : messages.errors.BAD_REQUEST;
        return reply.status(status).send({ status: 'ERROR', message });
      }
      if (errorShape === 'firebase') {
        // The original functions told the caller only about sessions and permissions; everything else was their failure.
        if (resolved?.fromApp && status < 500) return reply.status(status).send({ error: resolved.message });
        if (status < 500) request.log.error({ err: error }, 'compatibility function failed');
        return reply.status(500).send({ error: failureMessage ?? messages.errors.INTERNAL });
      }
      if (!resolved) return sendError(reply, request, (error.statusCode ?? 500) === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL');
      return sendError(reply, request, resolved.code, resolved.message, resolved.fieldErrors);
    });
  },
  { name: 'error-handler' },
);

export { errorStatus };
