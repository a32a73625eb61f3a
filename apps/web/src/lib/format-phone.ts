import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A stored phone number as people write it, in the international format ('+34976123456' -> '+34 976 12 34 56').
 * The persons module keeps phones in E.164; anything it cannot read as a number (an old value, a note) is shown
 * exactly as written, never changed.
 */
export function formatPhone(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return value;
  const parsed = parsePhoneNumberFromString(trimmed);
  return parsed?.isPossible() ? parsed.formatInternational() : value;
}
