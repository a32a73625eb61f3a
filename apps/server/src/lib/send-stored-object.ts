import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { StorageProvider } from '../storage/storage-provider';
import { AppError } from './app-error';

/**
 * Streams a stored object, honouring a single HTTP byte range (206) so that video players can seek.
 * Stored names are unique, so the bytes behind a URL never change: they are cached for a year.
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: StorageProvider,
  key: string,
  contentType: string,
  notFoundMessage: string,
) {
  const head = await storage.head(key);
  if (!head) throw new AppError('NOT_FOUND', { message: notFoundMessage });
  const rangeHeader = request.headers.range;
  const ranges = rangeHeader ? parseRange(head.size, rangeHeader, { combine: true }) : undefined;
  if (ranges === -1) {
    void reply.header('content-range', `bytes */${head.size}`);
    throw new AppError('RANGE_NOT_SATISFIABLE');
  }
  void reply
    .header('accept-ranges', 'bytes')
    .header('content-type', contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('content-disposition', 'inline')
    // Public media: the organisation's website may embed these images and videos.
    .header('cross-origin-resource-policy', 'cross-origin');

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
