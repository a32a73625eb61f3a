import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type Reply = { status?: number; json?: unknown; raw?: string; delayMs?: number; headers?: Record<string, string> };

/**
 * A loopback HTTP server that speaks enough of Gemini's generateContent (and OpenAI's chat completions) for
 * tests: it records every request and answers from a queue of scripted replies, or with `fallback`.
 */
export async function startFakeAiServer(fallback: (req: RecordedRequest) => Reply = () => ({ status: 404 })) {
  const requests: RecordedRequest[] = [];
  const queue: Reply[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = Buffer.concat(chunks).toString('utf8');
      }
      const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      const reply = queue.shift() ?? fallback(recorded);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.raw ?? JSON.stringify(reply.json ?? {}));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Replies for the next requests, in order. */
    enqueue: (...replies: Reply[]) => queue.push(...replies),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const geminiText = (text: string): Reply => ({
  json: { candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP' }] },
});
