import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PUBLIC_URL, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

const TOKEN = 'token-de-metricas-de-prueba-123';

describe('GET /api/metrics', () => {
  let t: TestApp;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    await t.createUser(ADMIN);
    adminCookie = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  it('needs the bearer token: nobody else, not even an administrator, reads it', async () => {
    expectErrorShape(await t.app.inject('/api/metrics'), 401, 'UNAUTHENTICATED');
    expectErrorShape(await t.app.inject({ url: '/api/metrics', headers: { authorization: 'Bearer otro-token-cualquiera' } }), 401, 'UNAUTHENTICATED');
    expectErrorShape(await t.app.inject({ url: '/api/metrics', headers: { cookie: adminCookie } }), 401, 'UNAUTHENTICATED');
  });

  it('answers the Prometheus text format: requests by route and status, durations, database, uploads and memory', async () => {
    await t.app.inject('/api/health');
    await t.app.inject({ url: '/phpApi/mascotas', headers: { cookie: adminCookie } });
    await t.app.inject('/phpApi/mascotas');
    await t.app.inject({
      method: 'POST',
      url: '/phpApi/mascota/nueva',
      headers: { cookie: adminCookie, origin: PUBLIC_URL, 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="nombre"\r\n\r\nLuna\r\n--x\r\nContent-Disposition: form-data; name="edad"\r\n\r\n2\r\n--x--\r\n',
    });
    const res = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/phpApi\/mascotas",status="200"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/phpApi\/mascotas",status="401"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/health",status="200"\} 1$/m);
    expect(text).toMatch(/^refugio_uploads_total\{method="POST",route="\/phpApi\/mascota\/nueva",status="200"\} 1$/m);
    expect(text).toMatch(/^refugio_upload_bytes_total\{route="\/phpApi\/mascota\/nueva"\} \d+$/m);
    expect(text).toMatch(/^refugio_db_pool_connections\{state="total"\} [1-9]/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  it('are off', async () => {
    const t = await createTestApp();
    expectErrorShape(await t.app.inject('/api/metrics'), 404, 'NOT_FOUND');
    expectErrorShape(await t.app.inject({ url: '/api/metrics', headers: { authorization: 'Bearer ' } }), 404, 'NOT_FOUND');
    await t.close();
  });
});
