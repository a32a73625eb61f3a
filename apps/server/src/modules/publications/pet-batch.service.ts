import {
  ACTION_STATE,
  PET_BATCH_MAX,
  type PetBatchAction,
  type PetBatchFailure,
  type PetBatchInput,
  type PetBatchItemResult,
  type PetBatchResult,
  type PublicationChange,
  movementMessages,
  petBatchMessages,
} from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { yieldToOthers } from '../../lib/yield-to-others';
import { type Database, runInTransaction } from '../../db/client';
import type { SessionUser } from '../../plugins/access';
import { type BatchPetChange, type LockedPetRow, type PetsPort, isFinalLocation, mayRestore } from '../pets/pets.port';
import type { MovementsPort } from '../movements/movements.port';
import { decidePublicationOrThrow } from './publications.service';

export interface PetBatchServiceDeps {
  /** Every change goes through the pets port: the pets module owns the pet's rows. */
  pets: Pick<PetsPort, 'matchingIds' | 'lockForChange' | 'applyBatchChange'>;
  db: Database;
  /** "Mark adopted" opens the pet's adoption, without a person (DESIGN section 12). */
  movements: Pick<MovementsPort, 'openAdoption'>;
  clock: Clock;
}

type Outcome = { change: BatchPetChange } | { adopt: true } | { unchanged: true } | { failure: PetBatchFailure; message?: string };

const failureMessages: Record<PetBatchFailure, string> = {
  CONFLICT: petBatchMessages.conflict,
  NOT_FOUND: petBatchMessages.notFound,
  FORBIDDEN: petBatchMessages.restoreForbidden,
};

/**
 * What the action does to one pet, by the rules of the single action: publish or schedule (the rules of
 * Publicaciones Programadas, decided once for the whole request), mark adopted, soft delete, and restore (only
 * an administrator or whoever deleted it). A pet already in the state asked for is left alone.
 */
function decideFor(
  action: PetBatchAction,
  row: LockedPetRow,
  actor: SessionUser,
  publication: PublicationChange | null,
  expectedVersion: number | undefined,
): Outcome {
  if (action === 'restaurar') {
    if (!row.deletedAt) return { unchanged: true };
  } else if (row.deletedAt) {
    return action === 'eliminar' ? { unchanged: true } : { failure: 'NOT_FOUND' };
  }
  const already =
    (action === 'publicar' && row.estado === 'publicada') ||
    (action === 'programar' && row.estado === 'programada' && row.publicarEn?.getTime() === publication?.publicarEn?.getTime()) ||
    (action === 'adoptar' && row.adoptado);
  if (already) return { unchanged: true };
  // Changed by somebody else since the person saw it: reported, never overwritten.
  if (expectedVersion !== undefined && expectedVersion !== row.version) return { failure: 'CONFLICT' };
  switch (action) {
    case 'publicar':
    case 'programar':
      if (isFinalLocation(row.ubicacion)) return { failure: 'CONFLICT', message: movementMessages.neverPublic };
      return { change: { kind: 'publication', estado: publication!.estado, publicarEn: publication!.publicarEn, actorId: actor.id } };
    case 'adoptar':
      if (isFinalLocation(row.ubicacion)) return { failure: 'CONFLICT', message: movementMessages.finalLocation };
      return { adopt: true };
    case 'eliminar':
      return { change: { kind: 'deleted', actorId: actor.id } };
    case 'restaurar':
      if (!mayRestore(actor, row)) return { failure: 'FORBIDDEN' };
      return { change: { kind: 'restored' } };
  }
}

/**
 * Bulk actions on the pet list (`POST /api/mascotas/lote`): one action for the pets picked (each with the
 * version the person saw, when known) or for every pet the list's filter matches, at most PET_BATCH_MAX. Each pet
 * is changed in a transaction of its own with its row locked, so one that fails leaves the others changed, and
 * the answer says per pet what happened. Between two pets the server serves whatever else is waiting, so a large
 * action never holds the one PGlite connection (or the process) for long.
 */
export function createPetBatchService({ pets, db, movements, clock }: PetBatchServiceDeps) {
  /** The pets the request names, or those its filter matches now (with their versions, so a change made meanwhile is a conflict). */
  async function targets(input: PetBatchInput): Promise<{ id: number; version?: number | undefined }[]> {
    if (input.items) return input.items;
    const matches = await pets.matchingIds(db, input.filtro ?? {}, PET_BATCH_MAX + 1);
    if (matches.length > PET_BATCH_MAX) {
      throw new AppError('VALIDATION_ERROR', { message: petBatchMessages.filterTooMany, fieldErrors: { filtro: petBatchMessages.filterTooMany } });
    }
    return matches;
  }

  return {
    async apply(actor: SessionUser, input: PetBatchInput): Promise<PetBatchResult> {
      const now = clock.now();
      // A missing or past date refuses the whole request before anything changes, as on /borradores.
      const publication =
        input.accion === 'publicar' || input.accion === 'programar'
          ? decidePublicationOrThrow(ACTION_STATE[input.accion], input.publicarEn, now)
          : null;
      const resultados: PetBatchItemResult[] = [];
      for (const { id, version } of await targets(input)) {
        const result = await runInTransaction(db, async (tx): Promise<PetBatchItemResult> => {
          const row = await pets.lockForChange(tx, id);
          if (!row) return { id, nombre: null, ok: false, code: 'NOT_FOUND', message: failureMessages.NOT_FOUND };
          const outcome = decideFor(input.accion, row, actor, publication, version);
          if ('failure' in outcome)
            return { id, nombre: row.nombre, ok: false, code: outcome.failure, message: outcome.message ?? failureMessages[outcome.failure] };
          if ('unchanged' in outcome) return { id, nombre: row.nombre, ok: true, sinCambios: true, version: row.version };
          if ('adopt' in outcome) {
            await movements.openAdoption(tx, id, null, actor);
            return { id, nombre: row.nombre, ok: true, sinCambios: false, version: (await pets.lockForChange(tx, id))!.version };
          }
          return { id, nombre: row.nombre, ok: true, sinCambios: false, version: await pets.applyBatchChange(tx, id, outcome.change, row, actor) };
        });
        resultados.push(result);
        // Requests that arrived meanwhile (a health check, another person's page) are served between pets.
        await yieldToOthers();
      }
      return { accion: input.accion, resultados };
    },
  };
}

export type PetBatchService = ReturnType<typeof createPetBatchService>;
