/**
 * The sandbox's SQLite database (node:sqlite or better-sqlite3, see `Backend`): opened with a write-ahead log, `synchronous = FULL` (an
 * answered write is on disk), foreign keys on and a busy timeout, then migrated to the schema this version
 * knows (migrations.ts). Errors from SQLite are told apart by their `code` (`SQLITE_FULL`, `SQLITE_BUSY`,
 * `SQLITE_CONSTRAINT_*`), never by their message text.
 */
import { closeSync, existsSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { UsageError } from '../../domain/errors.js';
import type { Text } from '../../domain/text.js';
import type { Backend, Sqlite, Statement } from './database.js';

import { migrate, migrations } from './migrations.js';
import { NodeSqlite, type NodeSqliteModule } from './node-sqlite.js';

export type { Backend, Sqlite, Statement, TransactionFn } from './database.js';

/** The database file inside a data dir. */
export const DB_FILE = 'sandbox.db';

// better-sqlite3 is CommonJS with a native addon: loaded with require, so the bundle leaves it external.
const requireCjs = createRequire(import.meta.url);

/**
 * Every Database and Statement object better-sqlite3 makes in this process, kept reachable for its whole life.
 * better-sqlite3 12 on Node 24 aborts the process (`Assertion failed: (env) != nullptr` in
 * RemoveEnvironmentCleanupHook) when the garbage collector finalizes one of them outside a JavaScript context;
 * 13 fixes it but needs Node >= 22. Statements are cached per SQL text (unit-of-work.ts), so this holds a bounded
 * set per database.
 */
const neverCollected: unknown[] = [];

let nodeModule: NodeSqliteModule | null | undefined;

/**
 * `node:sqlite`, or null where this Node has none. Node 22 and 24 call it experimental and say so on stderr the
 * first time it loads: that one warning is not the user's business, so it is left unsaid.
 */
function nodeSqlite(): NodeSqliteModule | null {
  if (nodeModule !== undefined) return nodeModule;
  const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  const original = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning?.message;
    if (/SQLite is an experimental feature/i.test(String(text))) return;
    return (original as (...a: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    const mod = getBuiltin?.call(process, 'node:sqlite') as NodeSqliteModule | undefined;
    nodeModule = mod && typeof mod.DatabaseSync === 'function' ? mod : null;
  } catch {
    nodeModule = null;
  } finally {
    process.emitWarning = original;
  }
  return nodeModule;
}

let betterModule: typeof BetterSqlite3 | Error | undefined;

/**
 * better-sqlite3, or the reason it could not be loaded. Its native addon is loaded by the first database, not by
 * the require: on a Node it was not built for the require succeeds and `new Database` fails (NODE_MODULE_VERSION),
 * so one throwaway database in memory proves it (kept, as every database is: `neverCollected`).
 */
function betterSqlite3(): typeof BetterSqlite3 | Error {
  if (betterModule !== undefined) return betterModule;
  try {
    const Database = requireCjs('better-sqlite3') as typeof BetterSqlite3;
    const probe = new Database(':memory:');
    neverCollected.push(probe);
    probe.close();
    betterModule = Database;
  } catch (error) {
    betterModule = error as Error;
  }
  return betterModule;
}

/** Which backend this process uses (see `Backend`). Throws, saying what to install, when there is none. */
export function sqliteBackend(env: NodeJS.ProcessEnv = process.env): Backend {
  const given = env.CONDO_SQLITE?.trim() || undefined;
  const wanted = given?.toLowerCase();
  if (wanted !== undefined && !['node', 'node:sqlite', 'better-sqlite3'].includes(wanted))
    throw new SqliteMissingError({
      en: `CONDO_SQLITE is "${given}", which names no SQLite condo knows: node (Node's own) or better-sqlite3; unset it and condo picks one`,
      pt: `CONDO_SQLITE é "${given}", que não nomeia um SQLite que o condo conheça: node (o do próprio Node) ou better-sqlite3; sem ela o condo escolhe um`,
    });
  const version = process.version;
  if (wanted === 'node' || wanted === 'node:sqlite') {
    if (nodeSqlite()) return 'node:sqlite';
    throw new SqliteMissingError(
      {
        en: `CONDO_SQLITE=${given} asks for Node's own SQLite, which Node ${version} does not have (Node 22.13 and later do)`,
        pt: `CONDO_SQLITE=${given} pede o SQLite do próprio Node, que o Node ${version} não tem (o Node 22.13 e posteriores têm)`,
      },
      INSTALL,
    );
  }
  if (wanted !== 'better-sqlite3' && nodeSqlite()) return 'node:sqlite';
  const better = betterSqlite3();
  if (!(better instanceof Error)) return 'better-sqlite3';
  // Node's message for an addon built for another Node runs over lines, and its advice is ours below
  const why = better.message
    .replace(/\s+/g, ' ')
    .replace(/ Please try re-compiling.*$/, '')
    .trim();
  // #50 point 10: asked for by name, its own failure is the answer; this Node may well have a SQLite of its own
  if (wanted === 'better-sqlite3')
    throw new SqliteMissingError(
      {
        en: `CONDO_SQLITE=better-sqlite3 asks for better-sqlite3, which did not load on Node ${version}: ${why}`,
        pt: `CONDO_SQLITE=better-sqlite3 pede o better-sqlite3, que não carregou no Node ${version}: ${why}`,
      },
      nodeSqlite() ? UNSET_OR_REBUILD : INSTALL,
    );
  throw new SqliteMissingError(
    {
      en: `Node ${version} has no SQLite of its own (node:sqlite comes with Node 22.13 and later), and better-sqlite3, which the sandbox uses otherwise, did not load: ${why}`,
      pt: `o Node ${version} não tem SQLite próprio (o node:sqlite vem com o Node 22.13 e posteriores), e o better-sqlite3, que o sandbox usa nesse caso, não carregou: ${why}`,
    },
    INSTALL,
  );
}

/** What to do when neither SQLite can be had. */
const INSTALL: Text = {
  en: 'The sandbox needs one of them; the CLI itself does not. Either run condo on Node 22 or 24 (from nodejs.org, or nvm/fnm/volta), or install the build tools better-sqlite3 compiles with (Python 3 and a C++ compiler; on Windows, Visual Studio Build Tools with "Desktop development with C++") and run: npm rebuild better-sqlite3',
  pt: 'O sandbox precisa de um deles; o CLI em si, não. Rode o condo no Node 22 ou 24 (de nodejs.org, ou nvm/fnm/volta), ou instale as ferramentas de compilação do better-sqlite3 (Python 3 e um compilador C++; no Windows, o Visual Studio Build Tools com "Desktop development with C++") e rode: npm rebuild better-sqlite3',
};

/** What to do when better-sqlite3 was asked for by name on a Node that has its own SQLite. */
const UNSET_OR_REBUILD: Text = {
  en: "Unset CONDO_SQLITE and the sandbox runs on Node's own SQLite; or build better-sqlite3 for this Node: npm rebuild better-sqlite3",
  pt: 'Tire a CONDO_SQLITE e o sandbox roda no SQLite do próprio Node; ou compile o better-sqlite3 para este Node: npm rebuild better-sqlite3',
};

/**
 * The sandbox has no SQLite to run on: one paragraph with what was asked for, what is missing and how to get it.
 * A refusal of the environment (exit 2): nothing was done.
 */
export class SqliteMissingError extends UsageError {
  constructor(why: Text, advice?: Text) {
    // one full stop between the two, whether or not the reason brought its own
    const stop = (t: string) => `${t.replace(/\.$/, '')}.`;
    super(
      advice
        ? { en: `${stop(why.en)} ${advice.en}`, pt: `${stop(why.pt)} ${advice.pt}` }
        : { en: stop(why.en), pt: stop(why.pt) },
      { code: 'no_sqlite' },
    );
    this.name = 'SqliteMissingError';
  }
}

/** A database file, opened by the backend this process uses. */
function connect(path: string, options: { readOnly?: boolean; fileMustExist?: boolean } = {}): Sqlite {
  if (options.fileMustExist && path !== ':memory:' && !existsSync(path))
    throw Object.assign(new Error(`unable to open database file ${path}`), { code: 'SQLITE_CANTOPEN' });
  if (sqliteBackend() === 'node:sqlite')
    return new NodeSqlite(nodeSqlite() as NodeSqliteModule, path, { readOnly: options.readOnly ?? false });
  const Database = betterSqlite3() as typeof BetterSqlite3;
  const db = new Database(path, { readonly: options.readOnly ?? false });
  return kept(Object.assign(db, { backend: 'better-sqlite3' as const }) as unknown as Sqlite);
}

/** Opens (creating when missing) and migrates a database; `:memory:` for a throwaway one. */
export function openDatabase(path: string): Sqlite {
  // it holds client secrets: owner-only, and SQLite gives its -wal and -shm files the same mode
  if (path !== ':memory:') closeSync(openSync(path, 'a', 0o600));
  const db = connect(path);
  try {
    // pragmas as prepared statements (kept), not db.pragma(), whose statements would be collected. The busy
    // timeout first: switching to WAL needs a lock, and a connection still closing (the checkpointer thread of an
    // import, a reader) failed it at once with "database is locked" (seen on Node 22 under load)
    db.prepare('PRAGMA busy_timeout = 5000').get();
    if (path !== ':memory:') db.prepare('PRAGMA journal_mode = WAL').get();
    db.prepare('PRAGMA synchronous = FULL').run();
    db.prepare('PRAGMA foreign_keys = ON').run();
    migrate(db, migrations());
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
  const memory = path === ':memory:';
  const db = connect(path, { readOnly: !opts.writable && !memory, fileMustExist: !memory });
  // a reader waits for a writer's lock too, rather than failing at once
  db.prepare('PRAGMA busy_timeout = 5000').get();
  return db;
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
