/**
 * The sandbox's SQLite database (better-sqlite3): opened with a write-ahead log, `synchronous = FULL` (an
 * answered write is on disk), foreign keys on and a busy timeout, then migrated to the schema this version
 * knows (migrations.ts). Errors from SQLite are told apart by their `code` (`SQLITE_FULL`, `SQLITE_BUSY`,
 * `SQLITE_CONSTRAINT_*`), never by their message text.
 */
import { closeSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { MIGRATIONS, migrate } from './migrations.js';

export type Sqlite = BetterSqlite3.Database;
export type Statement = BetterSqlite3.Statement;

/** The database file inside a data dir. */
export const DB_FILE = 'sandbox.db';

// better-sqlite3 is CommonJS with a native addon: loaded with require, so the bundle leaves it external.
const requireCjs = createRequire(import.meta.url);

/**
 * Every Database and Statement object this process makes, kept reachable for its whole life. better-sqlite3 12
 * on Node 24 aborts the process (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook) when
 * the garbage collector finalizes one of them outside a JavaScript context; 13 fixes it but needs Node >= 22.
 * Statements are cached per SQL text (unit-of-work.ts), so this holds a bounded set per database.
 */
const neverCollected: unknown[] = [];

/** Opens (creating when missing) and migrates a database; `:memory:` for a throwaway one. */
export function openDatabase(path: string): Sqlite {
  const Database = requireCjs('better-sqlite3') as typeof BetterSqlite3;
  // it holds client secrets: owner-only, and SQLite gives its -wal and -shm files the same mode
  if (path !== ':memory:') closeSync(openSync(path, 'a', 0o600));
  const db = kept(new Database(path));
  try {
    // pragmas as prepared statements (kept), not db.pragma(), whose statements would be collected
    if (path !== ':memory:') db.prepare('PRAGMA journal_mode = WAL').get();
    db.prepare('PRAGMA synchronous = FULL').run();
    db.prepare('PRAGMA foreign_keys = ON').run();
    db.prepare('PRAGMA busy_timeout = 5000').get();
    migrate(db, MIGRATIONS);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** A database and every statement prepared through it, never collected (see `neverCollected`). */
function kept(db: Sqlite): Sqlite {
  neverCollected.push(db);
  // transaction()'s own BEGIN/COMMIT statements are held by the database itself
  const prepare = db.prepare.bind(db) as (...args: unknown[]) => Statement;
  (db as { prepare: unknown }).prepare = (...args: unknown[]) => {
    const statement = prepare(...args);
    neverCollected.push(statement);
    return statement;
  };
  return db;
}

/** A database as it is, not migrated: for tools and tests that look inside (read-only unless asked). */
export function openPlain(path: string, opts: { writable?: boolean } = {}): Sqlite {
  const Database = requireCjs('better-sqlite3') as typeof BetterSqlite3;
  const memory = path === ':memory:';
  return kept(new Database(path, { readonly: !opts.writable && !memory, fileMustExist: !memory }));
}

/** What went wrong in the storage, told by SQLite's error code. */
export interface StorageFault {
  /** 503 when the storage cannot take the write now (full, busy, I/O); 500 when the write itself was wrong */
  status: 500 | 503;
  code: 'storage_unavailable' | 'internal_error';
  message: string;
  /** SQLite's extended code, e.g. SQLITE_FULL */
  sqliteCode: string;
}

export function storageFaultOf(err: unknown): StorageFault | null {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return null;
  const primary = code.replace(/^(SQLITE_[A-Z]+).*$/, '$1');
  switch (primary) {
    case 'SQLITE_FULL':
      return fault(
        503,
        'storage_unavailable',
        'the sandbox database is full (no space left on its disk)',
        code,
      );
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return fault(
        503,
        'storage_unavailable',
        'the sandbox database is busy (another process holds it)',
        code,
      );
    case 'SQLITE_IOERR':
    case 'SQLITE_CANTOPEN':
      return fault(503, 'storage_unavailable', 'the sandbox database could not be written (I/O error)', code);
    case 'SQLITE_READONLY':
      return fault(503, 'storage_unavailable', 'the sandbox database is read-only', code);
    case 'SQLITE_CORRUPT':
    case 'SQLITE_NOTADB':
      return fault(503, 'storage_unavailable', 'the sandbox database file is damaged', code);
    case 'SQLITE_CONSTRAINT':
      return fault(500, 'internal_error', 'the write broke a database constraint and was rolled back', code);
    default:
      return fault(500, 'internal_error', 'the database refused the write and it was rolled back', code);
  }
}

function fault(
  status: StorageFault['status'],
  code: StorageFault['code'],
  message: string,
  sqliteCode: string,
): StorageFault {
  return { status, code, message: `${message} (${sqliteCode})`, sqliteCode };
}
