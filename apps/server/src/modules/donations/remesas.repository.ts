import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fee, gift, person, pet, remesa, remesaLinea, user } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import type { GiftInsert, GiftRow } from './donations.repository';
import { anyOf } from '../../db/any-of';

export type RemesaRow = typeof remesa.$inferSelect;
export type RemesaInsert = Omit<typeof remesa.$inferInsert, 'id' | 'createdAt'>;
export type RemesaLineRow = typeof remesaLinea.$inferSelect;
export type RemesaLineInsert = Omit<typeof remesaLinea.$inferInsert, 'id'>;

/** A direct-debit fee that may be due on a day, with the names its debit carries (a read of persons and pets). */
export interface DebitCandidate {
  id: number;
  personaId: number;
  tipo: string;
  importeCentimos: number;
  periodicidad: string;
  desde: string;
  hasta: string | null;
  petId: number | null;
  iban: string;
  mandatoReferencia: string;
  mandatoFechaFirma: string;
  bic: string | null;
  deudorDireccion: string | null;
  deudorLocalidad: string | null;
  deudorPais: string | null;
  personaNombre: string;
  mascotaNombre: string | null;
}

/** A line as the detail shows it: with its fee's kind, the names and its gift's state. */
export interface NamedRemesaLine extends RemesaLineRow {
  tipo: string;
  periodicidad: string;
  personaId: number;
  personaNombre: string;
  petId: number | null;
  mascotaNombre: string | null;
  giftConcepto: string;
  giftEstado: string;
  giftVersion: number;
}

export interface RemesaSummaryRow extends RemesaRow {
  devueltas: number;
  creadaPor: string | null;
}

/** Taken by every batch being made, for the whole of its transaction: two batches are made one after the other. */
const REMESA_LOCK_KEY = 7_340_117_041;

const personName = sql<string>`trim(${person.nombre} || ' ' || ${person.apellidos})`;

