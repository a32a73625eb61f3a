import { describe, expect, it } from 'vitest';
import { hashLinkToken, linkTokenHash, newLinkToken } from './link-token';

describe('public link tokens', () => {
  it('a new token is 256 random bits in base64url, stored only as its hash', () => {
    const tokens = Array.from({ length: 100 }, () => newLinkToken());
    for (const { token, tokenHash } of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(tokenHash).toBe(hashLinkToken(token));
      expect(tokenHash).not.toContain(token);
    }
    expect(new Set(tokens.map((t) => t.token)).size).toBe(100);
  });

  it('what a stranger sends is looked up by its hash, or not at all when it cannot be one of ours', () => {
    const { token, tokenHash } = newLinkToken();
    expect(linkTokenHash(token)).toBe(tokenHash);
    for (const sent of [
      undefined,
      null,
      42,
      '',
      'corto',
      'a'.repeat(101),
      `${token.slice(0, 30)}/../x`,
      `${token}\u0000`,
      `${token}\u202e`,
      ' '.repeat(43),
    ]) {
      expect(linkTokenHash(sent)).toBeUndefined();
    }
  });
});
