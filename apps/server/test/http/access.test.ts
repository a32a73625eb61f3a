import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { accessPlugin } from '../../src/plugins/access';

describe('route access declarations', () => {
  it('stops start-up when a route does not say who may call it', async () => {
    const app = Fastify();
    for (const name of ['session', 'security', 'budgets']) await app.register(fp(() => undefined, { name }));
    await app.register(accessPlugin);
    expect(() => app.get('/api/olvidada', () => 'x')).toThrow(/no declara config.access/);
    app.get('/api/declarada', { config: { access: 'public' } }, () => 'x');
    expect(app.routeAccess.get('GET /api/declarada')).toBe('public');
    await app.close();
  });
});
