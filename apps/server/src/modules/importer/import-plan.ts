import {
  type CustomFieldRule,
  IMPORT_CUSTOM_FIELD_PREFIX,
  type ImportDateFormat,
  type ImportDuplicate,
  type ImportRowError,
  importMessages,
} from '@refugio/contracts';
import type { Database } from '../../db/client';
import type { PersonsPort } from '../persons/persons.port';
import { withOwnFields } from './import-custom-fields';
import { createImporterRepository } from './importer.repository';
import { type MappedRow, type PersonRowValues, type PetRowValues, dateOrderOf, fold, readPersonRow, readPetRow } from './import-fields';

/*
 * A file's rows as the import reads them once a mapping is chosen (DESIGN section 18): each data row (the header is
 * row 1) either values or errors, with the checks that look across rows (the same microchip or own id twice). The
 * dry run and the job read rows the same way, so the job does what the dry run said.
 */

export type PlannedRow<V> =
  { fila: number; vacia: true } | { fila: number; vacia?: false; values: V } | { fila: number; vacia?: false; errors: ImportRowError[] };

export function mapped(columnas: string[], filas: string[][], mapeo: Record<string, string>): MappedRow[] {
  const fields = columnas.map((c) => mapeo[c] ?? '');
  return filas.map((cells, index) => {
    const map = new Map<string, { columna: string; valor: string }>();
    fields.forEach((field, i) => {
      if (field !== '') map.set(field, { columna: columnas[i]!, valor: cells[i] ?? '' });
    });
    return { fila: index + 2, cells: map };
  });
}

export const isEmpty = (cells: string[]) => cells.every((c) => c.trim() === '');

export function context(columnas: string[], filas: string[][], mapeo: Record<string, string>, formato: ImportDateFormat | undefined, today: string) {
  const orders: Record<string, 'dia' | 'ambigua'> = {};
  columnas.forEach((columna, i) => {
    const field = mapeo[columna];
    // An own field's column too: its dates (if it is a date field) read as the column writes them.
    if (field === 'fechaNacimiento' || field === 'fechaIngreso' || field === 'fecha' || field?.startsWith(IMPORT_CUSTOM_FIELD_PREFIX))
      orders[field] = dateOrderOf(filas.map((r) => r[i] ?? ''));
  });
  return { formato, orders, today };
}

/** The same value in two rows: the later row gets `message(first row)`. */
export function repeats<V>(
  rows: PlannedRow<V>[],
  key: (values: V) => string | undefined,
  field: string,
  message: (fila: number) => string,
): PlannedRow<V>[] {
  const first = new Map<string, number>();
  return rows.map((row) => {
    if (row.vacia || !('values' in row)) return row;
    const k = key(row.values);
    if (k === undefined) return row;
    const seen = first.get(k);
    if (seen === undefined) {
      first.set(k, row.fila);
      return row;
    }
    return { fila: row.fila, errors: [{ fila: row.fila, columna: field, mensaje: message(seen) }] };
  });
}

export function columnOf(columnas: string[], mapeo: Record<string, string>, field: string): string {
  return columnas.find((c) => mapeo[c] === field) ?? field;
}

export function planPets(
  columnas: string[],
  filas: string[][],
  mapeo: Record<string, string>,
  formato: ImportDateFormat | undefined,
  today: string,
  own: readonly CustomFieldRule[] = [],
): PlannedRow<PetRowValues>[] {
  const ctx = context(columnas, filas, mapeo, formato, today);
  const rows = mapped(columnas, filas, mapeo).map((row, i): PlannedRow<PetRowValues> => {
    if (isEmpty(filas[i]!)) return { fila: row.fila, vacia: true };
    const read = withOwnFields(row, readPetRow(row, ctx), own, ctx, (v) => v.tipo);
    return 'values' in read ? { fila: row.fila, values: read.values } : { fila: row.fila, errors: read.errors };
  });
  const byChip = repeats(rows, (v) => v.microchip ?? undefined, columnOf(columnas, mapeo, 'microchip'), importMessages.chipRepeated);
  return repeats(
    byChip,
    (v) => v.codigo,
    columnOf(columnas, mapeo, 'codigo'),
    (fila) => `El mismo código está también en la fila ${fila}.`,
  );
}

