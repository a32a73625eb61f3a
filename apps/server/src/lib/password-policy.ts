import { userMessages } from '@refugio/contracts';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import type * as ZxcvbnSpanish from '@zxcvbn-ts/language-es-es';
import { requireLazily } from './lazy-modules';

/** Words anyone would try first against this organisation's accounts. */
const ORGANISATION_WORDS = [
  'refugio',
  'refugioadmin',
  'admin',
  'administrador',
  'equipo',
  'mascota',
  'mascotas',
  'adopcion',
  'adopta',
  'perro',
  'gato',
  'conejo',
];

/** zxcvbn score (0-4) a password needs: 2 means more than 10^6 guesses with the dictionaries and context words. */
const MIN_SCORE = 2;

interface Zxcvbn {
  zxcvbn: typeof ZxcvbnCore.zxcvbn;
  commonSet: Set<string>;
}
let library: Zxcvbn | undefined;

/** zxcvbn and its dictionaries (large), loaded and configured the first time a password is checked. */
function zxcvbnLibrary(): Zxcvbn {
  if (library) return library;
  const core = requireLazily<typeof ZxcvbnCore>('@zxcvbn-ts/core');
  const common = requireLazily<typeof ZxcvbnCommon>('@zxcvbn-ts/language-common');
  const spanish = requireLazily<typeof ZxcvbnSpanish>('@zxcvbn-ts/language-es-es');
  core.zxcvbnOptions.setOptions({ dictionary: { ...common.dictionary, ...spanish.dictionary }, graphs: common.adjacencyGraphs });
  library = { zxcvbn: core.zxcvbn, commonSet: new Set(common.dictionary.passwords.map((p) => p.toLowerCase())) };
  return library;
}

/** True for passwords found in the list of the most used (and first guessed) passwords. */
export function isCommonPassword(password: string): boolean {
  return zxcvbnLibrary().commonSet.has(password.toLowerCase());
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The person's own data that must not make up a password: e-mail, its parts, names. */
function contextWords(person: { email?: string; name?: string; lastname?: string }): string[] {
  const words = [...ORGANISATION_WORDS];
  const email = fold(person.email ?? '');
  if (email) words.push(email, ...email.split(/[@.+_-]/));
  for (const name of [person.name, person.lastname]) words.push(...fold(name ?? '').split(/\s+/));
  return [...new Set(words.filter((w) => w.length >= 3))];
}

/**
 * ASVS 5.0 V6.2: at least 8 characters (checked by the schemas), not a common or breached password, not built
 * from context words (the organisation's, the person's e-mail and names), and not the current one.
 * Returns the Spanish reason, or undefined when the password is acceptable.
 */
export function passwordWeakness(
  password: string,
  person: { email?: string; name?: string; lastname?: string; currentPassword?: string },
): string | undefined {
  if (person.currentPassword !== undefined && password === person.currentPassword) return userMessages.passwordSameAsCurrent;
  if (password.trim() === '' || new Set(password).size < 3) return userMessages.passwordTooWeak;
  if (isCommonPassword(password)) return userMessages.passwordTooCommon;
  const words = contextWords(person);
  // A context word plus a few digits or symbols ('Refugio.2026') is what an attacker tries first.
  const letters = fold(password).replace(/[^a-z]/g, '');
  let rest = letters;
  for (const word of words.filter((w) => w.length >= 4).sort((a, b) => b.length - a.length)) rest = rest.split(word.replace(/[^a-z]/g, '')).join('');
  if (letters.length > 0 && rest.length < 4 && rest.length < letters.length) return userMessages.passwordPersonal;
  const result = zxcvbnLibrary().zxcvbn(password, words);
  if (result.score >= MIN_SCORE) return undefined;
  const personal = result.sequence.some((m) => m.pattern === 'dictionary' && 'dictionaryName' in m && m.dictionaryName === 'userInputs');
  return personal ? userMessages.passwordPersonal : userMessages.passwordTooWeak;
}