function remesasQueries(db: Database) {
  return {
    async lock(): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${REMESA_LOCK_KEY})`);
    },

    /**
     * Direct-debit fees running on `day`: active, or left with their last day still to come; started by then; of a
     * person not anonymised (nothing new is charged to them).
     */
    async debitCandidates(day: string): Promise<DebitCandidate[]> {
      const rows = await db
        .select({ fee, personaNombre: personName, mascotaNombre: pet.nombre })
        .from(fee)
        .innerJoin(person, eq(person.id, fee.personaId))
        .leftJoin(pet, eq(pet.id, fee.petId))
        .where(
          and(
            eq(fee.metodoPago, 'domiciliacion'),
            or(eq(fee.estado, 'activa'), and(eq(fee.estado, 'baja'), gte(fee.hasta, day))),
            lte(fee.desde, day),
            or(isNull(fee.hasta), gte(fee.hasta, day)),
            isNull(person.anonimizadaEn),
          ),
        )
        .orderBy(asc(fee.id));
      return rows.map(({ fee: f, personaNombre, mascotaNombre }) => ({
        id: f.id,
        personaId: f.personaId,
        tipo: f.tipo,
        importeCentimos: f.importeCentimos,
        periodicidad: f.periodicidad,
        desde: f.desde,
        hasta: f.hasta,
        petId: f.petId,
        iban: f.iban!,
        mandatoReferencia: f.mandatoReferencia!,
        mandatoFechaFirma: f.mandatoFechaFirma!,
        bic: f.bic,
        deudorDireccion: f.deudorDireccion,
        deudorLocalidad: f.deudorLocalidad,
        deudorPais: f.deudorPais,
        personaNombre,
        mascotaNombre,
      }));
    },

    /** The lines already made for these fees: which periods they charged and under which mandate. */
    async linesOfFees(feeIds: number[]): Promise<Pick<RemesaLineRow, 'feeId' | 'periodoDesde' | 'mandatoReferencia'>[]> {
      if (feeIds.length === 0) return [];
      return db
        .select({ feeId: remesaLinea.feeId, periodoDesde: remesaLinea.periodoDesde, mandatoReferencia: remesaLinea.mandatoReferencia })
        .from(remesaLinea)
        .where(anyOf(remesaLinea.feeId, feeIds));
    },

    /**
     * An anonymisation: the debtor's name copied into the person's direct-debit lines is replaced (the bank file then
     * names no one; amounts, mandate and account stay, as on the fee itself).
     */
    async anonymiseDebtor(personaId: number, nombre: string): Promise<void> {
      await db
        .update(remesaLinea)
        .set({ deudorNombre: nombre })
        .where(inArray(remesaLinea.feeId, db.select({ id: fee.id }).from(fee).where(eq(fee.personaId, personaId))));
    },

    async insertRemesa(values: RemesaInsert): Promise<RemesaRow> {
      const [row] = await db.insert(remesa).values(values).returning();
      return row!;
    },

    async insertGift(values: GiftInsert): Promise<GiftRow> {
      const [row] = await db.insert(gift).values(values).returning();
      return row!;
    },

    async insertLine(values: RemesaLineInsert): Promise<RemesaLineRow> {
      const [row] = await db.insert(remesaLinea).values(values).returning();
      return row!;
    },

    async findRemesa(id: number): Promise<RemesaSummaryRow | undefined> {
      const rows = await summaries(db, eq(remesa.id, id), 1, 0);
      return rows[0];
    },

    /** A page of batches, the latest collection day first. */
    async listRemesas(page: number, pageSize: number): Promise<{ rows: RemesaSummaryRow[]; total: number }> {
      const rows = await summaries(db, undefined, pageSize, (page - 1) * pageSize);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(remesa);
      return { rows, total: count?.n ?? 0 };
    },

    async linesOf(remesaId: number): Promise<NamedRemesaLine[]> {
      const rows = await db
        .select({
          line: remesaLinea,
          tipo: fee.tipo,
          periodicidad: fee.periodicidad,
          personaId: fee.personaId,
          personaNombre: personName,
          petId: fee.petId,
          mascotaNombre: pet.nombre,
          giftConcepto: gift.concepto,
          giftEstado: gift.estado,
          giftVersion: gift.version,
        })
        .from(remesaLinea)
        .innerJoin(fee, eq(fee.id, remesaLinea.feeId))
        .innerJoin(gift, eq(gift.id, remesaLinea.giftId))
        .innerJoin(person, eq(person.id, fee.personaId))
        .leftJoin(pet, eq(pet.id, fee.petId))
        .where(eq(remesaLinea.remesaId, remesaId))
        .orderBy(asc(remesaLinea.id));
      return rows.map(({ line, ...rest }) => ({ ...line, ...rest }));
    },
  };
}

async function summaries(db: Database, where: ReturnType<typeof eq> | undefined, limit: number, offset: number): Promise<RemesaSummaryRow[]> {
  const returned = db
    .select({ remesaId: remesaLinea.remesaId, n: sql<number>`count(*)::int`.as('n') })
    .from(remesaLinea)
    .innerJoin(gift, eq(gift.id, remesaLinea.giftId))
    .where(eq(gift.estado, 'devuelto'))
    .groupBy(remesaLinea.remesaId)
    .as('returned');
  const rows = await db
    .select({ remesa, devueltas: sql<number>`coalesce(${returned.n}, 0)::int`, creadaPor: user.name })
    .from(remesa)
    .leftJoin(returned, eq(returned.remesaId, remesa.id))
    .leftJoin(user, eq(user.id, remesa.createdBy))
    .where(where)
    .orderBy(desc(remesa.fechaCobro), desc(remesa.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r.remesa, devueltas: r.devueltas, creadaPor: r.creadaPor }));
}

export type RemesasRepository = Transactional<ReturnType<typeof remesasQueries>>;

/** The only code that reads or writes the direct-debit batches and their lines. */
export function createRemesasRepository(db: Database): RemesasRepository {
  return transactional(db, remesasQueries);
}
