import {
  APPLICANT_ADDRESS_MAX,
  APPLICANT_AGE_MAX,
  APPLICANT_AGE_MIN,
  APPLICANT_CITY_MAX,
  APPLICANT_EMAIL_MAX,
  APPLICANT_NAME_MAX,
  APPLICANT_PHONE_MAX,
  APPLICATION_TEXT_MAX,
  CHILDREN_AT_HOME_MAX,
  HOUSING_TYPES,
  PEOPLE_AT_HOME_MAX,
  adoptionMessages,
} from './adoption-messages';
import { isOneLineText, isSafeText, textProblem } from './safe-text';

/*
 * The adoption application's rules without zod, for the public page (`/adopta/{id}`): the same checks, in the same
 * order, with the same Spanish messages as `adoptionApplicationInputSchema` (which the server keeps using, and which
 * builds on the patterns below). A test runs both on the same valid and invalid inputs so they cannot drift apart.
 */

/** An HTML tag's start: refused in every free text of the application. */
export const APPLICATION_HTML_TAG = /<\s*\/?\s*[a-z!?]/i;
/** What starts a spreadsheet formula: refused at the start of names, cities and addresses. */
export const APPLICATION_FORMULA_START = /^[=+\-@]/;
export const APPLICANT_PHONE_PATTERN = /^\+?[0-9 ()-]{6,}$/;
/** zod's own e-mail pattern (`z.email()`), which the server's schema applies. */
const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The fields a person fills (the hidden honeypot `sitioWeb` is not checked here: a person leaves it empty). */
export type AdoptionApplicationField =
  | 'nombre'
  | 'email'
  | 'telefono'
  | 'edad'
  | 'ciudad'
  | 'direccion'
  | 'vivienda'
  | 'viviendaPropia'
  | 'permiteMascotas'
  | 'patio'
  | 'personasEnCasa'
  | 'ninosEnCasa'
  | 'horasSolo'
  | 'otrasMascotas'
  | 'experiencia'
  | 'motivo'
  | 'aceptaVisita'
  | 'aceptaPrivacidad';

export type AdoptionApplicationProblems = Partial<Record<AdoptionApplicationField, string>>;

/**
 * A text with the schema's order of checks: type, safe characters (and no line break when `lines` is 'one'), then
 * (trimmed) `rules` until one fails.
 */
function text(value: unknown, notText: string, rules: (trimmed: string) => string | undefined, lines: 'one' | 'multi' = 'one'): string | undefined {
  if (typeof value !== 'string') return notText;
  return textProblem(value, lines) ?? rules(value.trim());
}

/** Names, cities, addresses: required, bounded, no HTML, no formula start. */
function shortText(value: unknown, required: string, tooLong: string, max: number): string | undefined {
  return text(value, required, (v) => {
    if (v.length < 1) return required;
    if (v.length > max) return tooLong;
    if (APPLICATION_HTML_TAG.test(v)) return adoptionMessages.noHtml;
    if (APPLICATION_FORMULA_START.test(v)) return adoptionMessages.noFormula;
    return undefined;
  });
}

/** Optional long texts (missing counts as ''). */
function longText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return text(
    value,
    adoptionMessages.textTooLong,
    (v) => {
      if (v.length > APPLICATION_TEXT_MAX) return adoptionMessages.textTooLong;
      if (APPLICATION_HTML_TAG.test(v)) return adoptionMessages.noHtml;
      return undefined;
    },
    'multi',
  );
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function wholeNumber(value: unknown, message: string, min: number, max: number): string | undefined {
  return isNumber(value) && Number.isSafeInteger(value) && value >= min && value <= max ? undefined : message;
}

/**
 * The Spanish message of the first problem of each field the person fills, as the server's schema would answer
 * them in `fieldErrors` (an empty object: nothing to fix). `input` is the JSON body about to be sent.
 */
