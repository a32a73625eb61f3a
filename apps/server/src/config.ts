import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_FOLLOWUP_DAYS, DEFAULT_ORG_TIME_ZONE, isValidTimeZone, parseFollowupDays, publicationMessages } from '@refugio/contracts';
import { z } from 'zod';
import { type CountryCode, isSupportedCountry } from 'libphonenumber-js/max';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Names proxy-addr understands for groups of addresses. */
const PROXY_ADDRESS_GROUPS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_ADDRESS_GROUPS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxies may tell the client address (X-Forwarded-For is read right to left, skipping only
 * these). `false` trusts none; a number trusts that many hops; a list trusts those addresses or CIDR networks.
 * A bare `true` means one hop (one reverse proxy in front): trusting every hop would let a client choose its
 * own address by writing the leftmost value.
 */
export function parseTrustProxy(value: string): false | number | string[] | undefined {
  const v = value.toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const entries = v.split(',').map((e) => e.trim());
  return entries.every((e) => e !== '' && isAddressOrCidr(e)) ? entries : undefined;
}

/** A request budget: a whole number of requests per window, `0` turns it off. */
const budget = (fallback: number) => z.coerce.number().int().min(0).max(100_000_000).default(fallback);

/** A time limit in seconds (decimals allowed), from a tenth of a second to an hour. */
const seconds = (fallback: number) =>
  z.coerce.number().min(0.1, 'debe ser al menos 0.1 segundos').max(3600, 'debe ser como mucho 3600 segundos').default(fallback);

