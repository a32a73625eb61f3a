import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      storage: { driver: 'local' },
      publicUrl: 'http://localhost:3000',
      admin: { email: 'admin@refugio.local', password: undefined },
      ai: { provider: 'none' },
      logLevel: 'info',
      orgTimeZone: 'Europe/Madrid',
      connections: { requestTimeoutMs: 60_000, uploadIdleMs: 30_000, maxPerAddress: 200 },
    });
    expect(config.budgets).toMatchObject({ publicUploadMbPerDay: 300, publicUploadMbPerDayTotal: 5000 });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads the slow-client limits and the byte budgets of public uploads', () => {
    const config = loadConfig({
      REQUEST_TIMEOUT_SECONDS: '90',
      UPLOAD_IDLE_SECONDS: '0.5',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      PUBLIC_UPLOAD_MB_PER_DAY: '50',
      PUBLIC_UPLOAD_MB_PER_DAY_TOTAL: '0',
    });
    expect(config.connections).toEqual({ requestTimeoutMs: 90_000, uploadIdleMs: 500, maxPerAddress: 0 });
    expect(config.budgets).toMatchObject({ publicUploadMbPerDay: 50, publicUploadMbPerDayTotal: 0 });
  });

  it('trusts PUBLIC_URL and TRUSTED_ORIGINS as origins', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://admin.refugio.org/', TRUSTED_ORIGINS: 'http://10.0.0.5:3000/ruta, https://admin.refugio.org' });
    expect(config.trustedOrigins).toEqual(['https://admin.refugio.org', 'http://10.0.0.5:3000']);
  });

  it.each([
    ['', false],
    ['false', false],
    ['true', 1],
    ['2', 2],
    ['127.0.0.1, 10.0.0.0/8, ::1, loopback', ['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('chooses gemini when a key is present, and the public URL follows the port', () => {
    const config = loadConfig({ GEMINI_API_KEY: 'k', PORT: '8080' });
    expect(config.ai).toMatchObject({ provider: 'gemini', apiKey: 'k' });
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ STORAGE_DRIVER: 'ftp' }, 'STORAGE_DRIVER'],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET'],
    [{ PUBLIC_URL: 'no es una url' }, 'PUBLIC_URL'],
    [{ AUTH_SECRET: 'corto' }, 'AUTH_SECRET'],
    [{ ADMIN_EMAIL: 'no-es-correo' }, 'ADMIN_EMAIL'],
    [{ AI_PROVIDER: 'gemini' }, 'GEMINI_API_KEY'],
    [{ AI_PROVIDER: 'openai' }, 'OPENAI_BASE_URL'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ ORG_TIME_ZONE: 'Europa/Madrid' }, 'ORG_TIME_ZONE'],
    [{ TRUST_PROXY: 'si' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, proxy.interno' }, 'TRUST_PROXY'],
    [{ TRUSTED_ORIGINS: 'https://ok.example, ftp://no' }, 'TRUSTED_ORIGINS'],
    [{ REQUEST_TIMEOUT_SECONDS: '0' }, 'REQUEST_TIMEOUT_SECONDS'],
    [{ UPLOAD_IDLE_SECONDS: 'mucho' }, 'UPLOAD_IDLE_SECONDS'],
    [{ MAX_CONNECTIONS_PER_ADDRESS: '-1' }, 'MAX_CONNECTIONS_PER_ADDRESS'],
    [{ PUBLIC_UPLOAD_MB_PER_DAY: '1.5' }, 'PUBLIC_UPLOAD_MB_PER_DAY'],
    [{ PUBLIC_UPLOAD_MB_PER_DAY_TOTAL: 'x' }, 'PUBLIC_UPLOAD_MB_PER_DAY_TOTAL'],
    [{ ADOPTION_FOLLOWUP_DAYS: '21,3' }, 'ADOPTION_FOLLOWUP_DAYS'],
    [{ ADOPTION_FOLLOWUP_DAYS: '0,3' }, 'ADOPTION_FOLLOWUP_DAYS'],
    [{ ADOPTION_FOLLOWUP_DAYS: '1,2,3,4,5,6,7,8,9,10,11' }, 'ADOPTION_FOLLOWUP_DAYS'],
  ])('stops with one message naming the variable for %j', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`variable ${variable} `));
  });

  it('plans check-ins at ADOPTION_FOLLOWUP_DAYS, 3, 21 and 90 days by default', () => {
    expect(loadConfig({}).adoptionFollowupDays).toEqual([3, 21, 90]);
    expect(loadConfig({ ADOPTION_FOLLOWUP_DAYS: '1, 2' }).adoptionFollowupDays).toEqual([1, 2]);
  });

  it('takes the organisation time zone from ORG_TIME_ZONE', () => {
    expect(loadConfig({ ORG_TIME_ZONE: 'America/Mexico_City' }).orgTimeZone).toBe('America/Mexico_City');
  });

  it('never echoes a secret value in the message', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'corto-secreto' })).not.toThrow(/corto-secreto/);
  });
});
