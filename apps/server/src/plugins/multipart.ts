import multipart, { type FastifyMultipartBaseOptions } from '@fastify/multipart';
import { VIDEO_MAX_BYTES } from '@refugio/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Options handed through to busboy. `defParamCharset` is missing from the plugin's typings: browsers send
 * file names in UTF-8, and busboy's default (latin1) would garble 'Ñandú.mp4'.
 */
const options: FastifyMultipartBaseOptions & { defParamCharset: string } = {
  defParamCharset: 'utf8',
  limits: { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 40, fileSize: VIDEO_MAX_BYTES, files: 11, parts: 60, headerPairs: 200 },
};

/** Multipart uploads, streamed; each route narrows these outer limits. */
export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, options);
  },
  { name: 'multipart' },
);
