import { DEWORMED_WITHIN_DAYS, type PublicCareBadges, addDaysToDay } from '@refugio/contracts';
import { and, asc, eq, gte, isNull, isNotNull, or, sql } from 'drizzle-orm';
import { careRecord } from '../../db/schema';
import type { HistoryActor } from '@refugio/contracts';
import type { HistoryPort } from '../history/history.port';
import type { PetsPort } from '../pets/pets.port';
import type { Database, Tx } from '../../db/client';
import { createCareImport } from './care-import';
import { planNextDose } from './care-next-dose';
import { createCareRepository } from './care.repository';
import { anyOf } from '../../db/any-of';

/*
 * What other modules may ask of the care records (the only way into this module from outside it): the counts of
 * "Pendientes" and the dashboard, and the public badges of the catalogue. `today` is the organisation's day.
 */

export interface CarePortDeps {
  history: HistoryPort;
  pets: Pick<PetsPort, 'setLatestWeight'>;
}

/** The care port, built once (care.module.ts). Reads take any handle; writes join the caller's transaction (`Tx`). */
export function createCarePort({ history, pets }: CarePortDeps) {
  return {
    ...createCareImport({ history, pets }),

    /** The planned care not done of some pets (a foster's portal): id, name, type, planned date, earliest first. */
    async plannedOf(db: Database, petIds: number[]): Promise<{ id: number; petId: number; nombre: string; tipo: string; fecha: string }[]> {
      if (petIds.length === 0) return [];
      const rows = await db
        .select({ id: careRecord.id, petId: careRecord.petId, nombre: careRecord.nombre, tipo: careRecord.tipo, fecha: careRecord.fechaProgramada })
        .from(careRecord)
        .where(and(anyOf(careRecord.petId, petIds), isNull(careRecord.fechaRealizada), isNotNull(careRecord.fechaProgramada)))
        .orderBy(asc(careRecord.fechaProgramada), asc(careRecord.id));
      return rows.map((r) => ({ ...r, fecha: r.fecha! }));
    },

    /**
     * The pets whose care `userId` recorded or last changed (a 'Hecho' too) within the last `days` days: the pets a
     * volunteer works with (DESIGN section 20's exception to the masking).
     */
    async petsCaredForBy(executor: Database, userId: string, days: number): Promise<number[]> {
      const since = sql`now() - make_interval(days => ${days})`;
      const rows = await executor
        .selectDistinct({ petId: careRecord.petId })
        .from(careRecord)
        .where(
          or(
            and(eq(careRecord.createdBy, userId), gte(careRecord.createdAt, since)),
            and(eq(careRecord.updatedBy, userId), gte(careRecord.updatedAt, since)),
          ),
        );
      return rows.map((r) => r.petId);
    },

    /** A record's name and type (the news review shows the care a foster says they gave). */
    async recordName(executor: Database, id: number): Promise<{ id: number; nombre: string; tipo: string } | undefined> {
      const row = await createCareRepository(executor).find(id);
      return row && { id: row.id, nombre: row.nombre, tipo: row.tipo };
    },

    /**
     * Inside the caller's transaction (the pet locked first): a weight done on `fecha` as a `peso` record, with
     * its history, and the pet's latest weight updated. Answers the new record's id.
     */
    async recordWeight(tx: Tx, petId: number, fecha: string, kg: number, notas: string, actor: HistoryActor): Promise<number> {
      const repo = createCareRepository(tx);
      const row = await repo.insert({
        petId,
        tipo: 'peso',
        nombre: 'Peso',
        fechaRealizada: fecha,
        pesoKg: kg,
        notas,
        createdBy: actor.id ?? null,
        updatedBy: actor.id ?? null,
      });
      await history.record(tx, {
        actor,
        entidad: 'registro_salud',
        entidadId: row.id,
        accion: 'crear',
        cambios: { mascotaId: [null, petId], tipo: [null, 'peso'], fechaRealizada: [null, fecha], pesoKg: [null, kg] },
      });
      await pets.setLatestWeight(tx, petId, await repo.latestWeight(petId));
      return row.id;
    },

    /**
     * Inside the caller's transaction (the pet locked first): the planned record `id` of `petId` done on `fecha`;
     * with `repetirCadaDias` the next one is planned. False when it is not a planned record of that pet.
     */
    async markDone(tx: Tx, id: number, petId: number, fecha: string, notas: string, actor: HistoryActor): Promise<boolean> {
      const repo = createCareRepository(tx);
      const current = await repo.lock(id);
      if (!current || current.petId !== petId || current.fechaRealizada) return false;
      const saved = await repo.update(
        id,
        { fechaRealizada: fecha, notas: current.notas ? `${current.notas}\n${notas}` : notas, updatedBy: actor.id ?? null },
        current.version,
      );
      if (!saved) return false;
      await history.record(tx, { actor, entidad: 'registro_salud', entidadId: id, accion: 'estado', cambios: { fechaRealizada: [null, fecha] } });
      await planNextDose(repo, history, saved, actor);
      return true;
    },

    /** Planned care not done of pets in the shelter: before today (overdue) and today. */
    dueCounts: (executor: Database, today: string): Promise<{ vencidos: number; hoy: number }> => createCareRepository(executor).dueCounts(today),

    /**
     * The public badges of some pets, four booleans each: vaccinated (at least one done vaccine), dewormed (a done
     * deworming, internal or external, in the last DEWORMED_WITHIN_DAYS days), sterilised, microchipped.
     */
    async publicBadges(executor: Database, petIds: number[], today: string): Promise<Map<number, PublicCareBadges>> {
      const rows = await createCareRepository(executor).badges(petIds, addDaysToDay(today, -DEWORMED_WITHIN_DAYS));
      return new Map(
        rows.map((r) => [
          Number(r.id),
          {
            vacunado: r.vacunado === true,
            desparasitado: r.desparasitado === true,
            esterilizado: r.esterilizado === true,
            microchip: r.microchip === true,
          },
        ]),
      );
    },
  };
}

export type CarePort = ReturnType<typeof createCarePort>;
export const NO_BADGES: PublicCareBadges = { vacunado: false, desparasitado: false, esterilizado: false, microchip: false };
