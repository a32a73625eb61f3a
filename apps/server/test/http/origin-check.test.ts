import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../../src/plugins/error-handler';
import { originCheckPlugin } from '../../src/plugins/origin-check';
import { ADMIN, PUBLIC_URL, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/** Issue 9.1: a page on another origin (even on the same site) cannot use the administrator's cookie to change anything. */
describe('forged writes', () => {
  let t: TestApp;
  let admin: string;
  let staffId: string;

  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_ORIGINS: 'https://admin.refugio.example, http://localhost:5173/' });
    await t.createUser(ADMIN);
    staffId = await t.createUser(STAFF);
    admin = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  const isDisabled = async () => {
    const res = await t.app.inject({ url: '/api/users', headers: { cookie: admin } });
    return res.json<{ items: { id: string; disabled: boolean }[] }>().items.find((u) => u.id === staffId)?.disabled;
  };
  const disable = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/users/${staffId}/disable`, headers: { cookie: admin, ...headers } });

  it.each([
    ['another port of the same host', { origin: 'http://localhost:8080' }],
    ['another site', { origin: 'https://evil.example' }],
    ['an opaque origin', { origin: 'null' }],
    ['a Referer from another origin', { referer: 'http://localhost:8080/ataque.html' }],
    ['neither Origin nor Referer', {}],
    ['a text/plain form', { origin: 'http://localhost:8080', 'content-type': 'text/plain' }],
  ])('refuses a cookie write from %s and changes nothing', async (_name, headers) => {
    const res = await disable(headers);
    expectErrorShape(res, 403, 'FORBIDDEN');
    expect(await isDisabled()).toBe(false);
  });

  it('refuses forged deletes and multipart creates', async () => {
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${staffId}`, headers: { cookie: admin, origin: 'http://localhost:8080' } });
    expectErrorShape(del, 403, 'FORBIDDEN');
    const boundary = 'x1';
    const create = await t.app.inject({
      method: 'POST',
      url: '/phpApi/mascota/nueva',
      headers: { cookie: admin, origin: 'http://localhost:8080', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="nombre"\r\n\r\nFalsa\r\n--${boundary}\r\nContent-Disposition: form-data; name="edad"\r\n\r\n1\r\n--${boundary}--\r\n`,
    });
    expectErrorShape(create, 403, 'FORBIDDEN');
    const list = await t.app.inject({ url: '/phpApi/mascotas', headers: { cookie: admin } });
    expect(list.json<{ total: number }>().total).toBe(0);
  });

  it('accepts writes from PUBLIC_URL, TRUSTED_ORIGINS and a same-origin Referer', async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: PUBLIC_URL },
      { origin: 'https://admin.refugio.example' },
      { origin: 'http://localhost:5173' },
      { referer: `${PUBLIC_URL}/usuarios` },
    ]) {
      const res = await disable(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      await t.app.inject({ method: 'POST', url: `/api/users/${staffId}/enable`, headers: { cookie: admin, origin: PUBLIC_URL } });
    }
  });

  it('refuses a forged sign-out and sign-in from another origin', async () => {
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: admin, origin: 'http://localhost:8080' } });
    expectErrorShape(out, 403, 'FORBIDDEN');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:8080' },
      payload: { email: STAFF.email, password: STAFF.password },
    });
    expectErrorShape(signIn, 403, 'FORBIDDEN');
  });

  it('refuses a content type a body-less write does not take, even from the right origin', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await disable({ origin: PUBLIC_URL, 'content-type': type });
      expectErrorShape(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await isDisabled()).toBe(false);
  });

  it('lets a Bearer-token client without cookies write without an Origin (it cannot be forged by a page)', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL },
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    const token = signIn.json<{ token: string }>().token;
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${staffId}/disable`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/users/${staffId}/enable`, headers: { cookie: admin, origin: PUBLIC_URL } });
  });

  it('lets routes declared crossSite take writes from any origin, and only them', async () => {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    await app.register(originCheckPlugin, { trustedOrigins: [PUBLIC_URL] });
    app.post('/publico', { config: { crossSite: true } }, () => ({ ok: true }));
    app.post('/privado', () => ({ ok: true }));
    const evil = { origin: 'https://evil.example', 'content-type': 'application/json' };
    expect((await app.inject({ method: 'POST', url: '/publico', headers: evil, payload: '{}' })).statusCode).toBe(200);
    expectErrorShape(await app.inject({ method: 'POST', url: '/privado', headers: { ...evil, cookie: 'a=b' }, payload: '{}' }), 403, 'FORBIDDEN');
    await app.close();
  });
});
