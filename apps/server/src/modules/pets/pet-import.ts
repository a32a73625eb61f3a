import type { HistoryActor, HistoryValue, Procedencia } from '@refugio/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { pet, petImage } from '../../db/schema';
import type { HistoryPort } from '../history/history.port';
import { changedFields } from '../history/history.port';
import { customFieldChanges } from '../custom-fields/custom-fields.port';
import { PET_HISTORY_FIELDS } from './pet-dto';
import type { PetImageRow } from './pets.repository';

/*
 * Pets from a spreadsheet (DESIGN section 18), through the pets port: the live pets a file's microchips or ids name
 * (the dry run), a new pet (a `borrador`) whose creation event says which file and row it came from, and its removal
 * when the import is undone and the pet did not change since.
 */

/** A pet as an imported row gives it (checked and normalised by the importer). */
export interface ImportedPet {
  nombre: string;
  tipo: 'Perro' | 'Gato' | 'Conejo';
  genero: 'macho' | 'hembra';
  /** '' when the sheet does not say. */
  tamano: 'chico' | 'mediano' | 'grande' | '';
  /** '' when the sheet does not say. */
  edad: string;
  fechaNacimiento: string | null;
  /** aaaa-mm-dd */
  fechaIngreso: string | null;
  /** Where it came from; with fechaIngreso, the importer records it on the pet's `ingreso` movement too (the same words). */
  procedencia: Procedencia | null;
  procedenciaDetalle: string;
  microchip: string | null;
  raza: string;
  color: string;
  discapacidad: boolean;
  tags: string[];
  personalidad: string;
  historia: string;
  /** The organisation's own fields the row gives, already checked by the importer against their definitions. */
  campos?: Record<string, string | number | boolean | string[]>;
}

export function createPetImport({ history }: { history: Pick<HistoryPort, 'record' | 'recordMany'> }) {
  return {
    /**
     * Live pets that may be the animal of a row without a microchip: the same name (case and spaces aside) and species,
     * with their dates, for the importer to compare.
     */
    async importNameMatches(
      executor: Database,
      keys: { nombre: string; tipo: string }[],
    ): Promise<{ id: number; nombre: string; tipo: string; fechaIngreso: string | null; fechaNacimiento: string | null }[]> {
      const names = [...new Set(keys.map((k) => k.nombre.trim().toLowerCase()))];
      const out: { id: number; nombre: string; tipo: string; fechaIngreso: string | null; fechaNacimiento: string | null }[] = [];
      for (let i = 0; i < names.length; i += 1000) {
        const rows = await executor
          .select({ id: pet.id, nombre: pet.nombre, tipo: pet.tipo, fechaIngreso: pet.fechaIngreso, fechaNacimiento: pet.fechaNacimiento })
          .from(pet)
          .where(and(isNull(pet.deletedAt), inArray(sql`lower(btrim(${pet.nombre}))`, names.slice(i, i + 1000))));
        for (const row of rows) out.push({ ...row, fechaIngreso: row.fechaIngreso?.slice(0, 10) ?? null });
      }
      return out.sort((a, b) => a.id - b.id);
    },

    /** Live pets holding one of these microchips, and live pets with one of these ids (with their names). */
    async importMatches(executor: Database, chips: string[], ids: number[]): Promise<{ byChip: Map<string, number>; byId: Map<number, string> }> {
      const byChip = new Map<string, number>();
      const byId = new Map<number, string>();
      for (let i = 0; i < chips.length; i += 1000) {
        const rows = await executor
          .select({ id: pet.id, microchip: pet.microchip })
          .from(pet)
          .where(and(isNull(pet.deletedAt), inArray(pet.microchip, chips.slice(i, i + 1000))));
        for (const row of rows) if (row.microchip) byChip.set(row.microchip, row.id);
      }
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await executor
          .select({ id: pet.id, nombre: pet.nombre })
          .from(pet)
          .where(and(isNull(pet.deletedAt), inArray(pet.id, ids.slice(i, i + 1000))));
        for (const row of rows) byId.set(row.id, row.nombre);
      }
      return { byChip, byId };
    },

    /**
     * Several new pets from imported rows in three statements (their ids taken at once, the pets, their photos, their
     * creation events), for the import job's chunks; the answer in the order of `items`. A photo's pet keeps the id it
     * was staged under.
     */
    async createImportedMany(
      tx: Tx,
      items: {
        values: ImportedPet;
        origen: string;
        photo?: { id: number; image: Omit<PetImageRow, 'id' | 'orden' | 'createdAt' | 'petId'> } | undefined;
      }[],
      actor: HistoryActor,
    ): Promise<{ id: number; version: number }[]> {
      if (items.length === 0) return [];
      const fresh = items.filter((item) => !item.photo).length;
      const reserved: unknown =
        fresh === 0
          ? { rows: [] }
          : await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('pet', 'id'))::integer AS id FROM generate_series(1, ${fresh})`);
      const freeIds = (reserved as { rows: { id: number }[] }).rows.map((r) => r.id);
      const by = actor.tipo === 'usuario' ? (actor.id ?? null) : null;
      const ids = items.map((item) => item.photo?.id ?? freeIds.shift()!);
      const rows = await tx
        .insert(pet)
        .overridingSystemValue()
        .values(
          items.map(({ values, photo }, i) => ({
            ...values,
            campos: values.campos ?? {},
            id: ids[i]!,
            fechaIngreso: values.fechaIngreso ? `${values.fechaIngreso} 00:00:00` : null,
            // In the shelter since it came in (its `ingreso` movement, recorded by the importer in this transaction).
            ubicacionDesde: values.fechaIngreso,
            estado: 'borrador',
            createdBy: by,
            updatedBy: by,
            ...(photo ? { imagenPrincipal: photo.image.nombre } : {}),
          })),
        )
        .returning({ id: pet.id, version: pet.version });
      const versions = new Map(rows.map((r) => [r.id, r.version]));
      const images = items.flatMap(({ photo }) => (photo ? [{ petId: photo.id, orden: 1, ...photo.image }] : []));
      if (images.length > 0) await tx.insert(petImage).values(images);
      await history.recordMany(
        tx,
        items.map(({ values, origen, photo }, i) => ({
          actor,
          entidad: 'mascota',
          entidadId: ids[i]!,
          accion: 'crear' as const,
          cambios: {
            ...changedFields({}, { ...values, estado: 'borrador' }, PET_HISTORY_FIELDS),
            ...customFieldChanges({}, values.campos ?? {}),
            ...(photo ? { imagenPrincipal: [null, photo.image.nombre] as [HistoryValue, HistoryValue] } : {}),
            origen: [null, origen] as [HistoryValue, HistoryValue],
          },
        })),
      );
      return ids.map((id) => ({ id, version: versions.get(id)! }));
    },

    /** Undoes an imported pet: deleted (as the list deletes) when still at `version`; false when it changed since or is gone. */
    async removeImported(tx: Tx, petId: number, version: number, actor: HistoryActor, origen: string): Promise<boolean> {
      const [row] = await tx
        .update(pet)
        .set({ deletedAt: new Date(), deletedBy: actor.tipo === 'usuario' ? (actor.id ?? null) : null, version: sql`${pet.version} + 1` })
        .where(and(eq(pet.id, petId), isNull(pet.deletedAt), eq(pet.version, version)))
        .returning({ id: pet.id });
      if (!row) return false;
      await history.record(tx, {
        actor,
        entidad: 'mascota',
        entidadId: petId,
        accion: 'eliminar',
        cambios: { origen: [origen, null] as [HistoryValue, HistoryValue] },
      });
      return true;
    },
  };
}
