import { FINAL_LOCATIONS, dayInZone, petIdentityMessages, petMessages, type PetFields } from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { TimeZoneSource } from '../organization/organization.port';
import type { PetView, PetsRepository } from './pets.repository';

/* The checks a change to a pet passes before it is written: the pet is there, its identity's dates and microchip hold. */

/** Dates of the identity never after today in the organisation's time zone (400 with the field's message). */
export async function checkIdentityDates(fields: PetFields, timeZone: TimeZoneSource): Promise<void> {
  if (!fields.fechaNacimiento && !fields.fechaEsterilizacion) return;
  const today = dayInZone(new Date(), await timeZone());
  if (fields.fechaNacimiento && fields.fechaNacimiento > today)
    throw new AppError('VALIDATION_ERROR', {
      message: petIdentityMessages.birthInFuture,
      fieldErrors: { fechaNacimiento: petIdentityMessages.birthInFuture },
    });
  if (fields.fechaEsterilizacion && fields.fechaEsterilizacion > today)
    throw new AppError('VALIDATION_ERROR', {
      message: petIdentityMessages.sterilisedDateInFuture,
      fieldErrors: { fechaEsterilizacion: petIdentityMessages.sterilisedDateInFuture },
    });
}

export async function requirePet(repo: PetsRepository, id: number): Promise<PetView> {
  const row = await repo.findById(id);
  if (!row) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
  return row;
}

/** Inside a transaction: the live pet with its row locked until the transaction ends, or a 404. */
export async function lockPet(tx: PetsRepository, id: number): Promise<PetView> {
  const row = await tx.lockLive(id);
  if (!row) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
  return row;
}

/** The microchip checks of a pet's save, over the pets' repository. */
export function createMicrochipChecks(repo: Pick<PetsRepository, 'findMicrochipHolder'>) {
  /**
   * A microchip held by another live pet: 409 naming that pet. Checked before the write for the usual case; the
   * partial unique index pet_live_microchip decides between two saves at once (`microchipConflict` below).
   */
  async function checkMicrochipFree(microchip: string | null | undefined, petId: number): Promise<void> {
    if (!microchip) return;
    const holder = await repo.findMicrochipHolder(microchip, petId);
    if (holder)
      throw new AppError('CONFLICT', {
        message: petIdentityMessages.microchipTaken(holder.nombre, holder.id),
        fieldErrors: { microchip: petIdentityMessages.microchipTaken(holder.nombre, holder.id) },
      });
  }

  /** A unique violation of the microchip index (a save that raced another) told as the same 409; other errors as they are. */
  async function microchipConflict(error: unknown, microchip: string | null | undefined, petId: number): Promise<unknown> {
    if (microchip && isUniqueViolation(error)) {
      try {
        await checkMicrochipFree(microchip, petId);
      } catch (conflict) {
        return conflict;
      }
    }
    return error;
  }

  return { checkMicrochipFree, microchipConflict };
}

/** After a transfer or a death (DESIGN section 12). */
export function isFinalLocation(ubicacion: string): boolean {
  return (FINAL_LOCATIONS as readonly string[]).includes(ubicacion);
}
