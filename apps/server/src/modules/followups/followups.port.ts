import { DEFAULT_FOLLOWUP_DAYS, type HistoryActor, planFollowups } from '@refugio/contracts';
import type { Database } from '../../db/client';
import { historyPort } from '../history/history.port';
import { createPetsPort } from '../pets/pets.port';
import { createFollowupsRepository } from './followups.repository';

/*
 * What other modules ask of the follow-ups (DESIGN section 13), inside their own transaction (`tx.handle`): the
 * movements module plans an adoption's check-ins and obligations when it opens one, and ends what is still waiting
 * when a return closes it. The check-in days are ADOPTION_FOLLOWUP_DAYS, set once by the followups module.
 */

let checkInDays: readonly number[] = DEFAULT_FOLLOWUP_DAYS;

/** The days after an adoption when the adopter gets a check-in (the followups module sets them from the config). */
export function setFollowupDays(days: readonly number[]): void {
  checkInDays = [...days];
}

export const followupsPort = {
  /**
   * Plans the check-ins and the obligations of the adoption `adopcionId` opened on `fecha` (the pet's identity read
   * on `handle`), each with its history event. Answers how many it planned.
   */
  async planAdoption(
    handle: Database,
    adoption: { adopcionId: number; petId: number; personaId: number | null; fecha: string },
    actor: HistoryActor,
  ): Promise<number> {
    const pet = await createPetsPort(handle).findLive(adoption.petId);
    if (!pet) return 0;
    const plan = planFollowups(adoption.fecha, checkInDays, {
      esterilizado: pet.esterilizado,
      fechaNacimiento: pet.fechaNacimiento,
      microchip: pet.microchip,
    });
    const rows = await createFollowupsRepository(handle).insertMany(
      plan.map((p) => ({ adopcionId: adoption.adopcionId, petId: adoption.petId, personaId: adoption.personaId, tipo: p.tipo, vence: p.vence })),
    );
    await historyPort.recordMany(
      handle,
      rows.map((row) => ({
        actor,
        entidad: 'seguimiento' as const,
        entidadId: row.id,
        accion: 'crear' as const,
        cambios: { tipo: [null, row.tipo], mascotaId: [null, row.petId], personaId: [null, row.personaId], vence: [null, row.vence] },
      })),
    );
    return rows.length;
  },

  /**
   * A return closed the adoption `adopcionId`: what is still pending or sent becomes `anulado` (answers and done
   * obligations stay as they are), each with its history event. Answers how many it ended.
   */
  async endAdoption(handle: Database, adopcionId: number, actor: HistoryActor): Promise<number> {
    const ended = await createFollowupsRepository(handle).endOpen(adopcionId);
    await historyPort.recordMany(
      handle,
      ended.map((row) => ({
        actor,
        entidad: 'seguimiento' as const,
        entidadId: row.id,
        accion: 'estado' as const,
        cambios: { estado: [row.estado, 'anulado'] },
      })),
    );
    return ended.length;
  },
};

export type FollowupsPort = typeof followupsPort;
