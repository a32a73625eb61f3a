import { and, eq, gt, gte, isNull, lte, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bankImport, fee, gift } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import type { GiftInsert, GiftRow } from './donations.repository';
import { anyOf } from '../../db/any-of';

export type BankImportRow = typeof bankImport.$inferSelect;
export type BankImportInsert = typeof bankImport.$inferInsert;

/** A fee as an IBAN read in a statement finds it. */
export interface FeeOfIban {
  id: number;
  personaId: number;
  tipo: string;
  estado: string;
  petId: number | null;
  iban: string;
}

function bankImportQueries(db: Database) {
  return {
    /** Forgets the dry runs whose time to be confirmed is over. */
    async deleteExpired(now: Date): Promise<void> {
      await db.delete(bankImport).where(lt(bankImport.caducaEn, now));
    },

    async insertImport(values: BankImportInsert): Promise<void> {
      await db.insert(bankImport).values(values);
    },

    /** The dry run, while it may still be confirmed. */
    async findImport(id: string, now: Date): Promise<BankImportRow | undefined> {
      const [row] = await db
        .select()
        .from(bankImport)
        .where(and(eq(bankImport.id, id), gt(bankImport.caducaEn, now)));
      return row;
    },

    /** Which of these import keys a stored gift has already. */
    async importedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ clave: gift.importClave }).from(gift).where(anyOf(gift.importClave, keys));
      return new Set(rows.map((r) => r.clave!));
    },

    /**
     * Gifts entered by hand (not imported) that carry a bank reference, between two dates: a movement with the same
     * date, amount and reference is one of them.
     */
    async handEnteredWithReference(
      references: string[],
      from: string,
      to: string,
    ): Promise<{ fecha: string; importeCentimos: number; referencia: string }[]> {
      if (references.length === 0) return [];
      return db
        .select({ fecha: gift.fecha, importeCentimos: gift.importeCentimos, referencia: gift.referencia })
        .from(gift)
        .where(
          and(isNull(gift.importClave), ne(gift.referencia, ''), anyOf(gift.referencia, references), gte(gift.fecha, from), lte(gift.fecha, to)),
        );
    },

    /** The fees that pay from one of these IBANs (electronic format), oldest first. */
    async feesOfIbans(ibans: string[]): Promise<FeeOfIban[]> {
      if (ibans.length === 0) return [];
      const rows = await db
        .select({ id: fee.id, personaId: fee.personaId, tipo: fee.tipo, estado: fee.estado, petId: fee.petId, iban: fee.iban })
        .from(fee)
        .where(anyOf(fee.iban, ibans))
        .orderBy(fee.id);
      return rows.map((r) => ({ ...r, iban: r.iban! }));
    },

    /**
     * Stores an imported movement as a gift unless a gift with its import key exists: the unique index decides, so
     * two confirmations at once store it once (the second waits for the first and then stores nothing).
     */
    async insertImportedGift(values: GiftInsert & { importClave: string }): Promise<GiftRow | undefined> {
      const [row] = await db.insert(gift).values(values).onConflictDoNothing({ target: gift.importClave }).returning();
      return row;
    },
  };
}

export type BankImportRepository = Transactional<ReturnType<typeof bankImportQueries>>;

/** The dry runs of bank statements, and what their confirmation reads and writes of fees and gifts. */
export function createBankImportRepository(db: Database): BankImportRepository {
  return transactional(db, bankImportQueries);
}
