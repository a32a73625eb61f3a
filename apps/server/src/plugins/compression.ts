import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What the API answers in text is compressed for a browser that accepts it (DESIGN 6): JSON, CSV and plain text,
 * from 1 KB up, brotli first, then gzip. Media are never recompressed (images, video and PDFs are compressed
 * already), nor are streams of events, and an answer that carries its own encoding (the catalogue's, compressed once
 * when it is made; the built assets, compressed at build time) is sent as it is.
 */
export const COMPRESSIBLE_TYPES = /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?:html|csv|plain))(?:;|$)/;
/** Below this, compressing saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Brotli's quality for answers made per request: 11 costs far more time than the bytes it saves. */
const BROTLI_QUALITY_PER_REQUEST = 4;

export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      customTypes: COMPRESSIBLE_TYPES,
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_PER_REQUEST } },
      // Request bodies are never inflated (a small compressed body could expand without bound): they arrive as sent.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);

const negotiator = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Sends HTML written for this request (the public pages with their link previews) compressed like an API answer.
 * The not-found handler that serves the web app is no route, so the plugin above does not see its answers.
 */
export async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string): Promise<FastifyReply> {
  void reply.type('text/html; charset=utf-8').header('vary', 'Accept-Encoding');
  const body = Buffer.from(html);
  const encoding = body.length >= COMPRESSION_THRESHOLD_BYTES ? negotiator.negotiate(request.headers['accept-encoding'] ?? '') : undefined;
  if (!encoding) return reply.send(body);
  const compressed =
    encoding === 'br' ? await brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_PER_REQUEST } }) : await gzipped(body);
  return reply.header('content-encoding', encoding).send(compressed);
}
