import {
  type CustomFieldRule,
  type CustomFieldValue,
  IMPORT_CUSTOM_FIELD_PREFIX,
  type ImportRowError,
  checkCustomFieldValues,
  fieldValueMessages,
  importCustomFieldTarget,
} from '@refugio/contracts';
import { type MappedRow, type RowContext, RowErrors, fold, parseDate } from './import-fields';
import { NO, YES } from './import-words';

/*
 * The organisation's own fields in an import (DESIGN sections 18 and 21): a column mapped to `campo.<clave>` gives
 * that field's value. A cell is read as a spreadsheet writes it (dates as the file's other dates, «Sí»/«No», an
 * option whatever its case and accents), then checked by the same `checkCustomFieldValues` the forms and the
 * records' saves use, so a refused value is a row error naming the field.
 */

/** The values a record keeps for its own fields (a cleared one is left out). */
export type OwnFieldValues = Record<string, Exclude<CustomFieldValue, null>>;

/** A custom field's date may be in the future (a next check-up): only the calendar and the file's format are checked. */
const NO_LATEST_DAY = '9999-12-31';

/** The targets `campo.<clave>` of the active fields, with their labels. */
export function ownFieldTargets(rules: readonly CustomFieldRule[]): { campo: string; etiqueta: string; tipo: CustomFieldRule['tipo'] }[] {
  return rules.filter((r) => !r.archivado).map((r) => ({ campo: importCustomFieldTarget(r.clave), etiqueta: r.etiqueta, tipo: r.tipo }));
}

export const isOwnFieldTarget = (field: string) => field.startsWith(IMPORT_CUSTOM_FIELD_PREFIX);

/** One cell as the value its field's type expects (`undefined`: an error was added). */
function cellValue(rule: CustomFieldRule, raw: string, target: string, errors: RowErrors, context: RowContext): unknown {
  switch (rule.tipo) {
    case 'fecha': {
      const parsed = parseDate(raw, context.formato, context.orders[target] ?? 'dia', NO_LATEST_DAY);
      if ('error' in parsed) {
        errors.add(target, parsed.error);
        return undefined;
      }
      return parsed.value;
    }
    case 'si_no': {
      const word = fold(raw);
      if (YES.has(word)) return true;
      if (NO.has(word)) return false;
      errors.add(target, fieldValueMessages.notBoolean(rule.etiqueta));
      return undefined;
    }
    case 'opcion':
      return rule.opciones.find((o) => fold(o) === fold(raw)) ?? raw;
    case 'opciones':
      return raw
        .split(/[,;]/)
        .map((part) => part.trim())
        .filter((part) => part !== '')
        .map((part) => rule.opciones.find((o) => fold(o) === fold(part)) ?? part);
    default:
      return raw;
  }
}

/**
 * The own fields a row gives: each mapped cell read and checked against its definition (`especie`: the pet's, for
 * the fields of some species only). An empty cell gives no value (an error when the field is required); a refused
 * value adds its error naming the field.
 */
export function readOwnFields(
  row: MappedRow,
  errors: RowErrors,
  rules: readonly CustomFieldRule[],
  context: RowContext,
  especie?: string,
): OwnFieldValues {
  const sent: Record<string, unknown> = {};
  for (const rule of rules) {
    const target = importCustomFieldTarget(rule.clave);
    const cell = row.cells.get(target);
    if (!cell) continue;
    const raw = cell.valor.trim().replace(/^'(?=[=+\-@\t\r])/, '');
    // An empty cell: no value, refused (as a form refuses it) when the field is required.
    if (raw === '') {
      sent[rule.clave] = '';
      continue;
    }
    const value = cellValue(rule, raw, target, errors, context);
    if (value !== undefined) sent[rule.clave] = value;
  }
  if (Object.keys(sent).length === 0) return {};
  const checked = checkCustomFieldValues(rules, sent, especie ? { especie } : {});
  if (!checked.ok) {
    for (const issue of checked.issues) errors.add(importCustomFieldTarget(issue.clave), issue.message);
    return {};
  }
  return Object.fromEntries(Object.entries(checked.values).filter((entry): entry is [string, Exclude<CustomFieldValue, null>] => entry[1] !== null));
}

/**
 * A row as `read` gave it (its record's data), with its own fields: their values added, or their errors after the
 * record's (a row with any error is skipped whole).
 */
export function withOwnFields<V extends object>(
  row: MappedRow,
  read: { values: V } | { errors: ImportRowError[] },
  rules: readonly CustomFieldRule[],
  context: RowContext,
  /** A pet's species (its fields of some species only). */
  especieOf?: (values: V) => string,
): { values: V & { campos: OwnFieldValues } } | { errors: ImportRowError[] } {
  const errors = new RowErrors(row);
  const especie = 'values' in read && especieOf ? especieOf(read.values) : undefined;
  const campos = rules.length === 0 ? {} : readOwnFields(row, errors, rules, context, especie);
  if ('errors' in read) return { errors: [...read.errors, ...errors.list] };
  return errors.list.length > 0 ? { errors: errors.list } : { values: { ...read.values, campos } };
}
