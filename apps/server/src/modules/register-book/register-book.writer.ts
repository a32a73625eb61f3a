import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { registerBookChain, registerBookLine } from '../../db/schema';
import { type FrozenLine, lineHash } from './chain';
import { type StoredLine, createRegisterBookRepository, loadRecords } from './register-book.repository';
import { type PetRecord, type Stay, type StayContent, needsRectification, staysOf } from './stays';

/*
 * Keeping the register book (DESIGN section 16), always in the transaction of the change that moves it (a movement, a
 * pet created or saved) or in a step of the fill job (register-book-fill.job.ts). Every write first locks the chain's one row, so numbers and the
 * chain are given one change at a time: two stays closing at the same moment on two connections never fork it.
 *
 * Reconciling an animal's stays with its stored lines: a stay without a line gets the next number of its entry's
 * year; an open line whose stay ended is closed (its content frozen, hashed and chained); a closed line whose stay now
 * reads otherwise (the identity edited, a fact corrected) gets a rectification line in the same year, also chained.
 */

interface ChainState {
  cabeza: string;
  longitud: number;
  rellenado: boolean;
}

const CHUNK = 1000;

async function lockChain(tx: Tx): Promise<ChainState> {
  await tx.insert(registerBookChain).values({ id: 1, cabeza: '' }).onConflictDoNothing();
  const [row] = await tx.select().from(registerBookChain).where(eq(registerBookChain.id, 1)).for('update');
  return { cabeza: row!.cabeza, longitud: row!.longitud, rellenado: row!.rellenado };
}

interface Closing {
  /** The stored row to close, or undefined for a new row (a new stay already ended, or a rectification). */
  rowId?: number;
  anio: number;
  numero: number;
  mascotaId: number;
  entrada: string;
  content: StayContent;
  rectifica: { id: number; numero: number } | null;
}

const contentOf = (line: FrozenLine): StayContent => {
  const { anio: _a, numero: _n, cerrada: _c, rectifica: _r, ...content } = line;
  return content;
};

async function reconcile(tx: Tx, records: Map<number, PetRecord>, stored: StoredLine[], chain: ChainState): Promise<void> {
  const repo = createRegisterBookRepository(tx);
  const last = await repo.lastNumbers();
  const next = (anio: number) => {
    const numero = (last.get(anio) ?? 0) + 1;
    last.set(anio, numero);
    return numero;
  };
  const byPet = new Map<number, StoredLine[]>();
  for (const row of stored) byPet.set(row.mascotaId, [...(byPet.get(row.mascotaId) ?? []), row]);

  const fresh: { mascotaId: number; stay: Stay }[] = [];
  const closings: Closing[] = [];
  for (const record of records.values()) {
    const rows = byPet.get(record.pet.id) ?? [];
    const stays = staysOf(record);
    // An open line whose stay no longer reads so (the pet's own entry, 'p', once an `ingreso` is recorded as its first
    // movement) is the same stay told better: it keeps its number and takes the new entry (same year), never a second line.
    const orphans = rows.filter((r) => !r.cerrada && r.rectificaId === null && !stays.some((s) => s.entrada === r.entrada));
    for (const stay of stays) {
      let original = rows.find((r) => r.entrada === stay.entrada && r.rectificaId === null);
      const orphan = original ? undefined : orphans.find((r) => r.anio === stay.anio);
      if (orphan) {
        orphans.splice(orphans.indexOf(orphan), 1);
        await tx
          .update(registerBookLine)
          .set({ entrada: stay.entrada, fechaEntrada: stay.content.fechaEntrada })
          .where(eq(registerBookLine.id, orphan.id));
        original = { ...orphan, entrada: stay.entrada, fechaEntrada: stay.content.fechaEntrada };
      }
      if (!original) {
        fresh.push({ mascotaId: record.pet.id, stay });
      } else if (!original.cerrada) {
        if (stay.cerrada) {
          const { anio, numero } = original;
          closings.push({
            rowId: original.id,
            anio,
            numero,
            mascotaId: record.pet.id,
            entrada: stay.entrada,
            content: stay.content,
            rectifica: null,
          });
        }
      } else {
        const latest = rows.filter((r) => r.id === original.id || r.rectificaId === original.id).sort((a, b) => b.cadena! - a.cadena!)[0]!;
        if (needsRectification(contentOf(latest.contenido as FrozenLine), stay.content)) {
          closings.push({
            anio: original.anio,
            numero: 0,
            mascotaId: record.pet.id,
            entrada: stay.entrada,
            content: stay.content,
            rectifica: { id: original.id, numero: original.numero },
          });
        }
      }
    }
  }

  // New stays are numbered in order of entry (the backfill meets many at once).
  fresh.sort((a, b) =>
    a.stay.content.fechaEntrada === b.stay.content.fechaEntrada
      ? a.mascotaId - b.mascotaId || a.stay.entrada.localeCompare(b.stay.entrada)
      : a.stay.content.fechaEntrada < b.stay.content.fechaEntrada
        ? -1
        : 1,
  );
  const openRows: (typeof registerBookLine.$inferInsert)[] = [];
  for (const { mascotaId, stay } of fresh) {
    const numero = next(stay.anio);
    if (stay.cerrada) closings.push({ anio: stay.anio, numero, mascotaId, entrada: stay.entrada, content: stay.content, rectifica: null });
    else openRows.push({ anio: stay.anio, numero, mascotaId, entrada: stay.entrada, fechaEntrada: stay.content.fechaEntrada });
  }
  for (let i = 0; i < openRows.length; i += CHUNK) await tx.insert(registerBookLine).values(openRows.slice(i, i + CHUNK));

  // The chain in order of exit; rectifications last, in the order met.
  const exitOf = (c: Closing) => (c.rectifica ? '9999-99-99' : (c.content.fechaSalida ?? ''));
  closings.sort((a, b) => (exitOf(a) === exitOf(b) ? 0 : exitOf(a) < exitOf(b) ? -1 : 1));
  const now = new Date();
  const closedRows: (typeof registerBookLine.$inferInsert)[] = [];
  for (const closing of closings) {
    const numero = closing.rectifica ? next(closing.anio) : closing.numero;
    const frozen: FrozenLine = { ...closing.content, anio: closing.anio, numero, cerrada: true, rectifica: closing.rectifica?.numero ?? null };
    const hash = lineHash(chain.cabeza, frozen);
    const closed = { cerrada: true, contenido: frozen, hash, hashAnterior: chain.cabeza, cadena: chain.longitud + 1, cerradaEn: now };
    chain.cabeza = hash;
    chain.longitud += 1;
    if (closing.rowId !== undefined) {
      await tx.update(registerBookLine).set(closed).where(eq(registerBookLine.id, closing.rowId));
    } else {
      closedRows.push({
        anio: closing.anio,
        numero,
        mascotaId: closing.mascotaId,
        entrada: closing.entrada,
        fechaEntrada: closing.content.fechaEntrada,
        rectificaId: closing.rectifica?.id ?? null,
        ...closed,
      });
    }
  }
  for (let i = 0; i < closedRows.length; i += CHUNK) await tx.insert(registerBookLine).values(closedRows.slice(i, i + CHUNK));
  if (closings.length) {
    await tx.update(registerBookChain).set({ cabeza: chain.cabeza, longitud: chain.longitud }).where(eq(registerBookChain.id, 1));
  }
}

