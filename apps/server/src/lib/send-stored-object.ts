import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { StorageProvider } from '../storage/storage-provider';
import { AppError } from './app-error';

/**
 * Who may keep a copy of a stored object: `public` (a public pet's media: any cache, for a year, since stored
 * names are unique and the bytes behind a URL never change; other sites may embed them) or `private` (media
 * only staff may see: never a shared cache nor a stored copy, and only this site may embed them).
 */
export type StoredObjectAudience = 'public' | 'private';

const CACHING: Record<StoredObjectAudience, { cacheControl: string; resourcePolicy: string }> = {
  public: { cacheControl: 'public, max-age=31536000, immutable', resourcePolicy: 'cross-origin' },
  private: { cacheControl: 'private, no-store', resourcePolicy: 'same-origin' },
};

/** Streams a stored object, honouring a single HTTP byte range (206) so that video players can seek. */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: StorageProvider,
  key: string,
  contentType: string,
  notFoundMessage: string,
  audience: StoredObjectAudience,
  /** `inline` (shown in the browser) unless a download names its file: `attachment; filename=...`. */
  disposition = 'inline',
) {
  const head = await storage.head(key);
  if (!head) throw new AppError('NOT_FOUND', { message: notFoundMessage });
  const rangeHeader = request.headers.range;
  const ranges = rangeHeader ? parseRange(head.size, rangeHeader, { combine: true }) : undefined;
  if (ranges === -1) {
    void reply.header('content-range', `bytes */${head.size}`);
    throw new AppError('RANGE_NOT_SATISFIABLE');
  }
  const caching = CACHING[audience];
  void reply
    .header('accept-ranges', 'bytes')
    .header('content-type', contentType)
    .header('cache-control', caching.cacheControl)
    .header('content-disposition', disposition)
    .header('cross-origin-resource-policy', caching.resourcePolicy);

  // Malformed (-2) or several ranges: answer the whole object, which HTTP allows.
  if (Array.isArray(ranges) && ranges.length === 1 && ranges.type === 'bytes') {
    const { start, end } = ranges[0]!;
    const found = await storage.get(key, { start, end });
    if (!found) throw new AppError('NOT_FOUND', { message: notFoundMessage });
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${head.size}`)
      .header('content-length', String(end - start + 1))
      .send(found.body);
  }
  const found = await storage.get(key);
  if (!found) throw new AppError('NOT_FOUND', { message: notFoundMessage });
  return reply.header('content-length', String(head.size)).send(found.body);
}
