import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_URL, STAFF, type TestApp, createTestApp } from '../helpers/helpers';

/** Issue 9.2: behind a proxy, the client address is the one the trusted proxy saw, never what the client wrote. */
describe('client address behind a proxy', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  const wrongSignIns = async (app: TestApp, forwardedFor: (i: number) => string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: PUBLIC_URL, 'x-forwarded-for': forwardedFor(i) },
        // A different account each time: failures also count per account, and this test is about addresses.
        payload: { email: `nadie-${i}@refugio.test`, password: 'no-es-la-clave' },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  it.each(['true', '1'])('TRUST_PROXY=%s trusts one proxy: a forged leftmost X-Forwarded-For does not escape the sign-in limit', async (value) => {
    t = await createTestApp({ TRUST_PROXY: value, SIGN_IN_ATTEMPTS_PER_MINUTE: '5' });
    await t.createUser(STAFF);
    // The client writes any address; the proxy appends the one it saw (203.0.113.7).
    const statuses = await wrongSignIns(t, (i) => `198.51.100.${i}, 203.0.113.7`);
    expect(statuses).toContain(429);
  });

  it('TRUST_PROXY with a list of proxy addresses skips only those, right to left', async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8', SIGN_IN_ATTEMPTS_PER_MINUTE: '5' });
    await t.createUser(STAFF);
    const statuses = await wrongSignIns(t, (i) => `198.51.100.${i}, 203.0.113.7, 10.1.2.3`);
    expect(statuses).toContain(429);
  });

  it('keeps clients apart behind a trusted proxy', async () => {
    t = await createTestApp({ TRUST_PROXY: '1', SIGN_IN_ATTEMPTS_PER_MINUTE: '5' });
    await t.createUser(STAFF);
    const statuses = await wrongSignIns(t, (i) => `203.0.113.${i}`);
    expect(statuses).not.toContain(429);
  });
});
