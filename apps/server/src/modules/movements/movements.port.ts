import { type MovementType, type Procedencia, adoptionMessages, movementMessages, petMessages } from '@refugio/contracts';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { movement } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { HistoryPort } from '../history/history.port';
import { userActor } from '../history/history.port';
import type { TimeZoneSource } from '../organization/organization.port';
import type { PersonsPort } from '../persons/persons.port';
import type { LockedPetRow, PetActor, PetsPort } from '../pets/pets.port';
import { type AdoptionListener, type MovementListener, type MovementRequest, applyMovement, dayIn } from './apply-movement';
import { createMovementsRepository } from './movements.repository';

export type { AdoptionListener, AppliedMovement, MovementListener, OpenedAdoption } from './apply-movement';

/*
 * Where a pet is, and its lifecycle (DESIGN section 12): every placement, adoption, return, transfer and death is
 * applied here, and what other modules may ask of it (an approval's adoption, the pet list's "mark adopted", a
 * form saved with another `adoptado`) are these functions. Each write runs in the caller's transaction (`Tx`), after
 * the caller locked the pet (`pets.lockForChange`). Built once in movements.module.ts.
 */

export interface MovementsPortDeps {
  pets: Pick<PetsPort, 'lockForChange' | 'applyLocation' | 'originOf'>;
  persons: Pick<PersonsPort, 'contactOf'>;
  history: Pick<HistoryPort, 'record'>;
  timeZone: TimeZoneSource;
  clock?: () => Date;
}

export interface MovementForDocument {
  id: number;
  petId: number;
  tipo: string;
  fecha: string;
  personaId: number | null;
  motivo: string;
}

