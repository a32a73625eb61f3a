import { z } from 'zod';
import { CARE_RECORD_FIELDS, CARE_TYPES, careMessages, type CareRecord, type CareType, type CreateCareRecordInput } from '@refugio/contracts';

/** What `POST /api/mascotas/{id}/salud` and `PATCH /api/salud/{id}` take (every field sent: '' or null clears it). */
export type CareRecordInput = CreateCareRecordInput;

/** The dialog's values: what the inputs hold, as text ('' is empty). */
export interface CareRecordValues {
  tipo: CareType;
  nombre: string;
  fechaProgramada: string;
  fechaRealizada: string;
  repetirCadaDias: string;
  dosis: string;
  lote: string;
  veterinario: string;
  resultado: string;
  pesoKg: string;
  coste: string;
  notas: string;
}

export const careRecordFields = CARE_RECORD_FIELDS satisfies readonly (keyof CareRecordValues)[];

export function newCareRecordValues(tipo: CareType = 'vacuna'): CareRecordValues {
  return {
    tipo,
    nombre: tipo === 'peso' ? 'Peso' : '',
    fechaProgramada: '',
    fechaRealizada: '',
    repetirCadaDias: '',
    dosis: '',
    lote: '',
    veterinario: '',
    resultado: '',
    pesoKg: '',
    coste: '',
    notas: '',
  };
}

const num = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

export function careRecordToValues(record: CareRecord): CareRecordValues {
  return {
    tipo: record.tipo,
    nombre: record.nombre,
    fechaProgramada: (record.fechaProgramada ?? '').slice(0, 10),
    fechaRealizada: (record.fechaRealizada ?? '').slice(0, 10),
    repetirCadaDias: record.repetirCadaDias === null ? '' : String(record.repetirCadaDias),
    dosis: record.dosis,
    lote: record.lote,
    veterinario: record.veterinario,
    resultado: record.resultado,
    pesoKg: num(record.pesoKg),
    coste: num(record.coste),
    notas: record.notas,
  };
}

/** A decimal typed the Spanish way ("12,5") or the other ("12.5"), with at most `decimals` decimals. */
function parseDecimal(value: string, decimals: number): number | null {
  const normalised = value.trim().replace(',', '.');
  if (!new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`).test(normalised)) return null;
  return Number(normalised);
}

/**
 * The dialog's rules, the same the server applies (with its messages): a name, a planned or a done date, a done
 * date never after `today` (the organisation's day), a repetition in whole days, and a weight with the day it was weighed.
 */
export function careRecordFormSchema(today: string) {
  const text = z.string();
  return z
    .object({
      tipo: z.enum(CARE_TYPES),
      nombre: text,
      fechaProgramada: text,
      fechaRealizada: text,
      repetirCadaDias: text,
      dosis: text,
      lote: text,
      veterinario: text,
      resultado: text,
      pesoKg: text,
      coste: text,
      notas: text,
    })
    .superRefine((v, ctx) => {
      const issue = (path: keyof CareRecordValues, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (v.nombre.trim() === '') issue('nombre', careMessages.nameRequired);
      if (v.fechaProgramada === '' && v.fechaRealizada === '') issue('fechaProgramada', careMessages.dateRequired);
      if (v.fechaRealizada !== '' && v.fechaRealizada > today) issue('fechaRealizada', careMessages.doneInFuture);
      const repeat = v.repetirCadaDias.trim();
      if (repeat !== '' && (!/^\d{1,4}$/.test(repeat) || Number(repeat) < 1 || Number(repeat) > 3650))
        issue('repetirCadaDias', careMessages.repeatInvalid);
      const kg = parseDecimal(v.pesoKg, 3);
      if (v.tipo === 'peso' && v.pesoKg.trim() === '') issue('pesoKg', careMessages.weightRequired);
      else if (v.pesoKg.trim() !== '' && (kg === null || kg <= 0 || kg > 150)) issue('pesoKg', careMessages.weightInvalid);
      if (v.tipo === 'peso' && v.fechaRealizada === '') issue('fechaRealizada', careMessages.weightDoneOnly);
      if (v.coste.trim() !== '' && parseDecimal(v.coste, 2) === null) issue('coste', careMessages.costInvalid);
    });
}

export function careValuesToInput(values: CareRecordValues): CareRecordInput {
  return {
    tipo: values.tipo,
    nombre: values.nombre.trim(),
    fechaProgramada: values.fechaProgramada === '' ? null : values.fechaProgramada,
    fechaRealizada: values.fechaRealizada === '' ? null : values.fechaRealizada,
    repetirCadaDias: values.repetirCadaDias.trim() === '' ? null : Number(values.repetirCadaDias),
    dosis: values.dosis.trim(),
    lote: values.lote.trim(),
    veterinario: values.veterinario.trim(),
    resultado: values.resultado.trim(),
    pesoKg: parseDecimal(values.pesoKg, 3),
    coste: parseDecimal(values.coste, 2),
    notas: values.notas.trim(),
  };
}
