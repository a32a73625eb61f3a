import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { accessPlugin } from '../../src/plugins/access';

describe('route access declarations', () => {
  it('stops start-up when a route does not say who may call it, is missing from the permission table or disagrees with it', async () => {
    const app = Fastify();
    for (const name of ['session', 'security', 'budgets']) await app.register(fp(() => undefined, { name }));
    await app.register(accessPlugin);
    expect(() => app.get('/api/health', () => 'x')).toThrow(/no declara config.access/);
    expect(() => app.get('/api/olvidada', { config: { access: 'staff' } }, () => 'x')).toThrow(/GET \/api\/olvidada no está en la tabla de permisos/);
    expect(() => app.get('/api/users', { config: { access: 'public' } }, () => 'x')).toThrow(/declara public y la tabla de permisos dice usuarios/);
    app.get('/api/personas/:id', { config: { access: 'staff' } }, () => 'x');
    app.get('/api/health', { config: { access: 'public' } }, () => 'x');
    expect(app.routePermissions.get('GET /api/personas/{id}')).toBe('personas.ver');
    expect(app.routePermissions.get('GET /api/health')).toBe('public');
    await app.close();
  });
});
