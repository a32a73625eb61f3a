import type { Database } from './client';

/** A repository that can also run a unit of work on a copy of itself bound to one transaction. */
export type Transactional<R> = R & {
  /** Runs `work` in a transaction; every call on `txRepo` belongs to it. A throw rolls everything back. */
  transaction<T>(work: (txRepo: Transactional<R>) => Promise<T>): Promise<T>;
  /**
   * The database or transaction this repository is bound to, opaque to services: handed to another module's
   * port (`pets.within(tx.handle)`, `history.record(tx.handle, event)`) so that its writes join this transaction.
   */
  readonly handle: Database;
};

/**
 * Builds a repository from its queries over `db`, adding `transaction()`: a service that needs several
 * writes to succeed or fail together asks for `repo.transaction(async (txRepo) => ...)` and never sees Drizzle.
 */
export function transactional<R extends object>(db: Database, queries: (db: Database) => R): Transactional<R> {
  return {
    ...queries(db),
    handle: db,
    transaction: <T>(work: (txRepo: Transactional<R>) => Promise<T>) => db.transaction((tx) => work(transactional(tx, queries))),
  };
}
