/**
 * The sandbox's database through Node's own SQLite (`node:sqlite`, Node 22.13 and later): no native module to
 * build, so a machine without a compiler (most Windows machines) runs the sandbox. It offers the part of
 * better-sqlite3's interface the store uses (prepare, exec, transaction with its deferred and immediate forms,
 * pragma, close), with the same results: plain row objects, BLOBs as Buffers, and errors coded `SQLITE_*` as
 * better-sqlite3 codes them, so `storageFaultOf` reads both alike.
 */
import type { Sqlite, Statement, TransactionFn } from './database.js';

interface NodeStatement {
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
  /** Node 22.16 and 24 */
  setReturnArrays?(enabled: boolean): void;
}
interface NodeDatabase {
  prepare(sql: string): NodeStatement;
  exec(sql: string): void;
  close(): void;
  readonly isOpen: boolean;
  readonly isTransaction: boolean;
}
export type NodeSqliteModule = {
  DatabaseSync: new (path: string, options?: { readOnly?: boolean; open?: boolean }) => NodeDatabase;
};

/** SQLite's primary result codes, and the extended ones condo tells apart, by number (sqlite3.h). */
const PRIMARY: Readonly<Record<number, string>> = {
  1: 'SQLITE_ERROR',
  2: 'SQLITE_INTERNAL',
  3: 'SQLITE_PERM',
  4: 'SQLITE_ABORT',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  7: 'SQLITE_NOMEM',
  8: 'SQLITE_READONLY',
  9: 'SQLITE_INTERRUPT',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  17: 'SQLITE_SCHEMA',
  18: 'SQLITE_TOOBIG',
  19: 'SQLITE_CONSTRAINT',
  20: 'SQLITE_MISMATCH',
  21: 'SQLITE_MISUSE',
  23: 'SQLITE_AUTH',
  25: 'SQLITE_RANGE',
  26: 'SQLITE_NOTADB',
};
const CONSTRAINTS: Readonly<Record<number, string>> = {
  275: 'SQLITE_CONSTRAINT_CHECK',
  787: 'SQLITE_CONSTRAINT_FOREIGNKEY',
  1299: 'SQLITE_CONSTRAINT_NOTNULL',
  1555: 'SQLITE_CONSTRAINT_PRIMARYKEY',
  1811: 'SQLITE_CONSTRAINT_TRIGGER',
  2067: 'SQLITE_CONSTRAINT_UNIQUE',
  2579: 'SQLITE_CONSTRAINT_ROWID',
  3091: 'SQLITE_CONSTRAINT_DATATYPE',
};

/** node:sqlite's error (code ERR_SQLITE_ERROR, errcode a number) with better-sqlite3's code (`SQLITE_FULL`). */
function coded(error: unknown): unknown {
  const e = error as { code?: unknown; errcode?: unknown };
  if (e && e.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number') {
    const name = CONSTRAINTS[e.errcode] ?? PRIMARY[e.errcode & 0xff] ?? `SQLITE_${e.errcode}`;
    try {
      Object.defineProperty(e, 'code', { value: name, configurable: true, writable: true });
    } catch {
      // a frozen error keeps its own code
    }
  }
  return error;
}

function guarded<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw coded(error);
  }
}

/** A row as better-sqlite3 gives it: a plain object, BLOBs as Buffers. */
function plain(row: unknown): unknown {
  if (row === undefined || row === null || typeof row !== 'object') return row;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = asBuffer(v);
  return out;
}

/** A row as better-sqlite3's raw mode gives it: its values in column order, BLOBs as Buffers. */
function plainValues(row: unknown): unknown[] {
  return (Array.isArray(row) ? row : Object.values(row as Record<string, unknown>)).map(asBuffer);
}

/** node:sqlite gives a BLOB as a Uint8Array; the store, as better-sqlite3 does, as a Buffer (no copy). */
function asBuffer(v: unknown): unknown {
  return v instanceof Uint8Array && !Buffer.isBuffer(v)
    ? Buffer.from(v.buffer, v.byteOffset, v.byteLength)
    : v;
}

class NodeStatementAdapter implements Statement {
  private arrays = false;
  constructor(private readonly s: NodeStatement) {}
  raw(toggle: boolean): Statement {
    this.arrays = toggle;
    // where node:sqlite can give arrays itself; elsewhere each row object's values are taken in column order
    this.s.setReturnArrays?.(toggle);
    return this;
  }
  run(...params: unknown[]) {
    const r = guarded(() => this.s.run(...params));
    return { changes: Number(r.changes), lastInsertRowid: r.lastInsertRowid };
  }
  get(...params: unknown[]) {
    const row = guarded(() => this.s.get(...params));
    return this.arrays && row !== undefined ? plainValues(row) : plain(row);
  }
  all(...params: unknown[]) {
    return guarded(() => this.s.all(...params)).map(this.arrays ? plainValues : plain);
  }
  *iterate(...params: unknown[]) {
    const it = guarded(() => this.s.iterate(...params));
    for (;;) {
      const next = guarded(() => it.next());
      if (next.done) return;
      yield this.arrays ? plainValues(next.value) : plain(next.value);
    }
  }
}

export class NodeSqlite implements Sqlite {
  readonly backend = 'node:sqlite' as const;
  private depth = 0;
  private readonly db: NodeDatabase;

  constructor(module: NodeSqliteModule, path: string, options: { readOnly?: boolean } = {}) {
    this.db = guarded(() => new module.DatabaseSync(path, options.readOnly ? { readOnly: true } : {}));
  }

  get open(): boolean {
    return this.db.isOpen;
  }

  prepare(sql: string): Statement {
    return new NodeStatementAdapter(guarded(() => this.db.prepare(sql)));
  }

  exec(sql: string): void {
    guarded(() => this.db.exec(sql));
  }

  /** `PRAGMA x` (its rows, or with `simple` the first value) as better-sqlite3's `pragma()` answers. */
  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const rows = this.prepare(`PRAGMA ${source}`).all() as Record<string, unknown>[];
    return options.simple ? Object.values(rows[0] ?? {})[0] : rows;
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  /**
   * better-sqlite3's transaction(): the function runs between BEGIN and COMMIT (ROLLBACK when it throws); inside
   * another transaction it runs in a savepoint. `.deferred`, `.immediate` and `.exclusive` choose the BEGIN.
   */
  transaction<F extends (...args: never[]) => unknown>(fn: F): TransactionFn<F> {
    const run =
      (begin: string) =>
      (...args: Parameters<F>): ReturnType<F> => {
        if (this.depth > 0) {
          const name = `condo_${this.depth}`;
          this.exec(`SAVEPOINT ${name}`);
          this.depth++;
          try {
            const result = fn(...args) as ReturnType<F>;
            this.exec(`RELEASE ${name}`);
            return result;
          } catch (error) {
            this.exec(`ROLLBACK TO ${name}`);
            this.exec(`RELEASE ${name}`);
            throw error;
          } finally {
            this.depth--;
          }
        }
        this.exec(begin);
        this.depth++;
        try {
          const result = fn(...args) as ReturnType<F>;
          this.exec('COMMIT');
          return result;
        } catch (error) {
          if (this.db.isTransaction) this.exec('ROLLBACK');
          throw error;
        } finally {
          this.depth--;
        }
      };
    return Object.assign(run('BEGIN'), {
      deferred: run('BEGIN DEFERRED'),
      immediate: run('BEGIN IMMEDIATE'),
      exclusive: run('BEGIN EXCLUSIVE'),
    });
  }
}
