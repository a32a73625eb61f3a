import { importMessages } from '@refugio/contracts';
import type { Database } from '../../db/client';
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

type Pets = Pick<PetsPort, 'importMatches' | 'reservePetId' | 'stagePhotos'>;

/**
 * The live pet each of `values` already is, if any (undefined: it would be created): by microchip, then by its Nº in
 * Refugio when the name agrees, then by the file's own code of an earlier import.
 */
export async function matchPets(pets: Pets, handle: Database, values: PetRowValues[]): Promise<({ existing: number; motivo: string } | undefined)[]> {
  const keys = await createImporterRepository(handle).keysOf(
    'mascotas',
    values.flatMap((v) => (v.codigo ? [v.codigo] : [])),
  );
  const { byChip, byId } = await pets.importMatches(
    handle,
    values.flatMap((v) => (v.microchip ? [v.microchip] : [])),
    [...values.flatMap((v) => (v.id !== undefined ? [v.id] : [])), ...keys.values()],
  );
  return values.map((v) => {
    const chip = v.microchip ? byChip.get(v.microchip) : undefined;
    if (chip !== undefined) return { existing: chip, motivo: importMessages.duplicateChip };
    if (v.id !== undefined && byId.has(v.id) && fold(byId.get(v.id)!) === fold(v.nombre))
      return { existing: v.id, motivo: importMessages.duplicateId };
    const byKey = v.codigo !== undefined ? keys.get(v.codigo) : undefined;
    if (byKey !== undefined && byId.has(byKey)) return { existing: byKey, motivo: importMessages.duplicateCode };
    return undefined;
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
  const toCopy = withPhoto.filter((_, i) => matches[i] === undefined);
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
