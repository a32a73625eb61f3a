import { type HistoryActor, type HistoryValue, type MovementType, type Procedencia, movementMessages } from '@refugio/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type HistoryPort, type PersonHistoryField, userActor } from '../history/history.port';
import type { PersonsPort } from '../persons/persons.port';
import { type LockedPetRow, type PetActor, type PetsPort, isFinalLocation } from '../pets/pets.port';
import { type MovementRow, createMovementsRepository } from './movements.repository';

/** An adoption that opened (the follow-ups plan their check-ins from it). */
export interface OpenedAdoption {
  adopcionId: number;
  petId: number;
  personaId: number | null;
  fecha: string;
}

/** Told in the movement's transaction when an adoption opens or a return (a transfer, a death) closes it. */
export interface AdoptionListener {
  opened(tx: Tx, adoption: OpenedAdoption, actor: HistoryActor): Promise<unknown>;
  closed(tx: Tx, adopcionId: number, actor: HistoryActor): Promise<unknown>;
}

/** A movement applied, as its listeners are told of it (the sponsorships of a pet adopted or dead are flagged). */
export interface AppliedMovement {
  movimientoId: number;
  petId: number;
  petNombre: string;
  tipo: MovementType;
  fecha: string;
  personaId: number | null;
}

/** Told in the movement's transaction of every movement applied, after its own writes. */
export type MovementListener = (tx: Tx, movement: AppliedMovement, actor: HistoryActor) => Promise<unknown>;

/** What applying a movement needs of other modules, given once by the movements port. */
export interface ApplyMovementDeps {
  pets: Pick<PetsPort, 'applyLocation'>;
  persons: Pick<PersonsPort, 'contactOf'>;
  history: Pick<HistoryPort, 'record'>;
  adoptions: readonly AdoptionListener[];
  movementListeners?: readonly MovementListener[];
}

/*
 * Where each pet is (DESIGN section 12). A movement and its effect on the pet (location, the spec's `adoptado`,
 * never public after a transfer or a death) commit together, under the pet's row lock, so two placements of one
 * pet are applied one after the other: the second finds the first open and answers 409.
 */

/** The day in the organisation's time zone, YYYY-MM-DD. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** What a movement does, as the rules take it (the route's input, or an approval's adoption). */
export interface MovementRequest {
  tipo: MovementType;
  fecha: string;
  personaId?: number | null | undefined;
  motivo?: string | undefined;
  veterinario?: string | undefined;
  procedencia?: Procedencia | undefined;
  procedenciaDetalle?: string | undefined;
  notas?: string | undefined;
  /** An adoption marked from the list or approved on a request without a person: recorded without one. */
  personaOpcional?: boolean;
  /**
   * An open foster placement is returned first, on the same date (an adoption approved while the pet is fostered,
   * the foster home adopting, a move to another home); without it an open placement refuses the new one (409).
   */
  cerrarAcogida?: boolean;
}

const locationOf: Record<MovementType, string> = {
  ingreso: 'refugio',
  acogida: 'acogida',
  adopcion: 'adoptado',
  devolucion: 'refugio',
  traslado: 'trasladado',
  fallecimiento: 'fallecido',
};

type PersonChanges = Partial<Record<PersonHistoryField, [HistoryValue, HistoryValue]>>;

export const isPlacement = (tipo: string) => tipo === 'acogida' || tipo === 'adopcion';

export function conflict(message: string): AppError {
  return new AppError('CONFLICT', { message });
}
function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', { message, fieldErrors: { [field]: message } });
}

/**
 * Applies one movement inside the caller's transaction, the pet's row already locked (`before`). Checks the rules,
 * writes the movement (closing the open placement on a return, a transfer or a death), the pet's location through
 * the pets port, and the history events on the pet and the person. Answers the new pet version.
 */
