import { createHash } from 'node:crypto';
import type { RegisterBookLine } from '@refugio/contracts';

/*
 * The chain of closed lines (DESIGN section 16): each closed line's hash is the SHA-256 (hex) of the previous closed
 * line's hash (GENESIS for the first), a line feed, and the line's canonical content: its fields but `hash`, `cadena`
 * and `hashAnterior`, keys in order, as JSON without spaces. docs/register-book.md is the text an inspector's own
 * tool is written from (and test/register-book/independent-verifier.test.ts a verifier written from it alone).
 */

export const GENESIS = '';

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([key, v]) => key !== 'hash' && v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, v]) => `${JSON.stringify(key)}:${canonical(v)}`).join(',')}}`;
}

/** What a closed line stores as frozen: the line without its hash and its place in the chain. */
export type FrozenLine = Omit<RegisterBookLine, 'hash' | 'cadena' | 'hashAnterior'>;

export function lineHash(previous: string, line: FrozenLine): string {
  return createHash('sha256').update(previous).update('\n').update(canonical(line)).digest('hex');
}