/** The environment contract of DESIGN sections 3 and 8. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'debe ser una URL postgres:// o postgresql://' }).optional()),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalString.pipe(z.url({ error: 'debe ser una URL' }).optional()),
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: booleanString,
    PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'debe ser una URL http(s)://' }).optional()),
    TRUSTED_ORIGINS: z
      .string()
      .default('')
      .transform((v, ctx) => {
        const origins: string[] = [];
        for (const entry of v.split(',').map((e) => e.trim())) {
          if (entry === '') continue;
          const url = URL.canParse(entry) ? new URL(entry) : undefined;
          if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
            ctx.addIssue({ code: 'custom', message: `debe ser una lista de URLs http(s):// separadas por comas ("${entry}" no lo es)` });
            return z.NEVER;
          }
          origins.push(url.origin);
        }
        return origins;
      }),
    AUTH_SECRET: optionalString.pipe(z.string().min(32, 'debe tener al menos 32 caracteres').optional()),
    ADMIN_EMAIL: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: 'debe ser un correo válido' }))
      .default('admin@refugio.local'),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'debe tener al menos 8 caracteres').max(128).optional()),
    AI_PROVIDER: z.enum(['gemini', 'openai', 'none']).optional(),
    GEMINI_API_KEY: optionalString,
    GEMINI_MODEL: z.string().trim().min(1).default('gemini-2.5-flash'),
    GEMINI_BASE_URL: z.url().default('https://generativelanguage.googleapis.com/v1beta'),
    OPENAI_BASE_URL: optionalString.pipe(z.url({ error: 'debe ser una URL' }).optional()),
    OPENAI_API_KEY: optionalString,
    OPENAI_MODEL: optionalString,
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    AI_REQUESTS_PER_MINUTE: budget(20),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    SIGN_IN_ATTEMPTS_PER_MINUTE: budget(5),
    USER_REQUESTS_PER_MINUTE: budget(600),
    ANON_REQUESTS_PER_MINUTE: budget(300),
    PUBLIC_SUBMISSIONS_PER_HOUR: budget(20),
    PUBLIC_UPLOAD_MB_PER_DAY: budget(300),
    PUBLIC_UPLOAD_MB_PER_DAY_TOTAL: budget(5000),
    REQUEST_TIMEOUT_SECONDS: seconds(60),
    UPLOAD_IDLE_SECONDS: seconds(30),
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(200),
    REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/, error: 'debe ser una URL redis:// o rediss://' }).optional()),
    SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
    REQUIRE_TWO_FACTOR: booleanString,
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'debe tener al menos 16 caracteres').optional()),
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/, error: 'debe ser una URL smtp:// o smtps://' }).optional()),
    MAIL_FROM: optionalString.pipe(z.string().max(300).optional()),
    ORG_TIME_ZONE: z
      .string()
      .trim()
      .transform((v) => (v === '' ? DEFAULT_ORG_TIME_ZONE : v))
      .pipe(z.string().refine(isValidTimeZone, publicationMessages.timeZoneInvalid))
      .default(DEFAULT_ORG_TIME_ZONE),
    ORG_COUNTRY: z
      .string()
      .trim()
      .transform((v) => (v === '' ? 'ES' : v.toUpperCase()))
      .pipe(z.string().refine(isSupportedCountry, 'debe ser un código de país de dos letras (ES, MX, AR, ...)'))
      .default('ES'),
    ORG_NAME: optionalString.pipe(z.string().max(200).optional()),
    ADOPTION_FOLLOWUP_DAYS: z
      .string()
      .trim()
      .default(DEFAULT_FOLLOWUP_DAYS.join(','))
      .transform((v, ctx) => {
        const parsed = parseFollowupDays(v === '' ? DEFAULT_FOLLOWUP_DAYS.join(',') : v);
        if (parsed.ok) return parsed.days;
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }),
    ORG_CONTACT_EMAIL: optionalString.pipe(z.email({ error: 'debe ser una dirección de correo' }).optional()),
    ORG_CONTACT_PHONE: optionalString.pipe(z.string().max(50).optional()),
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((v, ctx) => {
        const trust = parseTrustProxy(v);
        if (trust === undefined) {
          ctx.addIssue({
            code: 'custom',
            message:
              'debe ser false, un número de proxies (1 = un proxy inverso delante) o una lista de direcciones o redes CIDR de los proxies separadas por comas',
          });
          return z.NEVER;
        }
        return trust;
      }),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'es obligatoria cuando STORAGE_DRIVER=s3' });
      }
    }
    if (env.AI_PROVIDER === 'gemini' && !env.GEMINI_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['GEMINI_API_KEY'], message: 'es obligatoria cuando AI_PROVIDER=gemini' });
    }
    if (env.AI_PROVIDER === 'openai' && (!env.OPENAI_BASE_URL || !env.OPENAI_MODEL)) {
      const key = env.OPENAI_BASE_URL ? 'OPENAI_MODEL' : 'OPENAI_BASE_URL';
      ctx.addIssue({ code: 'custom', path: [key], message: 'es obligatoria cuando AI_PROVIDER=openai' });
    }
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  storage:
    | { driver: 'local' }
    | {
        driver: 's3';
        bucket: string;
        endpoint: string | undefined;
        region: string | undefined;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  publicUrl: string;
  /** Origins allowed to send state-changing requests with the session cookie: PUBLIC_URL's and TRUSTED_ORIGINS. */
  trustedOrigins: string[];
  authSecret: string | undefined;
  admin: { email: string; password: string | undefined };
  aiLimits: { timeoutMs: number; perUserPerMinute: number };
  ai:
    | { provider: 'none' }
    | { provider: 'gemini'; apiKey: string; model: string; baseUrl: string }
    | { provider: 'openai'; baseUrl: string; apiKey: string | undefined; model: string };
  logLevel: (typeof LOG_LEVELS)[number];
  signInAttemptsPerMinute: number;
  /** REQUIRE_TWO_FACTOR: Administrador and Tesorería accounts must have the second step (DESIGN section 20). */
  requireTwoFactor: boolean;
  /** Request budgets (DESIGN section 8); 0 turns one off. */
  budgets: {
    userPerMinute: number;
    anonPerMinute: number;
    publicSubmissionsPerHour: number;
    /** Megabytes of public uploads a day per client address (PUBLIC_UPLOAD_MB_PER_DAY) and for the instance. */
    publicUploadMbPerDay: number;
    publicUploadMbPerDayTotal: number;
  };
  /** Slow and greedy clients (DESIGN section 8). */
  connections: {
    /** A request's body must have arrived within this long (REQUEST_TIMEOUT_SECONDS). */
    requestTimeoutMs: number;
    /** An upload (multipart body) may take longer, but is closed after this long without a byte (UPLOAD_IDLE_SECONDS). */
    uploadIdleMs: number;
    /** Open connections per client address (MAX_CONNECTIONS_PER_ADDRESS); 0 turns the cap off. */
    maxPerAddress: number;
  };
  /** Shared store of the budgets' counters; the database when unset. */
  redisUrl: string | undefined;
  /** How long a session lookup is reused in the process (seconds; 0 = look it up on every request). */
  sessionCacheSeconds: number;
  /** Bearer token of GET /api/metrics; metrics are off when unset. */
  metricsToken: string | undefined;
  /** Outgoing e-mail (SMTP_URL, with its credentials: never shown); unset, messages are kept as `sin_configurar`. */
  smtpUrl: string | undefined;
  /** The From of every e-mail (MAIL_FROM), e.g. `Refugio <hola@refugio.org>`. */
  mailFrom: string | undefined;
  /** false, a number of trusted hops, or the trusted proxies' addresses/CIDRs (Fastify's trustProxy). */
  trustProxy: false | number | string[];
  /** IANA time zone of the organisation: publication dates are chosen in it, "today" and "this month" are its. */
  orgTimeZone: string;
  /** ISO country whose phone numbers may be written without the international prefix (ORG_COUNTRY, default ES). */
  orgCountry: CountryCode;
  /** How the public reaches the organisation (ORG_NAME, ORG_CONTACT_EMAIL, ORG_CONTACT_PHONE); read through `organization.ts`. */
  orgContact: { nombre: string | null; email: string | null; telefono: string | null };
  /** Days after an adoption opens when the adopter gets a check-in (ADOPTION_FOLLOWUP_DAYS, default 3,21,90). */
  adoptionFollowupDays: number[];
};

