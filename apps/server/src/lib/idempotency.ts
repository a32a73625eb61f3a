import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, idempotencyMessages, isValidIdempotencyKey } from '@refugio/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { FormFile } from './multipart-form';

/** What a create needs to answer a retry: the caller's key and what the request carried. */
export interface IdempotencyRequest {
  key: string;
  /** The route, e.g. `POST /phpApi/mascota/nueva`: a key is one request on one route. */
  route: string;
  requestHash: string;
}

/** The `Idempotency-Key` a request carries, or undefined; anything but 1-200 printable ASCII characters answers 400. */
export function readIdempotencyKey(headers: FastifyRequest['headers']): string | undefined {
  const value = headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !isValidIdempotencyKey(value)) throw new AppError('BAD_REQUEST', { message: idempotencyMessages.keyInvalid });
  return value;
}

/** SHA-256 of a form request: its route, its text fields in name order and each file's field and bytes. */
export function formRequestHash(route: string, fields: Record<string, string>, files: FormFile[]): string {
  const sortedFields = Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const fileHashes = files.map((f) => [f.fieldName, createHash('sha256').update(f.data).digest('hex')]);
  return createHash('sha256')
    .update(JSON.stringify([route, sortedFields, fileHashes]))
    .digest('hex');
}
