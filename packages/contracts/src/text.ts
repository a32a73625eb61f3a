import { z } from 'zod';
import { isSafeText, textMessages } from './safe-text';
export * from './safe-text';

/**
 * `z.string()` for every text the API takes in: refuses what the database cannot store or a screen should not
 * show, with a Spanish message. Chain `.trim()`, `.min()`, `.max()`… as usual.
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, { message: textMessages.invalidCharacters, abort: true });
}
