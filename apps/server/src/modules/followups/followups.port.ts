import { DEFAULT_FOLLOWUP_DAYS, type HistoryActor, planFollowups } from '@refugio/contracts';
import type { Database, Tx } from '../../db/client';
import type { HistoryPort } from '../history/history.port';
import type { PetsPort } from '../pets/pets.port';
import { createFollowupsRepository } from './followups.repository';

/*
 * What other modules ask of the follow-ups (DESIGN section 13), inside their own transaction (`tx.handle`): the
 * movements module plans an adoption's check-ins and obligations when it opens one, and ends what is still waiting
 * when a return closes it. Built once (followups.module.ts) with the check-in days of ADOPTION_FOLLOWUP_DAYS.
 */

export interface FollowupsPortDeps {
  history: Pick<HistoryPort, 'recordMany'>;
  pets: Pick<PetsPort, 'findLive'>;
  /** The days after an adoption when the adopter gets a check-in (ADOPTION_FOLLOWUP_DAYS). */
  checkInDays?: readonly number[];
}

export function createFollowupsPort({ history, pets, checkInDays = DEFAULT_FOLLOWUP_DAYS }: FollowupsPortDeps) {
  return {
    /** What "Pendientes" counts on `today`: answers that asked for help and not attended, obligations overdue. */
    async pendingCounts(executor: Database, today: string): Promise<{ seguimientosAyuda: number; obligacionesVencidas: number }> {
      const counts = await createFollowupsRepository(executor).counts(today);
      return { seguimientosAyuda: counts.ayuda, obligacionesVencidas: counts.vencidas };
    },

    /**
     * Plans the check-ins and the obligations of the adoption `adopcionId` opened on `fecha` (the pet's identity read
     * on `handle`), each with its history event. Answers how many it planned.
     */
    async planAdoption(
      tx: Tx,
      adoption: { adopcionId: number; petId: number; personaId: number | null; fecha: string },
      actor: HistoryActor,
    ): Promise<number> {
      const pet = await pets.findLive(tx, adoption.petId);
      if (!pet) return 0;
      const plan = planFollowups(adoption.fecha, checkInDays, {
        esterilizado: pet.esterilizado,
        fechaNacimiento: pet.fechaNacimiento,
        microchip: pet.microchip,
      });
      const rows = await createFollowupsRepository(tx).insertMany(
        plan.map((p) => ({ adopcionId: adoption.adopcionId, petId: adoption.petId, personaId: adoption.personaId, tipo: p.tipo, vence: p.vence })),
      );
      await history.recordMany(
        tx,
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
    async endAdoption(tx: Tx, adopcionId: number, actor: HistoryActor): Promise<number> {
      const ended = await createFollowupsRepository(tx).endOpen(adopcionId);
      await history.recordMany(
        tx,
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
}

export type FollowupsPort = ReturnType<typeof createFollowupsPort>;
