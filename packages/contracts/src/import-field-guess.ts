import { CUSTOM_FIELD_LIMITS } from './custom-field-values';
import type { CustomFieldType } from './field-values';

/*
 * «Crear un campo con esta columna» (DESIGN sections 18 and 21): a column of a sheet the import maps to nothing
 * becomes one of the organisation's own fields. What the dialog proposes, from the column's header and its first
 * values: the label, a key, the type and, for a few repeated values, the options. Pure; the person edits it all.
 */

export interface CustomFieldGuess {
  etiqueta: string;
  clave: string;
  tipo: CustomFieldType;
  /** The values of an `opcion`, in the order they first appear; empty for the other types. */
  opciones: string[];
}

/** At most this many distinct values (each seen more than once among them) make a list of options. */
const MAX_GUESSED_OPTIONS = 10;
/** A value longer than this (or with a line break) makes a long text. */
const LONG_TEXT_FROM = 100;

const NUMBER = /^-?\d+([.,]\d+)?$/;
const DAY = /^(\d{1,2}[/.-]\d{1,2}[/.-](\d{4}|\d{2})|\d{4}-\d{1,2}-\d{1,2})$/;
const YES_NO = new Set(['si', 'no', 's', 'n', 'yes', 'true', 'false', 'verdadero', 'falso']);

const unaccented = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '');

/** A key from a label: lower case, no accents, anything but a-z and 0-9 as `_`, starting with a letter, at most 40. */
export function customFieldKeyOf(label: string): string {
  let key = unaccented(label)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!/^[a-z]/.test(key)) key = `campo_${key}`.replace(/_+$/, '');
  return key.slice(0, CUSTOM_FIELD_LIMITS.keyMaxLength).replace(/_+$/, '');
}

/** The type the values suggest: numbers, dates, sí/no, a few repeated values (options), or a short or long text. */
export function guessCustomFieldType(values: readonly string[]): { tipo: CustomFieldType; opciones: string[] } {
  const given = values.map((v) => v.trim()).filter((v) => v !== '');
  if (given.length === 0) return { tipo: 'texto', opciones: [] };
  if (given.every((v) => NUMBER.test(v))) return { tipo: 'numero', opciones: [] };
  if (given.every((v) => DAY.test(v))) return { tipo: 'fecha', opciones: [] };
  if (given.every((v) => YES_NO.has(unaccented(v).toLowerCase()))) return { tipo: 'si_no', opciones: [] };
  const distinct = new Map<string, string>();
  for (const v of given) if (!distinct.has(v.toLocaleLowerCase('es'))) distinct.set(v.toLocaleLowerCase('es'), v);
  const opciones = [...distinct.values()];
  if (
    opciones.length >= 2 &&
    opciones.length <= MAX_GUESSED_OPTIONS &&
    opciones.length < given.length &&
    opciones.every((o) => o.length <= CUSTOM_FIELD_LIMITS.optionMaxLength && !/[\t\n\r]/.test(o))
  )
    return { tipo: 'opcion', opciones };
  const long = given.some((v) => v.length > LONG_TEXT_FROM || /[\n\r]/.test(v));
  return { tipo: long ? 'texto_largo' : 'texto', opciones: [] };
}

/** What the dialog proposes for a column: its header as the label (at most 80 characters), a key and a type. */
export function guessCustomField(header: string, values: readonly string[]): CustomFieldGuess {
  const etiqueta = header.trim().slice(0, CUSTOM_FIELD_LIMITS.labelMaxLength).trim();
  return { etiqueta, clave: customFieldKeyOf(etiqueta), ...guessCustomFieldType(values) };
}
