import type { RegisterBookLine, RegisterBookVerification } from '@refugio/contracts';
import { type Database, type Tx, runInTransaction } from '../../db/client';
import { createRegisterBookRepository } from './register-book.repository';
import { fillStep, isFilled, needsFill, syncPets } from './register-book.writer';

export type { RegisterBookLine };

export interface RegisterBookLinesOptions {
  /** The year's book; undefined: every year, in order (year, then number). */
  anio?: number | undefined;
}

/*
 * The register book (DESIGN section 16): what other modules read of it (the inspections' public link, the annual
 * report) and the writes the movements and the pets trigger in their transactions. Built once in
 * register-book.module.ts as `app.registerBookPort`.
 */
export function createRegisterBookPort() {
  return {
    /** The book's lines: closed ones as frozen, open ones with the current data; all years in order without `anio`. */
    lines(handle: Database, options: RegisterBookLinesOptions = {}): Promise<RegisterBookLine[]> {
      return createRegisterBookRepository(handle).lines(options.anio);
    },

    /** Whether the closed lines of `anio` still match their hashes and the chain runs through them. */
    verify(handle: Database, anio: number): Promise<RegisterBookVerification> {
      return createRegisterBookRepository(handle).verify(anio);
    },

    /** In a change's transaction: the lines of these pets opened, closed or rectified as their stays now read. */
    sync(tx: Tx, petIds: readonly number[]): Promise<void> {
      return syncPets(tx, petIds);
    },

    /** One step of the fill job: the lines of the next pets after `after`; undefined once the book is filled. */
    fillStep(db: Database, after: number): Promise<number | undefined> {
      return fillStep(db, after, runInTransaction);
    },

    /** At start-up, in constant time: whether the fill job must run (a database without pets is filled at once). */
    needsFill(db: Database): Promise<boolean> {
      return needsFill(db, runInTransaction);
    },

    /** Whether the data written before the book have all their lines (the fill job has run). */
    isFilled(db: Database): Promise<boolean> {
      return isFilled(db);
    },
  };
}

export type RegisterBookPort = ReturnType<typeof createRegisterBookPort>;
