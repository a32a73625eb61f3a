import { createHash, randomBytes } from 'node:crypto';

/*
 * The token of every public link (a foster's portal, a document to sign, an adopter's follow-up, and those to come:
 * inspection, volunteer, lost-and-found, sponsor). The link carries a long random token; the database keeps only its
 * SHA-256, so a copy of the database opens no link. A token that cannot be one of ours is refused before any read,
 * and an unknown, expired or revoked token answers the same 404 wherever it is checked.
 */

/** Random bytes in a token: 256 bits, written in 43 base64url characters. */
const TOKEN_BYTES = 32;
/** Tokens made before this helper were as long; anything outside this range was never issued. */
const MIN_LENGTH = 20;
const MAX_LENGTH = 100;

/** A new link: the token to send (never stored) and the hash to store. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

/** The stored form of a token. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * The hash to look up for what a stranger sent, or undefined when it cannot be a token of ours (not a string, too
 * short or too long, or with characters base64url has not): the caller answers its usual 404 without a read.
 */
export function linkTokenHash(sent: unknown): string | undefined {
  if (typeof sent !== 'string' || sent.length < MIN_LENGTH || sent.length > MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(sent)) return undefined;
  return hashLinkToken(sent);
}
