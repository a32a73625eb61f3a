import multipart, { type FastifyMultipartBaseOptions } from '@fastify/multipart';
import { VIDEO_MAX_BYTES, messages } from '@refugio/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import fp from 'fastify-plugin';

/**
 * Options handed through to busboy. `defParamCharset` is missing from the plugin's typings: browsers send
 * file names in UTF-8, and busboy's default (latin1) would garble 'Ñandú.mp4'.
 */
const options: FastifyMultipartBaseOptions & { defParamCharset: string } = {
  defParamCharset: 'utf8',
  limits: { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 40, fileSize: VIDEO_MAX_BYTES, files: 11, parts: 60, headerPairs: 200 },
};

/** RFC 2046: a boundary is 1 to 70 characters, optionally quoted. */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s";]{1,70}))\s*(?:;|$)/i;

/**
 * Refuses a multipart request whose envelope cannot be read (no boundary, an over-long one, no body) before a
 * route starts reading it; busboy would otherwise throw a plain error (a 500).
 */
function assertReadableMultipart(request: FastifyRequest) {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) return;
  const length = request.headers['content-length'];
  const noBody = request.headers['transfer-encoding'] === undefined && (length === undefined || Number(length) === 0);
  if (!BOUNDARY.test(type) || noBody) throw new AppError('BAD_REQUEST', { message: messages.security.multipartInvalid });
}

/** Multipart uploads, streamed; each route narrows these outer limits. */
export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, options);
    app.addHook('preValidation', async (request) => assertReadableMultipart(request));
  },
  { name: 'multipart' },
);
