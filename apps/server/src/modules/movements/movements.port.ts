import { adoptionMessages, movementMessages, petMessages } from '@refugio/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { movement } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TimeZoneSource } from '../../lib/organization';
import { userActor } from '../history/history.port';
import { type PetActor, createPetsPort } from '../pets/pets.port';
import { createMovementsRepository } from './movements.repository';
import { applyMovement, dayIn } from './movements.service';

/*
 * What other modules may ask of the movements module (DESIGN section 12): the adoption that an approval with
 * "mark adopted" or the pet list's "mark adopted" opens, and the return that un-marking it records. Each runs in
 * the caller's transaction (`tx.handle`), after the caller locked the pet (`pets.lockForChange`).
 */

export function createMovementsPort(timeZone: TimeZoneSource, clock: () => Date = () => new Date()) {
  return {
    /** The pets placed with `personaId` in foster care now (their open `acogida`), on `handle`. */
    async petsFosteredBy(handle: Database, personaId: number): Promise<number[]> {
      return (await createMovementsRepository(handle).openFosterings([personaId])).map((m) => m.petId);
    },

    /**
     * Opens the pet's adoption today for `personaId` (null: recorded without a person). An open foster placement is
     * returned first ("Pasa a adopción"); an open adoption is left as it is. Answers whether it opened one.
     */
    async openAdoption(handle: Database, petId: number, personaId: number | null, actor: PetActor): Promise<boolean> {
      const before = await createPetsPort(handle).lockForChange(petId);
      // "A deleted pet cannot be adopted" (pet-rules.ts): 409, as approving a request of it answers.
      if (!before || before.deletedAt) throw new AppError('CONFLICT', { message: adoptionMessages.petDeleted });
      const open = await createMovementsRepository(handle).openPlacementOf(petId);
      if (open?.tipo === 'adopcion') return false;
      const today = dayIn(await timeZone(handle), clock());
      await applyMovement(handle, before, { tipo: 'adopcion', fecha: today, personaId, personaOpcional: true, cerrarAcogida: true }, actor, today);
      return true;
    },

    /** Un-marking adopted: the open adoption is returned today with `motivo`; without one, nothing. */
    async endAdoption(handle: Database, petId: number, motivo: string, actor: PetActor): Promise<boolean> {
      const before = await createPetsPort(handle).lockForChange(petId);
      if (!before || before.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
      const open = await createMovementsRepository(handle).openPlacementOf(petId);
      const today = dayIn(await timeZone(handle), clock());
      if (open?.tipo !== 'adopcion') {
        // A pet marked adopted with no adoption recorded (written before movements existed): only the flag goes.
        if (!before.adoptado) return false;
        await createPetsPort(handle).applyLocation(
          petId,
          {
            ubicacion: before.ubicacion === 'adoptado' ? 'refugio' : before.ubicacion,
            ubicacionPersonaId: before.ubicacion === 'adoptado' ? null : before.ubicacionPersonaId,
            ubicacionDesde: before.ubicacionDesde ?? today,
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
      await applyMovement(handle, before, { tipo: 'devolucion', fecha: today, motivo }, actor, today);
      return true;
    },
  };
}

export type MovementsPort = ReturnType<typeof createMovementsPort>;

export interface MovementForDocument {
  id: number;
  petId: number;
  tipo: string;
  fecha: string;
  personaId: number | null;
  motivo: string;
}

/** A movement as the acta of a return needs it (DESIGN section 13), on `executor`; `lock` holds the row. */
export async function movementForDocument(
  executor: Database,
  id: number,
  options: { lock?: boolean } = {},
): Promise<MovementForDocument | undefined> {
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
}
export { movementMessages };
