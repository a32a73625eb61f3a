import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/** True for passwords found in the list of the most used (and first guessed) passwords. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary.passwords.map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
