import { requestJson } from '../../../lib/api-client';

/** After a sign-in whose account must enrol first (REQUIRE_TWO_FACTOR): the login sends it to the enrolment. */
export const ENROL_FLAG = 'refugio.activar-dos-pasos';
export const TWO_FACTOR_PATH = '/cuenta/dos-pasos';

export interface Enrolment {
  totpURI: string;
  backupCodes: string[];
}

export async function enableTwoFactor(password: string): Promise<Enrolment> {
  return (await requestJson('/api/auth/two-factor/enable', { method: 'POST', json: { password } })) as Enrolment;
}

/** A code of the authenticator app (6 digits) or a backup code, for enrolment or for a sign-in's second step. */
export async function verifyTwoFactorCode(code: string): Promise<void> {
  const trimmed = code.replace(/\s+/g, '');
  const url = /^\d{6}$/.test(trimmed) ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code';
  await requestJson(url, { method: 'POST', json: { code: trimmed } });
}

/** New backup codes (the password again): the old ones stop working. */
export async function generateBackupCodes(password: string): Promise<string[]> {
  const answer = (await requestJson('/api/auth/two-factor/generate-backup-codes', { method: 'POST', json: { password } })) as {
    backupCodes: string[];
  };
  return answer.backupCodes;
}

/** Turns the second step off (the password again); refused for a role that must have it (REQUIRE_TWO_FACTOR). */
export async function disableTwoFactor(password: string): Promise<void> {
  await requestJson('/api/auth/two-factor/disable', { method: 'POST', json: { password } });
}
