import { type ImportDuplicate, importMessages } from '@refugio/contracts';
import type { Database, Tx } from '../../db/client';
import type { MovementsPort } from '../movements/movements.port';
import type { RegisterBookPort } from '../register-book/register-book.port';
import { AppError } from '../../lib/app-error';
import type { PetsPort } from '../pets/pets.port';
import { type PetRowValues, fold } from './import-fields';
import { type StagedRows, photoOf } from './import-photos';
import type { PlannedRow } from './import-plan';
import { type ImportBatchRow, createImporterRepository } from './importer.repository';

/*
 * The pets of an import (DESIGN section 18): which live pet a row already is, and the photos of the rows that will
 * create one, copied before the rows' transaction.
 */

/** Photos copied at the same time while a chunk is staged. */
const PHOTO_COPIES_AT_ONCE = 8;

type Pets = Pick<PetsPort, 'importMatches' | 'importNameMatches' | 'reservePetId' | 'stagePhotos'>;

/** A live pet a row already is (`posible`: only looks like it; the person decides, `incluir` of the mapping). */
export interface PetMatch {
  existing: number;
  motivo: string;
  posible?: true;
  nombre?: string;
}

/** Whether a row creates a pet: no pet matched, or only a possible one the person chose to import anyway. */
export const createsPet = (match: PetMatch | undefined, fila: number, incluir: readonly number[]): boolean =>
  match === undefined || (match.posible === true && incluir.includes(fila));

/** Every date both give is the same day (a row without a microchip is then possibly that pet). */
const datesAgree = (v: PetRowValues, p: { fechaIngreso: string | null; fechaNacimiento: string | null }) =>
  (v.fechaIngreso === null || p.fechaIngreso === null || v.fechaIngreso === p.fechaIngreso) &&
  (v.fechaNacimiento === null || p.fechaNacimiento === null || v.fechaNacimiento === p.fechaNacimiento);

/**
 * The live pet each of `values` already is, if any (undefined: it would be created): by microchip, then by its Nº in
 * Refugio when the name agrees, then by the file's own code of an earlier import. A row without a microchip that
 * none of these names is possibly a live pet of the same name and species whose dates (entry, birth) agree.
 */
export async function matchPets(
  pets: Pets,
  handle: Database,
  values: PetRowValues[],
  /** The job: the pets this import created already (a second «Michi» of the file is not a duplicate of the first). */
  ownCreated?: () => Promise<Set<number>>,
): Promise<(PetMatch | undefined)[]> {
  const keys = await createImporterRepository(handle).keysOf(
    'mascotas',
    values.flatMap((v) => (v.codigo ? [v.codigo] : [])),
  );
  const { byChip, byId } = await pets.importMatches(
    handle,
    values.flatMap((v) => (v.microchip ? [v.microchip] : [])),
    [...values.flatMap((v) => (v.id !== undefined ? [v.id] : [])), ...keys.values()],
  );
  const certain = values.map((v): PetMatch | undefined => {
    const chip = v.microchip ? byChip.get(v.microchip) : undefined;
    if (chip !== undefined) return { existing: chip, motivo: importMessages.duplicateChip };
    if (v.id !== undefined && byId.has(v.id) && fold(byId.get(v.id)!) === fold(v.nombre))
      return { existing: v.id, motivo: importMessages.duplicateId };
    const byKey = v.codigo !== undefined ? keys.get(v.codigo) : undefined;
    if (byKey !== undefined && byId.has(byKey)) return { existing: byKey, motivo: importMessages.duplicateCode };
    return undefined;
  });
  const chipless = values.filter((v, i) => certain[i] === undefined && v.microchip === null);
  if (chipless.length === 0) return certain;
  let candidates = await pets.importNameMatches(handle, chipless);
  if (ownCreated && candidates.length > 0) {
    const own = await ownCreated();
    candidates = candidates.filter((p) => !own.has(p.id));
  }
  return values.map((v, i) => {
    if (certain[i] !== undefined || v.microchip !== null) return certain[i];
    const same = candidates.find((p) => p.tipo === v.tipo && fold(p.nombre) === fold(v.nombre) && datesAgree(v, p));
    return same ? { existing: same.id, motivo: importMessages.possiblePet(same.nombre), posible: true, nombre: same.nombre } : undefined;
  });
}