export function createMovementsPort({ pets, persons, history, timeZone, clock = () => new Date() }: MovementsPortDeps) {
  const adoptions: AdoptionListener[] = [];
  const movementListeners: MovementListener[] = [];
  const deps = { pets, persons, history, adoptions, movementListeners };
  const today = async (handle?: Database) => dayIn(await timeZone(handle), clock());

  /** The rules of one movement, applied in `tx` with the pet's row locked (`before`); answers the new pet version. */
  const apply = (tx: Tx, before: LockedPetRow, request: MovementRequest, actor: PetActor, day: string) =>
    applyMovement(deps, tx, before, request, actor, day);

  /**
   * Opens the pet's adoption today for `personaId` (null: recorded without a person). An open foster placement is
   * returned first ("Pasa a adopción"); an open adoption is left as it is. Answers whether it opened one.
   */
  async function openAdoption(tx: Tx, petId: number, personaId: number | null, actor: PetActor): Promise<boolean> {
    const before = await pets.lockForChange(tx, petId);
    // "A deleted pet cannot be adopted" (pet-rules.ts): 409, as approving a request of it answers.
    if (!before || before.deletedAt) throw new AppError('CONFLICT', { message: adoptionMessages.petDeleted });
    const open = await createMovementsRepository(tx).openPlacementOf(petId);
    if (open?.tipo === 'adopcion') return false;
    const day = await today(tx);
    await apply(tx, before, { tipo: 'adopcion', fecha: day, personaId, personaOpcional: true, cerrarAcogida: true }, actor, day);
    return true;
  }

  /** Un-marking adopted: the open adoption is returned today with `motivo`; without one, nothing. */
  async function endAdoption(tx: Tx, petId: number, motivo: string, actor: PetActor): Promise<boolean> {
    const before = await pets.lockForChange(tx, petId);
    if (!before || before.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
    const open = await createMovementsRepository(tx).openPlacementOf(petId);
    const day = await today(tx);
    if (open?.tipo !== 'adopcion') {
      // A pet marked adopted with no adoption recorded (written before movements existed): only the flag goes.
      if (!before.adoptado) return false;
      await pets.applyLocation(
        tx,
        petId,
        {
          ubicacion: before.ubicacion === 'adoptado' ? 'refugio' : before.ubicacion,
          ubicacionPersonaId: before.ubicacion === 'adoptado' ? null : before.ubicacionPersonaId,
          ubicacionDesde: before.ubicacionDesde ?? day,
          adoptado: false,
          retirar: false,
          actorId: actor.id,
        },
        before,
        userActor(actor),
        {},
      );
      return true;
    }
    await apply(tx, before, { tipo: 'devolucion', fecha: day, motivo }, actor, day);
    return true;
  }

  return {
    apply,
    today,
    openAdoption,
    endAdoption,

    /**
     * "Mark adopted" or not, the one way every entry point takes (the pet list, a form saved with another
     * `adoptado`, an approval): '1' opens the adoption today, '0' returns the open one ("Desmarcada como adoptada
     * desde la lista").
     */
    setAdopted: (tx: Tx, petId: number, adoptado: boolean, personaId: number | null, actor: PetActor): Promise<boolean> =>
      adoptado ? openAdoption(tx, petId, personaId, actor) : endAdoption(tx, petId, movementMessages.returnedFromList, actor),

    /**
     * The entries of an import's new pets (DESIGN 16, 18), in its chunk's transaction: one `ingreso` per pet on its entry
     * date, with the origin the sheet gave (the pet was created with the same words and its location since that day;
     * its creation event tells both). The caller brings the register book in step for the chunk at once.
     */
    async recordImportedEntries(
      tx: Tx,
      entries: { petId: number; fecha: string; procedencia: Procedencia | null; procedenciaDetalle: string }[],
      actorId: string | null,
    ): Promise<void> {
      await createMovementsRepository(tx).insertMany(
        entries.map((e) => ({
          petId: e.petId,
          tipo: 'ingreso',
          fecha: e.fecha,
          procedencia: e.procedencia,
          procedenciaDetalle: e.procedenciaDetalle,
          createdBy: actorId,
        })),
      );
    },

    /**
     * A pet saved (its form, an approval): where it came from is told by its latest `ingreso` (DESIGN 16), so a
     * change of the pet's origin is the entry's correction, in the save's transaction. A pet with no entry keeps it.
     */
    async followPetOrigin(tx: Tx, petId: number): Promise<void> {
      const origin = await pets.originOf(tx, petId);
      if (!origin) return;
      const repo = createMovementsRepository(tx);
      const entry = await repo.latestEntryOf(petId);
      if (!entry || (entry.procedencia === origin.procedencia && entry.procedenciaDetalle === origin.procedenciaDetalle)) return;
      await repo.setEntryOrigin(entry.id, origin.procedencia, origin.procedenciaDetalle);
    },

    /** The pets placed with `personaId` in foster care now (their open `acogida`). */
    async petsFosteredBy(executor: Database, personaId: number): Promise<number[]> {
      return (await createMovementsRepository(executor).openFosterings([personaId])).map((m) => m.petId);
    },

    /** A movement as the acta of a return needs it (DESIGN section 13); `lock` holds the row. */
    async forDocument(executor: Database, id: number, options: { lock?: boolean } = {}): Promise<MovementForDocument | undefined> {
      const query = executor
        .select({
          id: movement.id,
          petId: movement.petId,
          tipo: movement.tipo,
          fecha: movement.fecha,
          personaId: movement.personaId,
          motivo: movement.motivo,
        })
        .from(movement)
        .where(eq(movement.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    /** Subscribes to adoptions opening and closing (the follow-ups plan and end theirs in the same transaction). */
    onAdoption(listener: AdoptionListener): void {
      adoptions.push(listener);
    },

    /** Subscribes to every movement applied (the sponsorships of a pet adopted or dead ask for a decision). */
    onMovement(listener: MovementListener): void {
      movementListeners.push(listener);
    },
  };
}

export type MovementsPort = ReturnType<typeof createMovementsPort>;
export type { MovementType };
