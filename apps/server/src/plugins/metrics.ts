import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** Where the API's routes' labels come from: the route pattern, never the raw URL (bounded cardinality). */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? (request.url.startsWith('/api') || request.url.startsWith('/phpApi') ? 'unmatched' : 'spa');
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /api/metrics in the Prometheus text format (DESIGN section 8): requests by route, method and status
 * (count and duration), the database pool, uploads, and the process (memory, CPU, event loop, GC). Off (404,
 * nothing collected) unless METRICS_TOKEN is set; then it needs `Authorization: Bearer <METRICS_TOKEN>`.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { token: string | undefined }) => {
    const token = opts.token;
    if (!token) {
      app.get('/api/metrics', { config: { access: 'token' }, schema: { hide: true } }, async () => {
        throw new AppError('NOT_FOUND');
      });
      return;
    }

    // Loaded only when metrics are on.
    const client = await import('prom-client');
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new client.Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
    const duration = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request',
      labelNames,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const uploads = new client.Counter({
      name: 'refugio_uploads_total',
      help: 'Multipart uploads answered',
      labelNames,
      registers: [registry],
    });
    const uploadBytes = new client.Counter({
      name: 'refugio_upload_bytes_total',
      help: 'Bytes received in multipart uploads that succeeded (Content-Length)',
      labelNames: ['route'],
      registers: [registry],
    });
    new client.Gauge({
      name: 'refugio_db_pool_connections',
      help: 'Database connections: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = app.database.poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new client.Gauge({
      name: 'refugio_db_info',
      help: 'The database driver in use (value 1)',
      labelNames: ['driver'],
      registers: [registry],
      collect() {
        this.set({ driver: app.database.driver }, 1);
      },
    });

    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const labels = { method: request.method, route: routeLabel(request), status: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      if (request.headers['content-type']?.startsWith('multipart/')) {
        uploads.inc(labels);
        const size = Number(request.headers['content-length']);
        if (reply.statusCode < 400 && Number.isFinite(size)) uploadBytes.inc({ route: labels.route }, size);
      }
    });

    const expected = sha256(token);
    app.get('/api/metrics', { config: { access: 'token' }, schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!timingSafeEqual(sha256(given), expected)) throw new AppError('UNAUTHENTICATED');
      void reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics', dependencies: ['db', 'access'] },
);