/** The photos of a chunk's rows that will create a pet, each copied under an id taken for its pet (files before rows). */
export async function stageChunkPhotos(pets: Pets, db: Database, batch: ImportBatchRow, rows: PlannedRow<unknown>[]): Promise<StagedRows> {
  const staged: StagedRows = new Map();
  if (batch.tipo !== 'mascotas' || !batch.fotos) return staged;
  const fotos = batch.fotos;
  const withPhoto = rows.flatMap((r) =>
    'values' in r && photoOf(fotos, r.values as PetRowValues) ? [{ fila: r.fila, v: r.values as PetRowValues }] : [],
  );
  if (withPhoto.length === 0) return staged;
  const matches = await matchPets(
    pets,
    db,
    withPhoto.map((r) => r.v),
  );
  const toCopy = withPhoto.filter((r, i) => createsPet(matches[i], r.fila, batch.incluir));
  try {
    // A few copies at a time: storage waits on the disk or the network, not on the database.
    for (let i = 0; i < toCopy.length; i += PHOTO_COPIES_AT_ONCE) {
      const group = toCopy.slice(i, i + PHOTO_COPIES_AT_ONCE);
      // Ids taken in the rows' order (the pets read in the file's order), then the copies at once.
      const ids: number[] = [];
      for (const _ of group) ids.push(await pets.reservePetId(db));
      const results = await Promise.allSettled(
        group.map(async ({ fila, v }, k) => {
          const id = ids[k]!;
          const photos = await pets.stagePhotos(
            id,
            [photoOf(fotos, v)!],
            () => new AppError('CONFLICT', { message: importMessages.photoMissing(v.foto!) }),
          );
          staged.set(fila, { id, staged: photos });
        }),
      );
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    }
  } catch (error) {
    for (const { staged: photos } of staged.values()) await photos.discard();
    throw error;
  }
  return staged;
}

/** The dry run's figures for pets: a row with no match is created, a possible duplicate only when the person includes it. */
export function petDryRun(
  valid: readonly { fila: number }[],
  matches: readonly (PetMatch | undefined)[],
  incluir: readonly number[],
): { crear: number; omitir: number; duplicados: ImportDuplicate[] } {
  let crear = 0;
  let omitir = 0;
  const duplicados: ImportDuplicate[] = [];
  valid.forEach(({ fila }, i) => {
    const match = matches[i];
    if (match === undefined) crear++;
    else if (match.posible) {
      const incluida = incluir.includes(fila);
      duplicados.push({
        fila,
        motivo: incluida ? importMessages.possiblePetIncluded(match.nombre ?? '') : match.motivo,
        existenteId: match.existing,
        posible: true,
        incluida,
      });
      if (incluida) crear++;
      else omitir++;
    } else {
      duplicados.push({ fila, motivo: match.motivo, existenteId: match.existing });
      omitir++;
    }
  });
  return { crear, omitir, duplicados };
}

/**
 * Each new pet with an entry date came in that day: its `ingreso`, with the origin the sheet gave (DESIGN 16), and the
 * register book and the annual report count it like any other entry. In the chunk's transaction.
 */
export async function recordEntries(
  movements: Pick<MovementsPort, 'recordImportedEntries'>,
  registerBook: Pick<RegisterBookPort, 'sync'>,
  tx: Tx,
  fresh: readonly { values: unknown }[],
  created: readonly { id: number }[],
  createdBy: ImportBatchRow['createdBy'],
): Promise<void> {
  await movements.recordImportedEntries(
    tx,
    fresh.flatMap(({ values }, i) => {
      const v = values as PetRowValues;
      return v.fechaIngreso
        ? [{ petId: created[i]!.id, fecha: v.fechaIngreso, procedencia: v.procedencia, procedenciaDetalle: v.procedenciaDetalle }]
        : [];
    }),
    createdBy,
  );
  if (created.length > 0)
    await registerBook.sync(
      tx,
      created.map((c) => c.id),
    );
}
