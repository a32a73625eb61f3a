import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP minimum (m=19 MiB, t=2, p=1). `Algorithm` is a const enum in the package's
 * typings, which isolated modules cannot inline, hence the literal 2 (Argon2id).
 */
const ARGON2ID = 2;
export const argon2Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword({ hash: encoded, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(encoded, password);
  } catch {
    // A malformed stored hash is a failed verification, not a server error.
    return false;
  }
}
