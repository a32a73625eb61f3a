import {
  CARE_TYPES,
  type CareType,
  IDENTITY_TEXT_MAX_LENGTH,
  type ImportDateFormat,
  type ImportDuplicate,
  type ImportRowError,
  WEIGHT_KG_MAX,
  careTypeLabels,
  importMessages,
} from '@refugio/contracts';
import type { Database, Tx } from '../../db/client';
import type { CarePort } from '../care/care.port';
import type { PetsPort } from '../pets/pets.port';
import { type MappedRow, RowErrors, dateField, fold, parseMicrochip, text, words } from './import-fields';
import { type PlannedRow, columnOf, context, isEmpty, mapped, repeats } from './import-plan';
import { createImporterRepository } from './importer.repository';

/*
 * Care records from a spreadsheet (DESIGN section 18): vaccines, dewormings and weights by date, each matched to a
 * pet by its microchip, its Nº in Refugio or the file's own code of a pet imported before. A record the pet already
 * has (same type, name and day) is a duplicate: the same file twice creates nothing.
 */

/** Header names of a care sheet (Spanish, and Animal Shelter Manager's vaccination and medical exports). */
export const CARE_HEADERS: Record<string, string> = Object.fromEntries(
  Object.entries({
    microchip: ['chip', 'microchip', 'no chip', 'n chip', 'numero de chip', 'numero de microchip', 'animalmicrochip', 'microchipnumber'],
    id: ['no', 'n', 'numero', 'id refugio', 'no refugio', 'no en refugio', 'mascota id'],
    codigo: ['id', 'codigo', 'code', 'referencia', 'ref', 'expediente', 'codigo animal', 'animalcode', 'sheltercode'],
    cuidado: ['tipo', 'tipo de cuidado', 'cuidado', 'type', 'caretype'],
    producto: [
      'vacuna',
      'vacuna o producto',
      'producto',
      'nombre',
      'medicamento',
      'desparasitante',
      'tratamiento',
      'concepto',
      'vaccinationtype',
      'treatmentname',
      'medicationname',
    ],
    fecha: [
      'fecha',
      'dia',
      'date',
      'fecha de aplicacion',
      'fecha realizada',
      'fecha de vacunacion',
      'dateofvaccination',
      'dategiven',
      'dateofweight',
    ],
    peso: ['peso', 'peso kg', 'kg', 'kilos', 'weight', 'animalweight'],
    lote: ['lote', 'no lote', 'n lote', 'numero de lote', 'batch', 'batchnumber'],
    veterinario: ['veterinario', 'veterinaria', 'veterinario a', 'vet', 'clinica', 'administeringvet'],
    notas: ['notas', 'observaciones', 'comentarios', 'comments'],
  }).flatMap(([campo, names]) => names.map((n) => [n, campo])),
);

const CARE_WORDS: Record<string, CareType> = {
  ...Object.fromEntries(CARE_TYPES.flatMap((t) => [[fold(t), t] as const, [fold(careTypeLabels[t]), t] as const])),
  vacunacion: 'vacuna',
  vacunas: 'vacuna',
  vaccine: 'vacuna',
  vaccination: 'vacuna',
  desparasitacion: 'desparasitacion_interna',
  desparasitante: 'desparasitacion_interna',
  'antiparasitario interno': 'desparasitacion_interna',
  deworming: 'desparasitacion_interna',
  worming: 'desparasitacion_interna',
  'antiparasitario externo': 'desparasitacion_externa',
  pipeta: 'desparasitacion_externa',
  'collar antiparasitario': 'desparasitacion_externa',
  flea: 'desparasitacion_externa',
  pesaje: 'peso',
  weight: 'peso',
};

/** A care record as a row gives it, with how it names its pet. */
export interface CareRowValues {
  microchip?: string;
  id?: number;
  codigo?: string;
  /** The cell that named the pet (for the message when no pet has it). */
  mascota: { columna: string; valor: string };
  tipo: CareType;
  nombre: string;
  fecha: string;
  pesoKg: number | null;
  lote: string;
  veterinario: string;
  notas: string;
}

