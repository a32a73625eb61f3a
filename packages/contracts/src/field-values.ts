import { isCalendarDay, isRealDay, isSafeText } from './safe-text';

/*
 * The values of the organisation's own fields and of its forms' questions (DESIGN section 21), without zod: the
 * public forms check their answers with these on a phone, the server with the same functions. `custom-fields.ts`
 * (definitions, zod) and `public-forms.ts` build on them.
 */

export const CUSTOM_FIELD_TYPES = ['texto', 'texto_largo', 'numero', 'fecha', 'si_no', 'opcion', 'opciones'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** How the screens name each type. */
export const customFieldTypeLabels: Record<CustomFieldType, string> = {
  texto: 'Texto corto',
  texto_largo: 'Texto largo',
  numero: 'Número',
  fecha: 'Fecha',
  si_no: 'Sí / No',
  opcion: 'Una opción de una lista',
  opciones: 'Varias opciones de una lista',
};

export const FIELD_VALUE_LIMITS = {
  textMaxLength: 500,
  longTextMaxLength: 5000,
  /** A number's magnitude (a count, a weight, a former member number): kept exact as a JSON number. */
  numberMaxAbs: 1e12,
} as const;

/** One value as it travels: text, number, `AAAA-MM-DD`, boolean or a list of texts; `null` clears it. */
export type CustomFieldValue = string | number | boolean | string[] | null;
export type CustomFieldValues = Record<string, CustomFieldValue>;

/** What a value is refused for, naming the field or question by the label people read. */
export const fieldValueMessages = {
  required: (label: string) => `El campo «${label}» es obligatorio.`,
  notText: (label: string) => `El campo «${label}» debe ser un texto.`,
  textTooLong: (label: string, max: number) => `El campo «${label}» no puede superar los ${max} caracteres.`,
  lineBreak: (label: string) => `El campo «${label}» debe ser de una sola línea.`,
  invalidCharacters: (label: string) => `El campo «${label}» contiene caracteres no permitidos.`,
  notNumber: (label: string) => `El campo «${label}» debe ser un número.`,
  notDate: (label: string) => `El campo «${label}» debe ser una fecha real (AAAA-MM-DD).`,
  notBoolean: (label: string) => `El campo «${label}» debe ser sí o no.`,
  unknownOption: (label: string, option: string) => `«${option}» no es una opción del campo «${label}».`,
  notOptionList: (label: string) => `El campo «${label}» debe ser una lista de opciones.`,
} as const;

export const isChoiceType = (tipo: CustomFieldType): boolean => tipo === 'opcion' || tipo === 'opciones';

/** Nothing given: no value, an empty text or an empty list. */
export const isEmptyValue = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * One value checked against its type (and options): the value to keep, normalised (a trimmed text, «12,5» as 12.5,
 * "true" as true, options in the definition's order, once each), or the Spanish message naming `label`.
 * An empty value is the caller's to handle (cleared, or refused when required).
 */
export function checkFieldValue(
  field: { tipo: CustomFieldType; opciones: readonly string[]; etiqueta: string },
  value: unknown,
): { value: CustomFieldValue } | { message: string } {
  const label = field.etiqueta;
  switch (field.tipo) {
    case 'texto':
    case 'texto_largo': {
      if (typeof value !== 'string') return { message: fieldValueMessages.notText(label) };
      const text = value.trim();
      const max = field.tipo === 'texto' ? FIELD_VALUE_LIMITS.textMaxLength : FIELD_VALUE_LIMITS.longTextMaxLength;
      if (!isSafeText(text)) return { message: fieldValueMessages.invalidCharacters(label) };
      if (field.tipo === 'texto' && /[\t\n\r]/.test(text)) return { message: fieldValueMessages.lineBreak(label) };
      if (text.length > max) return { message: fieldValueMessages.textTooLong(label, max) };
      return { value: text };
    }
    case 'numero': {
      // Forms send what was typed: «12,5» is a Spanish decimal.
      const number = typeof value === 'string' && /^-?\d+([.,]\d+)?$/.test(value.trim()) ? Number(value.trim().replace(',', '.')) : value;
      if (typeof number !== 'number' || !Number.isFinite(number) || Math.abs(number) > FIELD_VALUE_LIMITS.numberMaxAbs)
        return { message: fieldValueMessages.notNumber(label) };
      return { value: number };
    }
    case 'fecha': {
      const day = typeof value === 'string' ? value.trim() : '';
      if (!isRealDay(day) || !isCalendarDay(day)) return { message: fieldValueMessages.notDate(label) };
      return { value: day };
    }
    case 'si_no':
      if (value === 'true' || value === 'false') return { value: value === 'true' };
      if (typeof value !== 'boolean') return { message: fieldValueMessages.notBoolean(label) };
      return { value };
    case 'opcion':
      if (typeof value !== 'string' || !field.opciones.includes(value)) return { message: fieldValueMessages.unknownOption(label, String(value)) };
      return { value };
    case 'opciones': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return { message: fieldValueMessages.notOptionList(label) };
      const unknown = (value as string[]).find((v) => !field.opciones.includes(v));
      if (unknown !== undefined) return { message: fieldValueMessages.unknownOption(label, unknown) };
      return { value: field.opciones.filter((o) => (value as string[]).includes(o)) };
    }
  }
}

/** Whether a kept value is `igual` (a condition's or an alert's): equal, or for a list of options, one of them. */
export function valueMatches(value: CustomFieldValue | undefined, igual: string | number | boolean): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.includes(String(igual));
  return value === igual;
}

/** A value as the detail, the exports and the templates show it: «Sí»/«No», a Spanish date, options joined. */
export function formatCustomFieldValue(tipo: CustomFieldType, value: CustomFieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (tipo === 'si_no') return value === true ? 'Sí' : 'No';
  if (tipo === 'fecha' && typeof value === 'string') {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number') return value.toLocaleString('es-ES', { maximumFractionDigits: 6 });
  return String(value);
}
