/**
 * The sandbox's store: one SQLite database per data dir (`<dataDir>/sandbox.db`, see db/), or one in memory.
 *
 *   write(slug, tx => ...)  one BEGIN IMMEDIATE transaction: the function runs synchronously, every record it
 *                           changed is written back, and it commits, or a throw rolls all of it back
 *   read(slug, tx => ...)   a consistent read (a deferred transaction)
 *
 * A new data dir is seeded; one that holds the JSON snapshot of earlier versions (`sandbox-state.json`, with
 * its `batches/*.rem`) is imported once, and the snapshot renamed `.imported`. Statement imports a crash left
 * half-written are deleted on open.
 */
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { todayIn } from '../domain/dates.js';
import { BackgroundCheckpoints, type CheckpointResult } from './db/checkpoints.js';
import { DB_FILE, openDatabase, type Sqlite } from './db/sqlite.js';
import { importCondominiums, importState, readSequences, writeSequences } from './db/state-import.js';
import { Tx } from './db/tx.js';
import { StatementCache } from './db/unit-of-work.js';
import type { ClientRecord, SandboxState } from './model.js';
import { seedBills } from './seed/bills.js';
import { firmClient, firmCondominium } from './seed/firm.js';
import { seedState, TEST_CONDOMINIUM } from './seed/index.js';
import { rollPeriods } from './services/periods.js';

/** The snapshot earlier versions kept: imported once, then renamed `<name>.imported`. */
export const SNAPSHOT_FILE = 'sandbox-state.json';
const LEGACY_BATCH_DIR = 'batches';

/** A synchronous result: an async function cannot run inside a transaction (the transaction would end first). */
type NotAPromise<R> = R extends PromiseLike<unknown> ? never : R;

export class SandboxStore {
  private readonly statements: StatementCache;
  private rolledFor = '';
  private readonly checkpoints: BackgroundCheckpoints | null;
  private checkpointPauses = 0;

  private constructor(
    readonly sqlite: Sqlite,
    /** null for an in-memory store */
    readonly dataDir: string | null,
  ) {
    this.statements = new StatementCache(sqlite);
    this.checkpoints =
      dataDir === null ? null : new BackgroundCheckpoints(join(dataDir, DB_FILE), sqlite.backend);
  }

  /**
   * Opens the data dir's database (null: a fresh one in memory), seeding or importing it when empty. The
   * server opens it with `recover`, deleting what a crashed server left half-done; a tool reading the data dir
   * beside a running server must not.
   */
  static open(
    dataDir: string | null,
    opts: { now?: Date; recover?: boolean; bills?: boolean; condominiums?: number; units?: number } = {},
  ): SandboxStore {
    const now = opts.now ?? new Date();
    if (dataDir !== null) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const sqlite = openDatabase(dataDir === null ? ':memory:' : join(dataDir, DB_FILE));
    const store = new SandboxStore(sqlite, dataDir);
    try {
      if (store.isEmpty()) store.fill(now, opts.bills ?? true, opts.units);
      if (opts.condominiums) store.ensureCondominiums(opts.condominiums, now, { bills: opts.bills ?? true });
      if (opts.recover) store.dropUnfinishedImports();
      store.rollPeriods(now);
    } catch (err) {
      sqlite.close();
      throw err;
    }
    return store;
  }

