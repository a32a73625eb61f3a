import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { user } from '../../src/db/schema';
import { type TestApp, createTestApp } from '../helpers/helpers';

describe('first administrator', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is created from ADMIN_EMAIL/ADMIN_PASSWORD when no user exists, and can sign in', async () => {
    t = await createTestApp();
    const result = await t.app.usersService.ensureFirstAdmin({ email: 'jefa@refugio.test', password: 'clave-inicial-1' });
    expect(result).toEqual({ created: true, email: 'jefa@refugio.test', generatedPassword: undefined });
    const [row] = await t.database.db.select().from(user).where(eq(user.email, 'jefa@refugio.test'));
    expect(row?.role).toBe('Administrador');
    await expect(t.signIn('jefa@refugio.test', 'clave-inicial-1')).resolves.toContain('session_token');
  });

  it('gets a generated password when none is configured, which signs in', async () => {
    t = await createTestApp();
    const result = await t.app.usersService.ensureFirstAdmin({ email: 'admin@refugio.local', password: undefined });
    if (!result.created || !result.generatedPassword) throw new Error('expected a generated password');
    expect(result.generatedPassword.length).toBeGreaterThanOrEqual(16);
    await expect(t.signIn('admin@refugio.local', result.generatedPassword)).resolves.toContain('session_token');
  });

  it('is not created when users exist, and exactly once when instances start together', async () => {
    t = await createTestApp();
    const db = t.database.db;
    const users = t.app.usersService;
    const results = await Promise.all([1, 2, 3].map(() => users.ensureFirstAdmin({ email: 'a@refugio.test', password: 'clave-inicial-1' })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect((await db.select({ n: count() }).from(user))[0]?.n).toBe(1);
    expect(await users.ensureFirstAdmin({ email: 'b@refugio.test', password: 'clave-inicial-1' })).toEqual({ created: false });
  });
});