export function readCareRow(row: MappedRow, ctx: ReturnType<typeof context>): { values: CareRowValues } | { errors: ImportRowError[] } {
  const errors = new RowErrors(row);
  const chipText = text(row, errors, 'microchip', 60);
  let microchip: string | undefined;
  if (chipText !== '') {
    const parsed = parseMicrochip(chipText);
    if ('error' in parsed) errors.add('microchip', parsed.error);
    else microchip = parsed.value;
  }
  const idText = text(row, errors, 'id', 12);
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : undefined;
  const codigo = text(row, errors, 'codigo', 100) || undefined;
  const key = chipText !== '' ? 'microchip' : id !== undefined ? 'id' : codigo !== undefined ? 'codigo' : undefined;
  if (!key && errors.list.length === 0) errors.add('microchip', importMessages.petKeyRequired);
  const tipo = words(
    row,
    errors,
    'cuidado',
    CARE_WORDS,
    'Vacuna, Desparasitación interna, Desparasitación externa, Peso (o los demás tipos de la ficha)',
  );
  if (!tipo && !row.cells.get('cuidado')?.valor.trim()) errors.add('cuidado', importMessages.required('el tipo de cuidado'));
  const fecha = dateField(row, errors, 'fecha', ctx);
  if (!fecha && !row.cells.get('fecha')?.valor.trim()) errors.add('fecha', importMessages.required('la fecha'));
  const pesoText = text(row, errors, 'peso', 20);
  let pesoKg: number | null = null;
  if (pesoText !== '') {
    const kg = Number(pesoText.replace(/\s*kg$/i, '').replace(',', '.'));
    if (!/^\d+(?:[.,]\d+)?(?:\s*kg)?$/i.test(pesoText) || !(kg > 0) || kg > WEIGHT_KG_MAX) errors.add('peso', importMessages.weightInvalid(pesoText));
    else pesoKg = Math.round(kg * 1000) / 1000;
  } else if (tipo === 'peso') errors.add('peso', importMessages.required('el peso'));
  const producto = text(row, errors, 'producto', IDENTITY_TEXT_MAX_LENGTH);
  const values: CareRowValues = {
    ...(microchip !== undefined ? { microchip } : {}),
    ...(id !== undefined ? { id } : {}),
    ...(codigo !== undefined ? { codigo } : {}),
    mascota: key ? (row.cells.get(key) ?? { columna: key, valor: '' }) : { columna: '', valor: '' },
    tipo: tipo ?? 'vacuna',
    nombre: producto || careTypeLabels[tipo ?? 'vacuna'],
    fecha: fecha ?? '',
    pesoKg: tipo === 'peso' ? pesoKg : null,
    lote: text(row, errors, 'lote', 100),
    veterinario: text(row, errors, 'veterinario', IDENTITY_TEXT_MAX_LENGTH),
    notas: text(row, errors, 'notas', 2000, 'multi'),
  };
  return errors.list.length > 0 ? { errors: errors.list } : { values };
}

export function planCare(
  columnas: string[],
  filas: string[][],
  mapeo: Record<string, string>,
  formato: ImportDateFormat | undefined,
  today: string,
): PlannedRow<CareRowValues>[] {
  const ctx = context(columnas, filas, mapeo, formato, today);
  const rows = mapped(columnas, filas, mapeo).map((row, i): PlannedRow<CareRowValues> => {
    if (isEmpty(filas[i]!)) return { fila: row.fila, vacia: true };
    const read = readCareRow(row, ctx);
    return 'values' in read ? { fila: row.fila, values: read.values } : { fila: row.fila, errors: read.errors };
  });
  return repeats(
    rows,
    (v) => `${v.microchip ?? v.id ?? v.codigo}|${v.tipo}|${fold(v.nombre)}|${v.fecha}`,
    columnOf(columnas, mapeo, 'fecha'),
    (fila) => `El mismo cuidado de la misma mascota está también en la fila ${fila}.`,
  );
}

type Pets = Pick<PetsPort, 'importMatches'>;
type Care = Pick<CarePort, 'importMatches'>;
export type CareMatch = { petId: number; existente: number | null } | { error: ImportRowError };

/** Each row's pet (or the error that none has it) and whether the pet already has that record on that day. */
export async function matchCare(
  pets: Pets,
  care: Care,
  handle: Database | Tx,
  rows: { fila: number; values: CareRowValues }[],
): Promise<CareMatch[]> {
  const keys = await createImporterRepository(handle).keysOf(
    'mascotas',
    rows.flatMap(({ values: v }) => (v.codigo ? [v.codigo] : [])),
  );
  const { byChip, byId } = await pets.importMatches(
    handle,
    rows.flatMap(({ values: v }) => (v.microchip ? [v.microchip] : [])),
    [...rows.flatMap(({ values: v }) => (v.id !== undefined ? [v.id] : [])), ...keys.values()],
  );
  const petOf = (v: CareRowValues): number | undefined => {
    if (v.microchip) return byChip.get(v.microchip);
    if (v.id !== undefined) return byId.has(v.id) ? v.id : undefined;
    const key = v.codigo ? keys.get(v.codigo) : undefined;
    return key !== undefined && byId.has(key) ? key : undefined;
  };
  const petIds = [...new Set(rows.flatMap(({ values: v }) => (petOf(v) !== undefined ? [petOf(v)!] : [])))];
  const done = new Map<string, number>();
  for (const r of await care.importMatches(handle, petIds)) done.set(`${r.petId}|${r.tipo}|${fold(r.nombre)}|${r.fecha}`, r.petId);
  return rows.map(({ fila, values: v }) => {
    const petId = petOf(v);
    if (petId === undefined) return { error: { fila, columna: v.mascota.columna, mensaje: importMessages.petNotFound(v.mascota.valor) } };
    return { petId, existente: done.has(`${petId}|${v.tipo}|${fold(v.nombre)}|${v.fecha}`) ? petId : null };
  });
}

/** The dry run's figures of care rows. */
export function careDryRun(rows: { fila: number }[], matches: CareMatch[]) {
  const errores: ImportRowError[] = [];
  const duplicados: ImportDuplicate[] = [];
  let crear = 0;
  let omitir = 0;
  rows.forEach(({ fila }, i) => {
    const match = matches[i]!;
    if ('error' in match) errores.push(match.error);
    else if (match.existente !== null) {
      duplicados.push({ fila, motivo: importMessages.careDuplicate, existenteId: match.existente });
      omitir++;
    } else crear++;
  });
  return { crear, omitir, errores, duplicados };
}
