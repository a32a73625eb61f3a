/**
 * `Idempotency-Key`: a create sent again with the same key (a retry after a lost answer) gets the first answer
 * instead of making a second record. The browser makes one key per submission and reuses it on a retry.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** How long the server keeps the first answer of a key. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** 1 to 200 printable ASCII characters (space to tilde). */
export function isValidIdempotencyKey(key: string): boolean {
  return key.length >= 1 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH && /^[\x20-\x7e]+$/.test(key);
}

export const idempotencyMessages = {
  keyInvalid: `La cabecera ${IDEMPOTENCY_KEY_HEADER} debe tener entre 1 y ${IDEMPOTENCY_KEY_MAX_LENGTH} caracteres ASCII imprimibles.`,
  keyReused: `Esta clave ${IDEMPOTENCY_KEY_HEADER} ya se usó para una solicitud distinta. Usa una clave nueva para cada alta.`,
} as const;