export async function applyMovement(
  deps: ApplyMovementDeps,
  tx: Tx,
  before: LockedPetRow,
  request: MovementRequest,
  actor: PetActor,
  today: string,
): Promise<{ movement: MovementRow; version: number }> {
  const { pets, persons, history, adoptions } = deps;
  const repo = createMovementsRepository(tx);
  if (request.fecha > today) throw invalid('fecha', movementMessages.dateInFuture);
  if (isFinalLocation(before.ubicacion)) throw conflict(movementMessages.finalLocation);
  const latest = await repo.latestOfPet(before.id);
  if (latest && request.fecha < latest.fecha) throw invalid('fecha', movementMessages.dateBeforePrevious(latest.fecha));
  let open = await repo.openPlacementOf(before.id);
  const events: { personaId: number; cambios: PersonChanges }[] = [];
  const historyActor = userActor(actor);

  let personaId: number | null = null;
  if (isPlacement(request.tipo)) {
    if (request.personaId == null) {
      if (!request.personaOpcional) throw invalid('personaId', movementMessages.personRequired);
    } else {
      const person = await persons.contactOf(tx, request.personaId);
      if (!person) throw invalid('personaId', movementMessages.personNotFound);
      if (person.anonimizada) throw conflict(movementMessages.personAnonymised);
      personaId = person.id;
    }
    if (open && open.tipo === 'acogida' && request.cerrarAcogida) {
      const closing = await repo.insert({
        petId: before.id,
        tipo: 'devolucion',
        fecha: request.fecha,
        personaId: open.personaId,
        motivo: request.tipo === 'adopcion' ? 'Pasa a adopción' : 'Pasa a otra casa de acogida',
        notas: '',
        createdBy: actor.id,
      });
      await repo.close(open.id, closing.id);
      if (open.personaId !== null)
        events.push({ personaId: open.personaId, cambios: { movimiento: [null, 'devolucion'], mascota: [null, before.nombre] } });
      open = undefined;
    }
    if (open) throw conflict(movementMessages.placementOpen);
  }
  if (request.tipo === 'devolucion') {
    if (!request.motivo || request.motivo.trim() === '') throw invalid('motivo', movementMessages.reasonRequired);
    if (!open) throw conflict(movementMessages.nothingToReturn);
    personaId = open.personaId;
  }
  if (request.tipo !== 'ingreso' && (request.procedencia || request.procedenciaDetalle?.trim()))
    throw invalid('procedencia', movementMessages.procedenciaOnlyOnEntry);
  if (request.tipo === 'fallecimiento' && (!request.motivo || request.motivo.trim() === '')) throw invalid('motivo', movementMessages.causeRequired);
  if (request.tipo === 'ingreso' && open) throw conflict(movementMessages.placementOpen);

  const row = await repo.insert({
    petId: before.id,
    tipo: request.tipo,
    fecha: request.fecha,
    personaId,
    motivo: request.motivo?.trim() ?? '',
    veterinario: request.veterinario?.trim() ?? '',
    procedencia: request.tipo === 'ingreso' ? (request.procedencia ?? null) : null,
    procedenciaDetalle: request.tipo === 'ingreso' ? (request.procedenciaDetalle?.trim() ?? '') : '',
    notas: request.notas?.trim() ?? '',
    createdBy: actor.id,
  });
  // A return closes the placement; a transfer or a death ends it too (the pet is not with that person any more).
  if (open && !isPlacement(request.tipo) && request.tipo !== 'ingreso') {
    await repo.close(open.id, row.id);
    if (request.tipo !== 'devolucion' && open.personaId !== null) {
      events.push({ personaId: open.personaId, cambios: { movimiento: [null, request.tipo], mascota: [null, before.nombre] } });
    }
  }
  if (personaId !== null) events.push({ personaId, cambios: { movimiento: [null, request.tipo], mascota: [null, before.nombre] } });
  // Who follows an adoption (the follow-ups, DESIGN section 13) is told in this transaction when one opens or closes.
  if (request.tipo === 'adopcion')
    for (const listener of adoptions)
      await listener.opened(tx, { adopcionId: row.id, petId: before.id, personaId, fecha: request.fecha }, historyActor);
  if (open?.tipo === 'adopcion' && request.tipo !== 'adopcion') for (const listener of adoptions) await listener.closed(tx, open.id, historyActor);
  for (const listener of deps.movementListeners ?? []) {
    await listener(
      tx,
      { movimientoId: row.id, petId: before.id, petNombre: before.nombre, tipo: request.tipo, fecha: request.fecha, personaId },
      historyActor,
    );
  }

  const version = await pets.applyLocation(
    tx,
    before.id,
    {
      ubicacion: locationOf[request.tipo],
      ubicacionPersonaId: isPlacement(request.tipo) ? personaId : null,
      ubicacionDesde: request.fecha,
      adoptado: request.tipo === 'adopcion',
      retirar: request.tipo === 'traslado' || request.tipo === 'fallecimiento',
      actorId: actor.id,
      ...(request.tipo === 'ingreso' ? { origen: { procedencia: row.procedencia, procedenciaDetalle: row.procedenciaDetalle } } : {}),
    },
    before,
    historyActor,
    {
      movimiento: [null, request.tipo],
      ...(personaId !== null ? { personaId: [null, personaId] as [null, number] } : {}),
      ...(request.motivo ? { motivo: [null, request.motivo.trim()] as [null, string] } : {}),
      ...(request.veterinario?.trim() ? { veterinario: [null, request.veterinario.trim()] as [null, string] } : {}),
      ...(request.tipo === 'ingreso' && request.procedencia ? { procedencia: [null, request.procedencia] as [null, string] } : {}),
    },
  );
  for (const event of events) {
    await history.record(tx, { actor: historyActor, entidad: 'persona', entidadId: event.personaId, accion: 'modificar', cambios: event.cambios });
  }
  return { movement: row, version };
}
