import { hasControlCharacters, userMessages } from '@refugio/contracts';
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
  'adoptame',
  'protectora',
  'perro',
  'perros',
  'gato',
  'gatos',
  'conejo',
];

/** The words a password is first guessed from, with a year or a few digits after them ('Password2026!'). */
const GUESSED_FIRST_WORDS = [
  'password',
  'passw0rd',
  'contrasena',
  'contrasenya',
  'secreto',
  'bienvenido',
  'bienvenida',
  'welcome',
  'usuario',
  'acceso',
  'hola',
  'qwerty',
  'letmein',
  'cambiame',
  'primavera',
  'verano',
  'otono',
  'invierno',
];

/** Words too common in good passphrases to strip ('clave-del-equipo-7'), but guessed first when alone ('Clave2026!'). */
const GUESSED_WHEN_ALONE = new Set(['clave', 'temporal', 'secreta', 'nueva']);

/** Domains of personal mailboxes: not words of the organisation. */
const MAIL_PROVIDERS = new Set(['gmail', 'googlemail', 'hotmail', 'outlook', 'live', 'yahoo', 'icloud', 'proton', 'protonmail', 'gmx']);

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

/**
 * The organisation's own words: the fixed list plus the labels of the address it is served at
 * (`https://refugio-los-amigos.org` gives 'refugio-los-amigos', 'refugiolosamigos' and 'amigos').
 */
export function organisationWords(publicUrl?: string): string[] {
  const words = [...ORGANISATION_WORDS];
  if (!publicUrl) return words;
  let host = '';
  try {
    host = new URL(publicUrl).hostname;
  } catch {
    return words;
  }
  const labels = host.split('.').filter((label) => label !== 'www' && label !== 'localhost' && !/^\d+$/.test(label));
  // The last label is the top-level domain ('org', 'es'): not the organisation's.
  for (const label of labels.slice(0, -1)) words.push(label, label.replace(/-/g, ''), ...label.split('-'));
  return words;
}

/** Whose password is being judged: the signed-in person's own, or one an administrator sets for someone else. */
export type PasswordOwner = 'self' | 'other';

export interface PasswordContext {
  email?: string;
  name?: string;
  lastname?: string;
  /** The password being replaced, when the person changes their own. */
  currentPassword?: string;
  /** Says "tu nombre" to the person themself, "el nombre de la persona" to an administrator. */
  owner: PasswordOwner;
  /** `organisationWords(config.publicUrl)`; the fixed list when absent. */
  organisation?: readonly string[];
}

type WordKind = 'person' | 'organisation' | 'guessed';

/** Every context word with what it is, for saying why a password built from it is refused. */
function contextWords(context: PasswordContext): Map<string, WordKind> {
  const words = new Map<string, WordKind>();
  const add = (kind: WordKind, list: readonly string[]) => {
    for (const raw of list) {
      const word = fold(raw);
      if (word.length >= 3 && !words.has(word)) words.set(word, kind);
    }
  };
  const email = fold(context.email ?? '');
  const [local = '', domain = ''] = email.split('@');
  const person = email ? [email, local, ...local.split(/[.+_-]/)] : [];
  for (const name of [context.name, context.lastname]) person.push(...fold(name ?? '').split(/[\s.'-]+/));
  // The person's words first: a name that is also an organisation word ('Gato') is the person's.
  add('person', person);
  add('organisation', context.organisation ?? ORGANISATION_WORDS);
  // The e-mail's domain is the organisation's (lucia@huellas.org), unless it is a mail provider's.
  const domainLabels = domain.split('.').slice(0, -1);
  add(
    'organisation',
    domainLabels.filter((label) => !MAIL_PROVIDERS.has(label)),
  );
  add('guessed', GUESSED_FIRST_WORDS);
  // Recent and coming years, the digits most often added to a word.
  const year = new Date().getFullYear();
  add(
    'guessed',
    Array.from({ length: 12 }, (_, i) => String(year - 10 + i)),
  );
  return words;
}

function messageFor(kind: WordKind, owner: PasswordOwner): string {
  if (kind === 'person') return owner === 'self' ? userMessages.passwordOwnName : userMessages.passwordPersonName;
  if (kind === 'organisation') return userMessages.passwordOrganisation;
  return userMessages.passwordCommonWord;
}

/**
 * ASVS 5.0 V6.2: at least 8 characters (checked by the schemas), no control characters, not a common or
 * breached password, not built from context words (the person's e-mail and names, the organisation's words,
 * the words and years a password is first guessed from), and not the current one.
 * Returns the Spanish reason, naming what the password is built from, or undefined when it is acceptable.
 */
export function passwordWeakness(password: string, context: PasswordContext): string | undefined {
  if (hasControlCharacters(password)) return userMessages.passwordControlChars;
  if (context.currentPassword !== undefined && password === context.currentPassword) return userMessages.passwordSameAsCurrent;
  if (password.trim() === '' || new Set(password).size < 3) return userMessages.passwordTooWeak;
  if (isCommonPassword(password)) return userMessages.passwordTooCommon;
  const words = contextWords(context);
  // A context word plus a few digits or symbols ('Refugio.2026', 'Contraseña-2026') is what an attacker tries first.
  const letters = fold(password).replace(/[^a-z]/g, '');
  if (GUESSED_WHEN_ALONE.has(letters)) return userMessages.passwordCommonWord;
  let rest = letters;
  let longest: { word: string; kind: WordKind } | undefined;
  const byLength = [...words].filter(([w]) => w.length >= 4 && /[a-z]/.test(w)).sort(([a], [b]) => b.length - a.length);
  for (const [word, kind] of byLength) {
    const plain = word.replace(/[^a-z]/g, '');
    if (!plain || !rest.includes(plain)) continue;
    rest = rest.split(plain).join('');
    if (!longest || plain.length > longest.word.length) longest = { word: plain, kind };
  }
  if (longest && rest.length < 4) return messageFor(longest.kind, context.owner);
  const result = zxcvbnLibrary().zxcvbn(password, [...words.keys()]);
  if (result.score >= MIN_SCORE) return undefined;
  // The longest context word zxcvbn found in it says why; otherwise it is simply too predictable.
  let found: { word: string; kind: WordKind } | undefined;
  for (const match of result.sequence) {
    if (match.pattern !== 'dictionary' || !('dictionaryName' in match) || match.dictionaryName !== 'userInputs') continue;
    const matched = (match as { matchedWord?: unknown }).matchedWord;
    const word = typeof matched === 'string' ? fold(matched) : '';
    const kind = words.get(word);
    if (kind && (!found || word.length > found.word.length)) found = { word, kind };
  }
  return found ? messageFor(found.kind, context.owner) : userMessages.passwordTooWeak;
}
