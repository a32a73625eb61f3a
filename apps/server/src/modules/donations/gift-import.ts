import { type GiftConcept, type HistoryActor, type HistoryValue, type MoneyMethod, centsToEuros, deductibleByDefault } from '@refugio/contracts';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { donationCertificate, gift } from '../../db/schema';
import type { HistoryPort } from '../history/history.port';
import type { PersonsPort } from '../persons/persons.port';

/*
 * Gifts from a spreadsheet (DESIGN sections 15 and 18), the donations module's side: the gifts some donors already
 * have (so the same file twice creates nothing), a registered gift whose creation event says which file and row it
 * came from, and the undo, which never deletes money: an imported gift is annulled (with its event), unless it changed
 * since or a donor certificate of its year was already issued with it.
 */

/** A gift as an imported row gives it (checked by the importer), `personaId` null for an anonymous one. */
export interface ImportedGift {
  personaId: number | null;
  importeCentimos: number;
  /** aaaa-mm-dd */
  fecha: string;
  metodo: MoneyMethod;
  concepto: GiftConcept;
  referencia: string;
}

export function createGiftImport({ history, persons }: { history: Pick<HistoryPort, 'record'>; persons: Pick<PersonsPort, 'rolesOf' | 'addRole'> }) {
  return {
    /**
     * The gifts not annulled of these donors, and the anonymous ones of these days: donor, day and cents (what makes
     * an imported row already there).
     */
    async importMatches(
      executor: Database,
      personaIds: number[],
      anonymousDays: string[],
    ): Promise<{ id: number; personaId: number | null; fecha: string; importeCentimos: number }[]> {
      const found: { id: number; personaId: number | null; fecha: string; importeCentimos: number }[] = [];
      const columns = { id: gift.id, personaId: gift.personaId, fecha: gift.fecha, importeCentimos: gift.importeCentimos };
      for (let i = 0; i < personaIds.length; i += 1000) {
        found.push(
          ...(await executor
            .select(columns)
            .from(gift)
            .where(and(inArray(gift.personaId, personaIds.slice(i, i + 1000)), ne(gift.estado, 'anulado')))),
        );
      }
      for (let i = 0; i < anonymousDays.length; i += 1000) {
        found.push(
          ...(await executor
            .select(columns)
            .from(gift)
            .where(and(isNull(gift.personaId), inArray(gift.fecha, anonymousDays.slice(i, i + 1000)), ne(gift.estado, 'anulado')))),
        );
      }
      return found;
    },

    /** A registered gift from an imported row, with its creation event naming `origen`; the donor becomes `donante` unless a member or sponsor. */
    async createImported(tx: Tx, values: ImportedGift, actor: HistoryActor, origen: string): Promise<{ id: number; version: number }> {
      const [row] = await tx
        .insert(gift)
        .values({
          personaId: values.personaId,
          importeCentimos: values.importeCentimos,
          fecha: values.fecha,
          metodo: values.metodo,
          concepto: values.concepto,
          referencia: values.referencia,
          estado: 'registrado',
          deducible: deductibleByDefault(values.concepto),
          createdBy: actor.id ?? null,
          updatedBy: actor.id ?? null,
        })
        .returning({ id: gift.id, version: gift.version });
      const cambios: Record<string, [HistoryValue, HistoryValue]> = {
        ...(values.personaId === null ? {} : { personaId: [null, values.personaId] }),
        importe: [null, centsToEuros(values.importeCentimos)],
        fecha: [null, values.fecha],
        metodo: [null, values.metodo],
        concepto: [null, values.concepto],
        ...(values.referencia === '' ? {} : { referencia: [null, values.referencia] }),
        estado: [null, 'registrado'],
        origen: [null, origen],
      };
      await history.record(tx, { actor, entidad: 'donativo', entidadId: row!.id, accion: 'crear', cambios });
      if (values.personaId !== null) {
        const roles = (await persons.rolesOf(tx, values.personaId)) ?? [];
        if (!roles.includes('socio') && !roles.includes('padrino')) await persons.addRole(tx, values.personaId, 'donante', actor);
      }
      return { id: row!.id, version: row!.version };
    },

    /**
     * Of these imported gifts, those a donor certificate of their person and year was already issued with (sent or
     * scheduled): undoing them would make the certificate say what the books no longer do.
     */
    async certifiedImported(executor: Database, ids: number[]): Promise<{ id: number; anio: number }[]> {
      const found: { id: number; anio: number }[] = [];
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await executor
          .select({ id: gift.id, anio: donationCertificate.anio })
          .from(gift)
          .innerJoin(
            donationCertificate,
            and(
              eq(donationCertificate.personaId, gift.personaId),
              eq(donationCertificate.anio, sql<number>`extract(year from ${gift.fecha})::int`),
              inArray(donationCertificate.estado, ['programado', 'enviado']),
            ),
          )
          .where(and(inArray(gift.id, ids.slice(i, i + 1000)), eq(gift.estado, 'registrado')));
        found.push(...rows);
      }
      return found;
    },

    /**
     * Undoes an imported gift: money is never deleted, so it is annulled (`motivo`, with its event naming `origen`)
     * when still registered at `version`; false when it changed or was annulled or returned meanwhile.
     */
    async annulImported(tx: Tx, id: number, version: number, actor: HistoryActor, origen: string, motivo: string): Promise<boolean> {
      const [row] = await tx
        .update(gift)
        .set({ estado: 'anulado', anuladoMotivo: motivo, updatedBy: actor.id ?? null, version: sql`${gift.version} + 1` })
        .where(and(eq(gift.id, id), eq(gift.version, version), eq(gift.estado, 'registrado')))
        .returning({ id: gift.id });
      if (!row) return false;
      await history.record(tx, {
        actor,
        entidad: 'donativo',
        entidadId: id,
        accion: 'estado',
        cambios: { estado: ['registrado', 'anulado'], anuladoMotivo: [null, motivo], origen: [origen, null] },
      });
      return true;
    },
  };
}

export type GiftImport = ReturnType<typeof createGiftImport>;
