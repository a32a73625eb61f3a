import { ADMIN_ROLE, type SessionUser } from '@refugio/contracts';
import { type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import { pet } from '../../db/schema';

/*
 * The rules about a pet, each written once in TypeScript with its SQL twin beside it (the twin is what a query
 * filters or an UPDATE guards with, so a rule holds whether it is checked in memory or in the database). Other
 * modules reach them through pets.port.ts.
 */

/** The columns the rules read. */
export interface PetRuleRow {
  estado: string;
  publicarEn: Date | null;
  adoptado: boolean;
  deletedAt: Date | null;
  deletedBy: string | null;
}

/** The state a person sees: a scheduled pet whose time has come reads 'publicada' (DESIGN section 2). */
export function effectiveEstado(row: Pick<PetRuleRow, 'estado' | 'publicarEn'>, now: Date): string {
  return row.estado === 'programada' && row.publicarEn !== null && row.publicarEn.getTime() <= now.getTime() ? 'publicada' : row.estado;
}
export const effectiveEstadoSql = sql<string>`CASE WHEN ${pet.estado} = 'programada' AND ${pet.publicarEn} <= now() THEN 'publicada' ELSE ${pet.estado} END`;

/** Published at `now` (scheduled ones whose time has come included), whatever else holds. */
export const isPublishedSql = sql`(${pet.estado} = 'publicada' OR (${pet.estado} = 'programada' AND ${pet.publicarEn} <= now()))`;

/**
 * "Is public" (DESIGN section 7): published (or scheduled and its time has come), not adopted, not deleted.
 * Decided by the query, so every instance agrees at the second.
 */
export function isPublic(row: Pick<PetRuleRow, 'estado' | 'publicarEn' | 'adoptado' | 'deletedAt'>, now: Date): boolean {
  return !row.deletedAt && !row.adoptado && effectiveEstado(row, now) === 'publicada';
}
export const isPublicSql: SQL = and(isNull(pet.deletedAt), eq(pet.adoptado, false), isPublishedSql)!;

/** "Who may restore": an administrator, or whoever deleted it. */
export function mayRestore(actor: Pick<SessionUser, 'id' | 'role'>, row: Pick<PetRuleRow, 'deletedBy'>): boolean {
  return actor.role === ADMIN_ROLE || row.deletedBy === actor.id;
}
export function mayRestoreSql(actor: Pick<SessionUser, 'id' | 'role'>): SQL {
  return actor.role === ADMIN_ROLE ? sql`true` : eq(pet.deletedBy, actor.id);
}
