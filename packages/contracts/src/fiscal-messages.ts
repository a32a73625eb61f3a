/*
 * The Spanish messages of the fiscal and bank data (NIF, postcode, IBAN, SEPA creditor identifier), without zod: the
 * public `/colabora` page checks a form with `fiscalIdProblem()`, `postcodeProblem()`, `ibanProblem()` and shows the
 * same words the server answers. `fiscal.ts` re-exports them.
 */

export const fiscalMessages = {
  fiscalIdRequired: 'Escribe el NIF.',
  fiscalIdFormat: 'El NIF no es válido: escribe un DNI (12345678Z), un NIE (X1234567L) o un CIF (B12345674).',
  nifControl: 'El NIF no es válido: revisa la letra de control.',
  nieControl: 'El NIE no es válido: revisa la letra de control.',
  cifControl: 'El CIF no es válido: revisa el carácter de control.',
  postcode: 'El código postal debe tener 5 cifras (01000 a 52999).',
  country: 'El país de residencia no es válido: escribe su código de dos letras (FR, PT, DE...), o déjalo vacío si reside en España.',
  ibanRequired: 'Escribe el IBAN.',
  ibanFormat: 'El IBAN no es válido: empieza por el país (ES) y tiene 24 caracteres en España.',
  ibanControl: 'El IBAN no es válido: revisa los dígitos de control.',
  sepaCreditorId: 'El identificador de acreedor SEPA no es válido.',
} as const;