  get databasePath(): string {
    return this.dataDir === null ? ':memory:' : join(this.dataDir, DB_FILE);
  }

  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE) for a condominium (null: global records only). */
  write<R>(scope: string | null, fn: (tx: Tx) => NotAPromise<R>): R {
    const tx = new Tx(this.statements, scope);
    const result = this.sqlite
      .transaction(() => {
        const r = fn(tx);
        if (r && typeof (r as { then?: unknown }).then === 'function') {
          throw new Error('a write transaction was given an async function');
        }
        tx.flush();
        return r;
      })
      .immediate();
    tx.runAfterCommit();
    return result;
  }

  /**
   * A write that need not reach the disk when it commits (no fsync): for work nothing reads until a later
   * ordinary write marks it done, whose commit makes the whole write-ahead log durable, this one included.
   */
  writeUnsynced<R>(scope: string | null, fn: (tx: Tx) => NotAPromise<R>): R {
    this.statements.get('PRAGMA synchronous = NORMAL').run();
    try {
      return this.write(scope, fn);
    } finally {
      this.statements.get('PRAGMA synchronous = FULL').run();
    }
  }

  /**
   * For a long run of writes (a statement import's chunks): the connection's own checkpoints, which fsync on the
   * thread that answers requests, stop until `resumeCheckpoints`; `checkpointInBackground` copies the log
   * meanwhile (db/checkpoints.ts). Pauses nest (two imports of two accounts at once).
   */
  pauseCheckpoints(): void {
    if (this.checkpoints && this.checkpointPauses++ === 0)
      this.statements.get('PRAGMA wal_autocheckpoint = 0').get();
  }

  /** After a background checkpoint of what the paused writes logged, the connection checkpoints again. */
  async resumeCheckpoints(): Promise<void> {
    if (!this.checkpoints) return;
    await this.checkpoints.run();
    if (--this.checkpointPauses === 0 && this.sqlite.open)
      this.statements.get('PRAGMA wal_autocheckpoint = 1000').get();
  }

  /** Copies the write-ahead log into the database on another thread (null at once for a store in memory). */
  checkpointInBackground(): Promise<CheckpointResult | null> {
    return this.checkpoints?.run() ?? Promise.resolve(null);
  }

  /** Runs `fn` over one consistent view of the database. */
  read<R>(scope: string | null, fn: (tx: Tx) => NotAPromise<R>): R {
    const tx = new Tx(this.statements, scope);
    return this.sqlite.transaction(() => fn(tx)).deferred();
  }

  /** Closes the months the clock has left behind (nothing to do while the month is the same). */
  rollPeriods(now: Date): void {
    const today = todayIn(now);
    const month = today.slice(0, 7);
    if (month === this.rolledFor) return;
    const slugs = this.read(null, (tx) => tx.condominiums.find().map((c) => c.slug));
    for (const slug of slugs) this.write(slug, (tx) => rollPeriods(tx, today));
    this.rolledFor = month;
  }

  /**
   * Puts fresh seed data in place of everything, in one transaction. `clients` keeps credentials a configured
   * profile uses; the base URL is kept. `bills`: this month's payables and the batch that rejected one too.
   */
  reseed(now: Date, clients?: ClientRecord[], bills = true): void {
    const condominiums = this.read(null, (tx) => tx.condominiums.count());
    const seeded = clients?.filter((c) => !c.name.startsWith('firm:'));
    this.write(null, (tx) => {
      const baseUrl = tx.meta('base_url');
      const tables = tx
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .all() as { name: string }[];
      for (const { name } of tables) tx.prepare(`DELETE FROM ${name}`).run();
      const state = seedState(now, seeded);
      state.base_url = baseUrl;
      importState(tx, state, (slug) => new Tx(this.statements, slug));
    });
    if (bills) this.seedBills(now);
    // a firm's condominiums come back too, with their credentials
    this.ensureCondominiums(condominiums, now, { bills, keep: clients ?? [] });
    this.rolledFor = '';
    this.rollPeriods(now);
  }

  /**
   * Adds a firm's condominiums (seed/firm.ts) until there are `count`, each with its client and, with `bills`,
   * this month's bills and its ledger history; a store that has them already is left alone.
   */
  ensureCondominiums(
    count: number,
    now: Date,
    opts: { bills: boolean; keep?: readonly ClientRecord[] },
  ): void {
    const have = this.read(null, (tx) => tx.condominiums.count());
    if (have >= count) return;
    const added: string[] = [];
    this.write(null, (tx) => {
      const seq = readSequences(tx);
      const condos = [];
      for (let n = have + 1; n <= count; n++) condos.push(firmCondominium(n, seq, now));
      const clients = condos.map((c) => firmClient(c.slug, opts.keep));
      importCondominiums(tx, condos, clients, (slug) => new Tx(this.statements, slug));
      writeSequences(tx, seq);
      added.push(...condos.map((c) => c.slug));
    });
    if (!opts.bills) return;
    for (const [i, slug] of added.entries()) seedBills((fn) => this.write(slug, fn), now, have + 1 + i);
  }

  close(): void {
    void this.checkpoints?.close();
    if (this.sqlite.open) this.sqlite.close();
  }

  private isEmpty(): boolean {
    return this.read(null, (tx) => tx.condominiums.count() === 0);
  }

  /** Seeds a new database, or imports the snapshot an earlier version left in the data dir. */
  private fill(now: Date, bills: boolean, units?: number): void {
    const legacy = this.dataDir === null ? null : readLegacySnapshot(this.dataDir);
    const state = legacy ?? seedState(now, undefined, units);
    const dir = this.dataDir;
    this.write(null, (tx) =>
      importState(tx, state, (slug) => new Tx(this.statements, slug), {
        batchFile: (id) => {
          if (dir === null || !/^[0-9A-Z]{26}$/.test(id)) return null;
          const path = join(dir, LEGACY_BATCH_DIR, `${id}.rem`);
          return existsSync(path) ? readFileSync(path) : null;
        },
      }),
    );
    if (legacy && dir !== null) renameSync(join(dir, SNAPSHOT_FILE), join(dir, `${SNAPSHOT_FILE}.imported`));
    else if (bills) this.seedBills(now);
  }

  /** This month's bills, written through the services as the requests would (seed/bills.ts). */
  private seedBills(now: Date): void {
    seedBills((fn) => this.write(TEST_CONDOMINIUM, fn), now);
  }

  /** A statement import that never finished (the server died while writing its lines) is deleted whole. */
  private dropUnfinishedImports(): void {
    this.write(null, (tx) => {
      tx.prepare(
        "DELETE FROM statement_lines WHERE statement_id IN (SELECT id FROM statement_imports WHERE status = 'loading')",
      ).run();
      tx.prepare(
        "DELETE FROM statement_movements WHERE statement_id IN (SELECT id FROM statement_imports WHERE status = 'loading')",
      ).run();
      tx.prepare("DELETE FROM statement_imports WHERE status = 'loading'").run();
    });
  }
}

/** The JSON snapshot of earlier versions, or null when the data dir has none. */
function readLegacySnapshot(dataDir: string): SandboxState | null {
  const path = join(dataDir, SNAPSHOT_FILE);
  if (!existsSync(path)) return null;
  let parsed: Partial<SandboxState>;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<SandboxState>;
  } catch {
    throw new Error(`${path} is not valid JSON; move it away to start from fresh data`);
  }
  if (
    parsed?.format !== 'condo-sandbox' ||
    !Array.isArray(parsed.condominiums) ||
    !Array.isArray(parsed.clients)
  ) {
    throw new Error(`${path} is not a snapshot this version can read; move it away to start from fresh data`);
  }
  return {
    format: 'condo-sandbox',
    version: 1,
    base_url: parsed.base_url ?? null,
    sequences: parsed.sequences ?? {},
    clients: parsed.clients,
    tokens: parsed.tokens ?? [],
    condominiums: parsed.condominiums,
  };
}