/** Persons with their contact normalised by `normalise` (the persons port's rule); an invalid e-mail or phone is a row error. */
export function planPersons(
  columnas: string[],
  filas: string[][],
  mapeo: Record<string, string>,
  normalise: (email: string | null, telefono: string | null) => { email: string | null; telefono: string | null; valido: boolean },
  own: readonly CustomFieldRule[] = [],
  formato?: ImportDateFormat,
): PlannedRow<PersonRowValues>[] {
  const ctx = context(columnas, filas, mapeo, formato, '9999-12-31');
  const rows = mapped(columnas, filas, mapeo).map((row, i): PlannedRow<PersonRowValues> => {
    if (isEmpty(filas[i]!)) return { fila: row.fila, vacia: true };
    const read = withOwnFields(row, readPersonRow(row), own, ctx);
    if (!('values' in read)) return { fila: row.fila, errors: read.errors };
    const contact = normalise(read.values.email, read.values.telefono);
    if (!contact.valido) {
      const columna =
        row.cells.get(read.values.email && !contact.email ? 'email' : row.cells.has('telefono') ? 'telefono' : 'movil')?.columna ?? 'email';
      return { fila: row.fila, errors: [{ fila: row.fila, columna, mensaje: importMessages.contactInvalid }] };
    }
    return { fila: row.fila, values: { ...read.values, email: contact.email, telefono: contact.telefono } };
  });
  return repeats(
    rows,
    (v) => v.codigo,
    columnOf(columnas, mapeo, 'codigo'),
    (fila) => `El mismo código está también en la fila ${fila}.`,
  );
}

/** The same person twice in one file (same first name and e-mail, or phone without one): the first row's key. */
export function personKey(values: Pick<PersonRowValues, 'nombre' | 'email' | 'telefono'>): string {
  return `${fold(values.nombre).split(' ')[0]}|${values.email ?? `tel:${values.telefono}`}`;
}

/** The dry run's figures of person rows: matched by the file's own code imported before, or by the linking rule of DESIGN 10. */
export async function personDryRun(
  persons: Pick<PersonsPort, 'matchImported'>,
  db: Database,
  rows: { fila: number; values: PersonRowValues }[],
): Promise<{ crear: number; actualizar: number; omitir: number; duplicados: ImportDuplicate[] }> {
  const duplicados: ImportDuplicate[] = [];
  let crear = 0;
  let actualizar = 0;
  let omitir = 0;
  const values = rows.map((r) => ({ fila: r.fila, v: r.values }));
  const keys = await createImporterRepository(db).keysOf(
    'personas',
    values.flatMap(({ v }) => (v.codigo ? [v.codigo] : [])),
  );
  const matches = await persons.matchImported(
    db,
    values.map(({ v }) => v),
  );
  const seen = new Set<string>();
  values.forEach(({ fila, v }, i) => {
    const key = personKey(v);
    const match = matches[i]!;
    if (v.codigo !== undefined && keys.has(v.codigo)) {
      duplicados.push({ fila, motivo: importMessages.duplicateCode, existenteId: keys.get(v.codigo)! });
      omitir++;
    } else if (seen.has(key)) omitir++;
    else if (match.personaId !== null) {
      duplicados.push({ fila, motivo: importMessages.duplicatePerson, existenteId: match.personaId });
      if (match.cambios) actualizar++;
      else omitir++;
    } else {
      crear++;
      if (match.duplicados[0] !== undefined) duplicados.push({ fila, motivo: importMessages.possibleDuplicate, existenteId: match.duplicados[0] });
    }
    seen.add(key);
  });
  return { crear, actualizar, omitir, duplicados };
}