/** Brings the lines of `petIds` in step with their stays, in the change's transaction. */
export async function syncPets(tx: Tx, petIds: readonly number[]): Promise<void> {
  const chain = await lockChain(tx);
  const records = await loadRecords(tx, petIds);
  await reconcile(tx, records, await createRegisterBookRepository(tx).storedOf(petIds), chain);
}

/** How many pets one step of the fill takes: each step is one short transaction. */
export const FILL_BATCH = 500;

/**
 * One step of filling the book with the data written before it (the `libro-registro.rellenar` job): the lines of
 * the pets with an id above `after` (the next FILL_BATCH of them), in one short transaction that locks the chain.
 * A pet already in step writes nothing, so a step run twice (a worker that died) changes nothing. Answers the
 * last pet id it took, or undefined when none is left, in which case the book is marked filled.
 */
export async function fillStep(
  db: Database,
  after: number,
  run: <T>(db: Database, work: (tx: Tx) => Promise<T>) => Promise<T>,
): Promise<number | undefined> {
  return run(db, async (tx) => {
    const chain = await lockChain(tx);
    if (chain.rellenado) return undefined;
    const ids = await createRegisterBookRepository(tx).petIdsAfter(after, FILL_BATCH);
    if (ids.length === 0) {
      await tx.update(registerBookChain).set({ rellenado: true }).where(eq(registerBookChain.id, 1));
      return undefined;
    }
    const records = await loadRecords(tx, ids);
    await reconcile(tx, records, await createRegisterBookRepository(tx).storedOf(ids), chain);
    return ids.at(-1);
  });
}

/** Whether the data written before the book have all their lines (the fill job has finished). */
export async function isFilled(db: Database): Promise<boolean> {
  const [row] = await db.select({ rellenado: registerBookChain.rellenado }).from(registerBookChain).where(eq(registerBookChain.id, 1));
  return row?.rellenado ?? false;
}

/**
 * At start-up, in constant time: whether the book still needs the fill job. A database without any pet (a new
 * installation) has nothing written before the book, so it is marked filled at once; every pet created from then on
 * gets its lines in its own transaction.
 */
export async function needsFill(db: Database, run: <T>(db: Database, work: (tx: Tx) => Promise<T>) => Promise<T>): Promise<boolean> {
  if (await isFilled(db)) return false;
  return run(db, async (tx) => {
    const chain = await lockChain(tx);
    if (chain.rellenado) return false;
    if (await createRegisterBookRepository(tx).anyPet()) return true;
    await tx.update(registerBookChain).set({ rellenado: true }).where(eq(registerBookChain.id, 1));
    return false;
  });
}
