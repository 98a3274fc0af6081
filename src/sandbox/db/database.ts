/**
 * What the store asks of a SQLite database, whichever module gives it (sqlite.ts opens one: better-sqlite3, or
 * Node's own through node-sqlite.ts).
 */

/** A prepared statement: the part of better-sqlite3's the store uses, which node-sqlite.ts offers too. */
export interface Statement {
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
  /** From now on, rows as arrays of their column values in the order selected (better-sqlite3's `raw`):
   *  tens of thousands of rows cost a third of what they cost as objects. */
  raw(toggle: boolean): Statement;
}

/** `db.transaction(fn)`: a function that runs `fn` in a transaction, with the BEGIN of each form. */
export type TransactionFn<F extends (...args: never[]) => unknown> = ((
  ...args: Parameters<F>
) => ReturnType<F>) & {
  deferred: (...args: Parameters<F>) => ReturnType<F>;
  immediate: (...args: Parameters<F>) => ReturnType<F>;
  exclusive: (...args: Parameters<F>) => ReturnType<F>;
};

/** One SQLite database, through Node's own SQLite or better-sqlite3. */
export interface Sqlite {
  readonly backend: Backend;
  readonly open: boolean;
  prepare(sql: string): Statement;
  exec(sql: string): void;
  transaction<F extends (...args: never[]) => unknown>(fn: F): TransactionFn<F>;
  pragma(source: string, options?: { simple?: boolean }): unknown;
  close(): void;
}

/**
 * Where the sandbox gets SQLite: Node's own (`node:sqlite`, Node 22.13 and later: nothing to build) where Node has
 * it, else better-sqlite3 (a native module, an optional dependency: npm builds it where no prebuilt binary fits,
 * and a failed build no longer fails the install). `CONDO_SQLITE=node|better-sqlite3` chooses one (the tests run
 * the store on both).
 */
export type Backend = 'node:sqlite' | 'better-sqlite3';
