import type { CareType, HistoryActor, HistoryValue } from '@refugio/contracts';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { careRecord } from '../../db/schema';
import type { HistoryPort } from '../history/history.port';
import type { PetsPort } from '../pets/pets.port';
import { createCareRepository } from './care.repository';

/*
 * Care records from a spreadsheet (DESIGN section 18), through the care port: the done records some pets already
 * have (so the same file twice creates nothing), a done record whose creation event says which file and row it came
 * from, and its removal when the import is undone and the record did not change since.
 */

/** A done care record as an imported row gives it (checked by the importer). */
export interface ImportedCare {
  tipo: CareType;
  nombre: string;
  /** aaaa-mm-dd */
  fecha: string;
  pesoKg: number | null;
  lote: string;
  veterinario: string;
  notas: string;
}

export function createCareImport({ history, pets }: { history: Pick<HistoryPort, 'record'>; pets: Pick<PetsPort, 'setLatestWeight'> }) {
  return {
    /** The done records of these pets: pet, type, name and day. */
    async importMatches(executor: Database, petIds: number[]): Promise<{ petId: number; tipo: string; nombre: string; fecha: string }[]> {
      const found: { petId: number; tipo: string; nombre: string; fecha: string }[] = [];
      for (let i = 0; i < petIds.length; i += 1000) {
        const rows = await executor
          .select({ petId: careRecord.petId, tipo: careRecord.tipo, nombre: careRecord.nombre, fecha: careRecord.fechaRealizada })
          .from(careRecord)
          .where(and(inArray(careRecord.petId, petIds.slice(i, i + 1000)), isNotNull(careRecord.fechaRealizada)));
        for (const row of rows) found.push({ ...row, fecha: row.fecha! });
      }
      return found;
    },

    /** A done record of `petId` from an imported row, with its creation event naming `origen` (a weight updates the pet's). */
    async createImported(tx: Tx, petId: number, values: ImportedCare, actor: HistoryActor, origen: string): Promise<{ id: number; version: number }> {
      const repo = createCareRepository(tx);
      const row = await repo.insert({
        petId,
        tipo: values.tipo,
        nombre: values.nombre,
        fechaRealizada: values.fecha,
        pesoKg: values.pesoKg,
        lote: values.lote,
        veterinario: values.veterinario,
        notas: values.notas,
        createdBy: actor.id ?? null,
        updatedBy: actor.id ?? null,
      });
      const cambios: Record<string, [HistoryValue, HistoryValue]> = {
        mascotaId: [null, petId],
        tipo: [null, values.tipo],
        nombre: [null, values.nombre],
        fechaRealizada: [null, values.fecha],
      };
      if (values.pesoKg !== null) cambios.pesoKg = [null, values.pesoKg];
      if (values.lote) cambios.lote = [null, values.lote];
      if (values.veterinario) cambios.veterinario = [null, values.veterinario];
      if (values.notas) cambios.notas = [null, values.notas];
      cambios.origen = [null, origen];
      await history.record(tx, { actor, entidad: 'registro_salud', entidadId: row.id, accion: 'crear', cambios });
      if (values.tipo === 'peso') await pets.setLatestWeight(tx, petId, await repo.latestWeight(petId));
      return { id: row.id, version: row.version };
    },

    /** Undoes an imported record: deleted when still at `version` and without attachments; false when it changed or is gone. */
    async removeImported(tx: Tx, id: number, version: number, actor: HistoryActor, origen: string): Promise<boolean> {
      const repo = createCareRepository(tx);
      const current = await repo.lock(id);
      if (!current || current.version !== version || (await repo.attachmentsOf([id])).length > 0) return false;
      await repo.delete(id);
      await history.record(tx, {
        actor,
        entidad: 'registro_salud',
        entidadId: id,
        accion: 'eliminar',
        cambios: { mascotaId: [current.petId, null], origen: [origen, null] as [HistoryValue, HistoryValue] },
      });
      if (current.tipo === 'peso') await pets.setLatestWeight(tx, current.petId, await repo.latestWeight(current.petId));
      return true;
    },
  };
}
