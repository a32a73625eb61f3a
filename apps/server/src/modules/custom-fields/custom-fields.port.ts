import {
  type CustomFieldEntity,
  type CustomFieldRule,
  type CustomFieldType,
  type CustomFieldValue,
  type CustomFieldValues,
  type HistoryValue,
  MASK,
  checkCustomFieldValues,
  customFieldFilterValue,
  customFieldMessages,
  formatCustomFieldValue,
} from '@refugio/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { historyValue } from '../history/history.port';
import { type CustomFieldRow, createCustomFieldsRepository } from './custom-fields.repository';

/** A definition as the records' modules use it: to check, show, mask and export values. */
export interface CustomFieldDefinition extends CustomFieldRule {
  id: number;
  publico: boolean;
  sensible: boolean;
  ayuda: string | null;
}

const definitionOf = (row: CustomFieldRow): CustomFieldDefinition => ({
  id: row.id,
  clave: row.clave,
  etiqueta: row.etiqueta,
  tipo: row.tipo as CustomFieldType,
  opciones: row.opciones,
  especies: row.especies as CustomFieldRule['especies'],
  obligatorio: row.obligatorio,
  archivado: row.archivado,
  publico: row.publico,
  sensible: row.sensible,
  ayuda: row.ayuda,
});

/** The changes of a save's `campos` as history keeps them: one `campos.<clave>` per value that changed. */
export function customFieldChanges(
  before: Readonly<CustomFieldValues>,
  after: Readonly<CustomFieldValues>,
): Record<`campos.${string}`, [HistoryValue, HistoryValue]> {
  const changes: Record<`campos.${string}`, [HistoryValue, HistoryValue]> = {};
  for (const clave of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = historyValue(before[clave] ?? null);
    const b = historyValue(after[clave] ?? null);
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[`campos.${clave}`] = [a, b];
  }
  return changes;
}

/** Only what a record keeps: a stored value is never `null` (a cleared one is left out). */
export function storedValues(values: Readonly<CustomFieldValues>): Record<string, Exclude<CustomFieldValue, null>> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, Exclude<CustomFieldValue, null>] => entry[1] !== null));
}

/** What the pets and persons modules ask of the organisation's own fields (DESIGN section 9: one public face). */
export function createCustomFieldsPort(db: Database) {
  return {
    /** The entity's definitions in their order, archived ones included (a detail still shows their values). */
    async definitions(entidad: CustomFieldEntity, executor: Database = db): Promise<CustomFieldDefinition[]> {
      return (await createCustomFieldsRepository(executor).list(entidad, { archived: true })).map(definitionOf);
    },

    /**
     * Inside a save's transaction (`executor`): the `campos` sent checked against the entity's definitions, which stay
     * share-locked until the save commits. Answers the values to keep (the record's others untouched), or throws the
     * 400 naming each wrong field (`fieldErrors['campos.<clave>']`). `complete`: a new record (its required fields
     * must be there); `masked`: the user sees sensible values as `***`, which sent back keep the stored value.
     */
    async checkValues(
      executor: Database,
      entidad: CustomFieldEntity,
      sent: Readonly<Record<string, unknown>> | undefined,
      options: { previous?: Readonly<CustomFieldValues>; especie?: string | null; complete?: boolean; masked?: boolean },
    ): Promise<Record<string, Exclude<CustomFieldValue, null>>> {
      const rows = await createCustomFieldsRepository(executor).rulesForSave(entidad);
      const rules = rows.map(definitionOf);
      let values = sent;
      if (options.masked && sent) {
        const sensitive = new Set(rules.filter((r) => r.sensible).map((r) => r.clave));
        values = Object.fromEntries(Object.entries(sent).filter(([clave, value]) => !(sensitive.has(clave) && value === MASK)));
      }
      const checked = checkCustomFieldValues(rules, values, options);
      if (!checked.ok) {
        throw new AppError('VALIDATION_ERROR', {
          message: checked.issues[0]!.message,
          fieldErrors: Object.fromEntries(checked.issues.map((i) => [`campos.${i.clave}`, i.message])),
        });
      }
      return storedValues(checked.values);
    },

    /**
     * A list's filters `campo.<clave>=<valor>` as the JSON object a record's `campos` must contain, each value read by
     * its field's type; a key that is no field of the entity, or a value that is none of the field's, answers 400.
     */
    async filterOf(entidad: CustomFieldEntity, filters: Readonly<Record<string, string>>): Promise<string> {
      const rules = new Map((await this.definitions(entidad)).map((r) => [r.clave, r]));
      const wanted: Record<string, CustomFieldValue> = {};
      const fieldErrors: Record<string, string> = {};
      for (const [clave, text] of Object.entries(filters)) {
        const rule = rules.get(clave);
        const value = rule ? customFieldFilterValue(rule, text) : undefined;
        if (value === undefined || value === null)
          fieldErrors[`campo.${clave}`] = rule ? customFieldMessages.filterInvalid(rule.etiqueta, text) : customFieldMessages.unknownField(clave);
        else wanted[clave] = value;
      }
      const first = Object.values(fieldErrors)[0];
      if (first) throw new AppError('VALIDATION_ERROR', { message: first, fieldErrors });
      return JSON.stringify(wanted);
    },

    /**
     * The values a template reads as `{{mascota.campos.<clave>}}` and `{{persona.campos.<clave>}}` for the pet and the
     * person it is about, as the details show them («Sí», 01/03/2026, options joined); a field without value is absent.
     */
    async templateValues(
      executor: Database,
      about: { mascotaId?: number | null | undefined; personaId?: number | null | undefined },
    ): Promise<Record<`${'mascota' | 'persona'}.campos.${string}`, string>> {
      const out: Record<`${'mascota' | 'persona'}.campos.${string}`, string> = {};
      const repo = createCustomFieldsRepository(executor);
      for (const [entidad, id] of [
        ['mascota', about.mascotaId],
        ['persona', about.personaId],
      ] as const) {
        if (!id) continue;
        const values = await repo.valuesOf(entidad, id);
        if (!values || Object.keys(values).length === 0) continue;
        for (const field of await this.definitions(entidad, executor)) {
          const value = values[field.clave];
          if (value !== undefined) out[`${entidad}.campos.${field.clave}`] = formatCustomFieldValue(field.tipo, value);
        }
      }
      return out;
    },

    /** The keys of the person fields a masking role sees as `***`. */
    async sensitiveKeys(): Promise<Set<string>> {
      const rows = await createCustomFieldsRepository(db).list('persona', { archived: true });
      return new Set(rows.filter((r) => r.sensible).map((r) => r.clave));
    },
  };
}

export type CustomFieldsPort = ReturnType<typeof createCustomFieldsPort>;
