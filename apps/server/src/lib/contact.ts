import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

/*
 * Contact data normalised in one place (DESIGN section 10), so that linking compares values as they are stored:
 * an e-mail trimmed and lower-cased, a phone in E.164 (`+34612345678`) read with the organisation's country
 * (ORG_COUNTRY) when written without an international prefix. Invalid values answer `null`; the caller turns that
 * into a 400 with the Spanish message of the field.
 */

const emailShape = z.email();

/** The e-mail trimmed and lower-cased (plus-addressing kept, an internationalised domain in its ASCII form), or null when invalid. */
export function normaliseEmail(raw: string): string | null {
  const trimmed = raw.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return null;
  const local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  if (/[^ -~]/.test(domain)) {
    try {
      domain = new URL(`http://${domain}`).hostname;
    } catch {
      return null;
    }
  }
  const email = `${local}@${domain}`;
  return emailShape.safeParse(email).success && email.length <= 254 ? email : null;
}

/**
 * The phone in E.164, or null when it is not a valid number. Spaces, dots, dashes and brackets are ignored; `00`
 * stands for `+`; a Mexican mobile written with the `1` Mexico dropped in 2019 (`+52 1 55 ...`) is read without it.
 */
export function normalisePhone(raw: string, country: CountryCode): string | null {
  let text = raw.trim().replace(/[\s.\-()/]/g, '');
  if (text === '' || !/^(\+|00)?\d+$/.test(text)) return null;
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  if (/^\+521\d{10}$/.test(text)) text = `+52${text.slice(4)}`;
  const phone = parsePhoneNumberFromString(text, country);
  if (!phone || !phone.isValid()) return null;
  return phone.number;
}
