import { createHmac, timingSafeEqual } from 'node:crypto';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { TotpStepsRepository } from './totp-steps.repository';

/** The app codes' shape, as auth.ts gives them to better-auth's two-factor plugin (its window is one step either side). */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const TOTP_WINDOW = 1;
/** better-auth's prefix for a secret kept in base32 (imported from elsewhere); its own secrets are text used as UTF-8. */
const BASE32_PREFIX = 'base32:';
/** better-auth's name for the cookie of a sign-in waiting for its second step. */
const TWO_FACTOR_COOKIE = 'two_factor';
const VERIFY_TOTP = '/two-factor/verify-totp';

function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 4226's HOTP (HMAC-SHA-1, dynamic truncation) of `counter`. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS).toString().padStart(TOTP_DIGITS, '0');
}

/** The latest 30-second step within the plugin's window whose code is `code`, or undefined when none is. */
export function matchingTotpStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return undefined;
  const key = secret.startsWith(BASE32_PREFIX) ? base32Bytes(secret.slice(BASE32_PREFIX.length)) : Buffer.from(secret, 'utf8');
  const current = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
  for (let offset = TOTP_WINDOW; offset >= -TOTP_WINDOW; offset--) {
    if (timingSafeEqual(Buffer.from(hotp(key, current + offset)), Buffer.from(code))) return current + offset;
  }
  return undefined;
}

/**
 * A code of the app is used once (RFC 6238 section 5.2): before better-auth's two-factor plugin checks a code
 * (`POST /two-factor/verify-totp`, at enrolment or at a sign-in's second step), the step the code belongs to is
 * claimed for the account; a code of a step already used, or older, is refused as a wrong code. better-auth alone
 * accepts one code on as many sign-ins as fit in its window. A code that matches no step is left to the plugin,
 * which refuses it and counts the failure.
 */
export function createTotpReplayGuard(steps: TotpStepsRepository) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== VERIFY_TOTP) return;
    const code: unknown = (ctx.body as { code?: unknown } | undefined)?.code;
    if (typeof code !== 'string') return;
    const session = await getSessionFromCtx(ctx).catch(() => null);
    let userId = session?.user.id;
    if (!userId) {
      const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
      const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
      if (pending) userId = (await ctx.context.internalAdapter.findVerificationValue(pending))?.value;
    }
    if (!userId) return;
    const stored = await steps.secretOf(userId);
    if (!stored) return;
    const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: stored });
    const step = matchingTotpStep(secret, code.trim());
    if (step === undefined) return;
    if (!(await steps.claim(userId, step))) throw new APIError('UNAUTHORIZED', { message: 'Invalid code', code: 'INVALID_CODE' });
  });
}