export function checkAdoptionApplication(
  input: Partial<Record<AdoptionApplicationField | 'mascotaId' | 'sitioWeb', unknown>>,
): AdoptionApplicationProblems {
  const problems: AdoptionApplicationProblems = {};
  const set = (field: AdoptionApplicationField, message: string | undefined) => {
    if (message !== undefined && problems[field] === undefined) problems[field] = message;
  };

  set('nombre', shortText(input.nombre, adoptionMessages.nameRequired, adoptionMessages.nameTooLong, APPLICANT_NAME_MAX));
  set(
    'email',
    text(input.email, adoptionMessages.emailInvalid, (v) =>
      v.length > APPLICANT_EMAIL_MAX || !EMAIL_PATTERN.test(v) ? adoptionMessages.emailInvalid : undefined,
    ),
  );
  set(
    'telefono',
    text(input.telefono, adoptionMessages.phoneInvalid, (v) =>
      v.length > APPLICANT_PHONE_MAX || !APPLICANT_PHONE_PATTERN.test(v) || v.replace(/\D/g, '').length < 6
        ? adoptionMessages.phoneInvalid
        : undefined,
    ),
  );
  const edad = input.edad;
  set(
    'edad',
    !isNumber(edad) || !Number.isSafeInteger(edad)
      ? adoptionMessages.ageInvalid
      : edad < APPLICANT_AGE_MIN
        ? adoptionMessages.ageMinor
        : edad > APPLICANT_AGE_MAX
          ? adoptionMessages.ageTooHigh
          : undefined,
  );
  set('ciudad', shortText(input.ciudad, adoptionMessages.cityRequired, adoptionMessages.cityTooLong, APPLICANT_CITY_MAX));
  set('direccion', shortText(input.direccion, adoptionMessages.addressRequired, adoptionMessages.addressTooLong, APPLICANT_ADDRESS_MAX));
  set('vivienda', (HOUSING_TYPES as readonly unknown[]).includes(input.vivienda) ? undefined : adoptionMessages.housingInvalid);
  set('viviendaPropia', typeof input.viviendaPropia === 'boolean' ? undefined : adoptionMessages.yesNoRequired);
  const permite = input.permiteMascotas;
  set('permiteMascotas', permite === undefined || permite === null || typeof permite === 'boolean' ? undefined : adoptionMessages.landlordRequired);
  set('patio', typeof input.patio === 'boolean' ? undefined : adoptionMessages.yesNoRequired);
  set('personasEnCasa', wholeNumber(input.personasEnCasa, adoptionMessages.peopleInvalid, 1, PEOPLE_AT_HOME_MAX));
  set('ninosEnCasa', wholeNumber(input.ninosEnCasa, adoptionMessages.childrenInvalid, 0, CHILDREN_AT_HOME_MAX));
  set('horasSolo', wholeNumber(input.horasSolo, adoptionMessages.hoursInvalid, 0, 24));
  set('otrasMascotas', longText(input.otrasMascotas));
  set('experiencia', longText(input.experiencia));
  set(
    'motivo',
    text(
      input.motivo,
      adoptionMessages.reasonRequired,
      (v) => {
        if (v.length < 1) return adoptionMessages.reasonRequired;
        if (v.length > APPLICATION_TEXT_MAX) return adoptionMessages.textTooLong;
        if (APPLICATION_HTML_TAG.test(v)) return adoptionMessages.noHtml;
        return undefined;
      },
      'multi',
    ),
  );
  set('aceptaVisita', input.aceptaVisita === true ? undefined : adoptionMessages.visitRequired);
  set('aceptaPrivacidad', input.aceptaPrivacidad === true ? undefined : adoptionMessages.privacyRequired);

  // The schema's cross-field rules, in its order. They run even when other fields have problems, except after the
  // problems zod treats as final for the whole body (`abort`): a text with characters that cannot be stored (or a line
  // break in a one-line text), a number with decimals. The server would not name them then, so neither does the page.
  const oneLineTexts = [input.nombre, input.email, input.telefono, input.ciudad, input.direccion, input.sitioWeb];
  const multiLineTexts = [input.otrasMascotas, input.experiencia, input.motivo];
  const numbers = [input.mascotaId, input.edad, input.personasEnCasa, input.ninosEnCasa, input.horasSolo];
  if (oneLineTexts.some((v) => typeof v === 'string' && !isOneLineText(v))) return problems;
  if (multiLineTexts.some((v) => typeof v === 'string' && !isSafeText(v))) return problems;
  if (numbers.some((v) => isNumber(v) && !Number.isInteger(v))) return problems;
  if (input.viviendaPropia === false && (permite === undefined || permite === null)) set('permiteMascotas', adoptionMessages.landlordRequired);
  if (input.viviendaPropia === false && permite === false) set('permiteMascotas', adoptionMessages.landlordRefused);
  const ninos = input.ninosEnCasa;
  const personas = input.personasEnCasa;
  if (typeof ninos === 'number' && typeof personas === 'number' && !(ninos <= personas)) set('ninosEnCasa', adoptionMessages.childrenMoreThanPeople);
  return problems;
}
