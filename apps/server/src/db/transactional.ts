import { type Database, type Tx, runInTransaction } from './client';

/** A repository that can also run a unit of work on a copy of itself bound to one transaction. */
export type Transactional<R> = R & {
  /** Runs `work` in a transaction; every call on `txRepo` belongs to it. A throw rolls everything back. */
  transaction<T>(work: (txRepo: InTransaction<R>) => Promise<T>): Promise<T>;
  /**
   * The database or transaction this repository is bound to, opaque to services: handed to another module's
   * port for a read (`pets.findLive(repo.handle, id)`).
   */
  readonly handle: Database;
};

/** A repository bound to a transaction: its `handle` joins other modules' writes to it (`pets.addPhotos(tx.handle, …)`). */
export type InTransaction<R> = Transactional<R> & { readonly handle: Tx };

/**
 * Builds a repository from its queries over `db`, adding `transaction()`: a service that needs several
 * writes to succeed or fail together asks for `repo.transaction(async (txRepo) => ...)` and never sees Drizzle.
 */
export function transactional<R extends object>(db: Database, queries: (db: Database) => R): Transactional<R> {
  return {
    ...queries(db),
    handle: db,
    transaction: <T>(work: (txRepo: InTransaction<R>) => Promise<T>) =>
      runInTransaction(db, (tx) => work({ ...transactional(tx, queries), handle: tx })),
  };
}

/** A repository of a service (`Transactional<R>`) as its transaction's copy: `InTx<SomeRepository>`. */
export type InTx<T> = T & { readonly handle: Tx };
