import type { Modelo182ExclusionReason, SendCertificatesResponse } from '@refugio/contracts';

const euroFormat = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/**
 * Integer cents as Spanish euros ("1.234,56 €"), built from the integer's digits (never cents / 100 as a float that
 * could round): the whole euros go through Intl for the grouping, the cents are appended as written.
 */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = euroFormat.formatToParts(Math.trunc(abs / 100));
  const decimals = String(abs % 100).padStart(2, '0');
  const text = whole
    .map((part) => (part.type === 'fraction' ? decimals : part.value))
    .join('')
    .replace(/\u00a0/g, ' ');
  return sign + text;
}

/** Why a donor is left out of the modelo 182, in Spanish, with what to fix. */
export const exclusionReasonLabels: Record<Modelo182ExclusionReason, string> = {
  sin_nif: 'Falta el NIF o no es válido',
  sin_codigo_postal: 'Falta el código postal o no es válido',
  anonimizada: 'La persona está anonimizada',
};

/** A fiscal year can be chosen from 2000 to the current one; the default is the last closed year (filed in January). */
export function fiscalYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let year = currentYear; year >= 2000; year--) years.push(year);
  return years;
}

/** Why a donor gets no certificate by e-mail, in Spanish, with what to fix. */
export const certificateExclusionLabels: Record<SendCertificatesResponse['excluidos'][number]['motivo'], string> = {
  sin_nif: 'Falta el NIF o no es válido',
  sin_email: 'No tiene correo electrónico',
  sin_consentimiento: 'No ha dado su consentimiento para recibir correos',
  anonimizada: 'La persona está anonimizada',
};
