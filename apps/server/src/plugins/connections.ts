import { type ApiErrorBody, type ErrorCode, errorStatus, messages } from '@refugio/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BlockList, type Socket, isIPv4 } from 'node:net';
import { addressKey } from '../budgets/address-key';
import type { Config } from '../config';

/** proxy-addr's names for groups of addresses (TRUST_PROXY accepts them), as networks. */
const ADDRESS_GROUPS: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Whether a socket's peer is a proxy TRUST_PROXY trusts: its connections carry many clients, so the per-address
 * cap does not apply to it (the proxy in front limits its own clients' connections). A hop count trusts every
 * peer (the nearest hop is always the proxy).
 */
export function trustedPeer(trust: Config['trustProxy']): (address: string) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => true;
  const list = new BlockList();
  for (const entry of trust) {
    const group = ADDRESS_GROUPS[entry];
    if (group) {
      for (const [network, prefix, family] of group) list.addSubnet(network, prefix, family);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const plain = mapped ?? address;
    return list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  };
}

/** Writes an answer in the API's error shape on the raw response and closes the connection after it. */
function answerAndClose(res: ServerResponse, code: ErrorCode, message: string, status: number = errorStatus[code]) {
  if (res.headersSent || res.writableEnded) {
    res.socket?.destroy();
    return;
  }
  const body = JSON.stringify({ code, message, requestId: randomUUID() } satisfies ApiErrorBody);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  res.end(body);
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) > 0);
}

/**
 * Watches a request's body (DESIGN section 8): an upload (a multipart body) may take as long as it needs but is
 * closed after `uploadIdleMs` without a byte; any other body must have arrived within `requestTimeoutMs`. Time
 * the server itself spends not reading (a body waiting in its buffers while an image decodes) never counts
 * against the client. Returns a function that stops watching.
 */
export function watchBody(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: { requestTimeoutMs: number; uploadIdleMs: number },
  clock: () => number = Date.now,
): () => void {
  const raw = request.raw;
  const socket = raw.socket;
  const upload = /^multipart\//i.test(request.headers['content-type'] ?? '');
  const started = clock();
  let lastBytes = socket.bytesRead;
  let lastActivity = started;
  const tickMs = Math.max(20, Math.min(1000, Math.floor(Math.min(limits.requestTimeoutMs, limits.uploadIdleMs) / 5)));
  const stop = () => clearInterval(timer);
  const timer = setInterval(() => {
    if (raw.complete || raw.destroyed || socket.destroyed) return stop();
    const now = clock();
    // (An injected request's socket, in tests and the server's own calls, is a stand-in without isPaused.)
    const waitingOnUs = raw.readableLength > 0 || socket.readableLength > 0 || (typeof socket.isPaused === 'function' && socket.isPaused());
    if (socket.bytesRead !== lastBytes || waitingOnUs) {
      lastBytes = socket.bytesRead;
      lastActivity = now;
    }
    const expired = upload ? now - lastActivity >= limits.uploadIdleMs : now - started >= limits.requestTimeoutMs && !waitingOnUs;
    if (!expired) return;
    stop();
    request.log.info(
      { upload, bytesRead: socket.bytesRead },
      upload ? 'upload idle: connection closed' : 'request body timed out: connection closed',
    );
    // The route may still be waiting for the body: the answer is ours, and what it does next is discarded.
    if (!reply.sent) reply.hijack();
    answerAndClose(reply.raw, 'REQUEST_TIMEOUT', upload ? messages.security.uploadIdle : messages.errors.REQUEST_TIMEOUT);
    // The client sends nothing more; do not wait for it to read the answer for long.
    setTimeout(() => socket.destroy(), 1000).unref();
  }, tickMs);
  timer.unref();
  raw.once('end', stop);
  raw.once('close', stop);
  return stop;
}

export interface ConnectionsOptions {
  config: Config;
}

/**
 * Slow and greedy clients (DESIGN section 8): the body timers above, at most MAX_CONNECTIONS_PER_ADDRESS open
 * connections per client address (per /64 for IPv6; a connection over the cap is closed as it opens, so the
 * others' requests and /api/health keep their file descriptors), and Node's own refusals (a request without
 * Host, an `Expect` other than 100-continue) answered in the API's error shape instead of an empty body.
 */
export const connectionsPlugin = fp(
  async (app: FastifyInstance, opts: ConnectionsOptions) => {
    const { config } = opts;
    const limits = config.connections;

    if (limits.maxPerAddress > 0) {
      const open = new Map<string, number>();
      const exempt = trustedPeer(config.trustProxy);
      app.server.on('connection', (socket: Socket) => {
        const address = socket.remoteAddress;
        if (!address || exempt(address)) return;
        const key = addressKey(address);
        const count = (open.get(key) ?? 0) + 1;
        if (count > limits.maxPerAddress) {
          socket.destroy();
          return;
        }
        open.set(key, count);
        socket.once('close', () => {
          const left = (open.get(key) ?? 1) - 1;
          if (left <= 0) open.delete(key);
          else open.set(key, left);
        });
      });
      app.decorate('openConnections', (address: string) => open.get(addressKey(address)) ?? 0);
    } else {
      app.decorate('openConnections', () => 0);
    }

    // Node answers an Expect it does not know with an empty 417 unless someone listens.
    app.server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
      answerAndClose(res, 'EXPECTATION_FAILED', messages.errors.EXPECTATION_FAILED);
    });

    app.addHook('onRequest', async (request, reply) => {
      // HTTP/1.1 requires Host (RFC 9112 section 3.2); Node's own check is off so that the answer has our shape.
      if (request.raw.httpVersion === '1.1' && !request.headers.host) {
        void reply.header('connection', 'close');
        return reply
          .status(400)
          .type('application/json; charset=utf-8')
          .send({ code: 'BAD_REQUEST', message: messages.security.hostMissing, requestId: request.id } satisfies ApiErrorBody);
      }
      if (!request.raw.complete && hasBody(request)) watchBody(request, reply, limits);
    });
  },
  { name: 'connections' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Connections open now from this client address (its /64 for IPv6). */
    openConnections(address: string): number;
  }
}