/** Raised when the environment is invalid: its message names the variable, and start-up stops. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'entorno');
    const received = env[variable];
    const shown = received === undefined || /SECRET|PASSWORD|KEY|TOKEN|REDIS_URL|SMTP_URL/.test(variable) ? '' : ` (valor recibido: "${received}")`;
    throw new ConfigError(`Configuración no válida: la variable ${variable} ${issue?.message ?? 'no es válida'}${shown}.`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const aiProvider = e.AI_PROVIDER ?? (e.GEMINI_API_KEY ? 'gemini' : 'none');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET ?? '',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local' },
    publicUrl,
    trustedOrigins: [...new Set([new URL(publicUrl).origin, ...e.TRUSTED_ORIGINS])],
    authSecret: e.AUTH_SECRET,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    ai:
      aiProvider === 'gemini'
        ? { provider: 'gemini', apiKey: e.GEMINI_API_KEY ?? '', model: e.GEMINI_MODEL, baseUrl: e.GEMINI_BASE_URL.replace(/\/+$/, '') }
        : aiProvider === 'openai'
          ? { provider: 'openai', baseUrl: e.OPENAI_BASE_URL ?? '', apiKey: e.OPENAI_API_KEY, model: e.OPENAI_MODEL ?? '' }
          : { provider: 'none' },
    aiLimits: { timeoutMs: e.AI_TIMEOUT_MS, perUserPerMinute: e.AI_REQUESTS_PER_MINUTE },
    logLevel: e.LOG_LEVEL,
    signInAttemptsPerMinute: e.SIGN_IN_ATTEMPTS_PER_MINUTE,
    requireTwoFactor: e.REQUIRE_TWO_FACTOR,
    budgets: {
      userPerMinute: e.USER_REQUESTS_PER_MINUTE,
      anonPerMinute: e.ANON_REQUESTS_PER_MINUTE,
      publicSubmissionsPerHour: e.PUBLIC_SUBMISSIONS_PER_HOUR,
      publicUploadMbPerDay: e.PUBLIC_UPLOAD_MB_PER_DAY,
      publicUploadMbPerDayTotal: e.PUBLIC_UPLOAD_MB_PER_DAY_TOTAL,
    },
    connections: {
      requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      uploadIdleMs: Math.round(e.UPLOAD_IDLE_SECONDS * 1000),
      maxPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    },
    redisUrl: e.REDIS_URL,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    orgTimeZone: e.ORG_TIME_ZONE,
    orgCountry: e.ORG_COUNTRY,
    orgContact: { nombre: e.ORG_NAME ?? null, email: e.ORG_CONTACT_EMAIL ?? null, telefono: e.ORG_CONTACT_PHONE ?? null },
    adoptionFollowupDays: e.ADOPTION_FOLLOWUP_DAYS,
  };
}
