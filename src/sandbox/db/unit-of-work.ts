/**
 * Reading and writing records inside one transaction. A record read through a repository is tracked (one
 * object per row: reading it twice gives the same object); services change it in place, and the unit of work
 * writes back every tracked row that changed, before each query and at commit. So a service reads like code
 * over plain objects, yet only the rows it touched are read or written, and nothing is written outside the
 * transaction that the caller (store.ts) opened.
 */
import type { Sqlite, Statement } from './database.js';
import type { ColumnKind, TableSpec } from './tables.js';
import {
  type ColumnOf,
  type FindOptions,
  type OrderBy,
  type PageOf,
  type PageRequest,
  type SqlValue,
  sqlValue,
  Where,
} from './where.js';

function toColumn(kind: ColumnKind, v: unknown): SqlValue {
  if (v === undefined || v === null) return null;
  if (kind === 'bool') return v ? 1 : 0;
  if (kind === 'json') return JSON.stringify(v);
  return sqlValue(v);
}

function fromColumn(kind: ColumnKind, v: unknown): unknown {
  if (kind === 'bool') return v === 1;
  if (kind === 'json') return v === null || v === undefined ? null : JSON.parse(v as string);
  return v ?? null;
}

/**
 * A table's columns and statements, worked out once per table rather than on every row: with tens of thousands
 * of rows in one transaction (a big batch) the per-row work is most of the request.
 */
interface Shape {
  spec: TableSpec<unknown>;
  names: readonly string[];
  kinds: readonly ColumnKind[];
  /** positions in `names` of the key columns, and of the others (the settable ones) */
  keyAt: readonly number[];
  settableAt: readonly number[];
  select: string;
  /** `select` of the one row with a key (and the condominium, for a scoped table) */
  selectByKey: string;
  insert: string;
  /** UPDATE statements by the columns they set (their positions, joined): only what changed is written, so
   *  SQLite leaves alone the indexes of columns that did not */
  updates: Map<string, string>;
}

const shapes = new WeakMap<TableSpec<unknown>, Shape>();

function shapeOf(spec: TableSpec<unknown>): Shape {
  let shape = shapes.get(spec);
  if (shape) return shape;
  const names = Object.keys(spec.columns);
  const kinds = names.map((n) => spec.columns[n as never] as ColumnKind);
  const keyAt = spec.key.map((k) => names.indexOf(k));
  // Keys are never set: "updating" a parent key, even to itself, makes SQLite check every child row.
  const settableAt = names.flatMap((n, i) => (spec.key.includes(n as never) ? [] : [i]));
  const inserted = spec.scoped ? ['condominium', ...names] : names;
  shape = {
    spec,
    names,
    kinds,
    keyAt,
    settableAt,
    select: `SELECT ${names.join(', ')} FROM ${spec.table}`,
    selectByKey: `SELECT ${names.join(', ')} FROM ${spec.table} WHERE ${keyClause(spec)}${scopeClause(spec)}`,
    insert: `INSERT INTO ${spec.table} (${inserted.join(', ')}) VALUES (${inserted.map(() => '?').join(', ')})`,
    updates: new Map(),
  };
  shapes.set(spec, shape);
  return shape;
}

interface Tracked {
  shape: Shape;
  record: Record<string, unknown>;
  /** the row's column values as last read or written, to tell whether the record changed */
  written: SqlValue[];
}

/** Whether a column's value is what it was (BLOBs by content). */
function sameValue(now: SqlValue | undefined, was: SqlValue | undefined): boolean {
  return now === was || (Buffer.isBuffer(now) && Buffer.isBuffer(was) && now.equals(was));
}

/** Whether a tracked record differs from its row as last read or written, allocating nothing (most do not). */
function changed(t: Tracked): boolean {
  const { names, kinds } = t.shape;
  for (let i = 0; i < names.length; i++)
    if (!sameValue(toColumn(kinds[i] as ColumnKind, t.record[names[i] as string]), t.written[i])) return true;
  return false;
}

/** The settable columns (positions) whose value differs from the row as last read or written. */
function changedColumns(t: Tracked, values: readonly SqlValue[]): number[] {
  return t.shape.settableAt.filter((i) => !sameValue(values[i], t.written[i]));
}

function updateSql(shape: Shape, columns: readonly number[]): string {
  const key = columns.join(',');
  let sql = shape.updates.get(key);
  if (!sql) {
    const set = columns.map((i) => `${shape.names[i]} = ?`).join(', ');
    sql = `UPDATE ${shape.spec.table} SET ${set} WHERE ${keyClause(shape.spec)}${scopeClause(shape.spec)}`;
    shape.updates.set(key, sql);
  }
  return sql;
}

/** Prepared statements, compiled once per connection. */
export class StatementCache {
  private readonly cache = new Map<string, Statement>();
  constructor(readonly sqlite: Sqlite) {}
  get(sql: string): Statement {
    let s = this.cache.get(sql);
    if (!s) {
      s = this.sqlite.prepare(sql);
      this.cache.set(sql, s);
    }
    return s;
  }

  /** The same SQL as a statement of its own that answers rows as arrays (see `Statement.raw`). */
  getRaw(sql: string): Statement {
    const key = `raw\u0000${sql}`;
    let s = this.cache.get(key);
    if (!s) {
      s = this.sqlite.prepare(sql).raw(true);
      this.cache.set(key, s);
    }
    return s;
  }
}

export class UnitOfWork {
  private readonly tracked = new Map<string, Tracked>();
  private readonly repos = new Map<TableSpec<unknown>, Repo<never>>();
  private readonly committed: (() => void)[] = [];

  constructor(
    private readonly statements: StatementCache,
    /** the condominium (slug) scoped tables are read and written for; null for global work */
    readonly scope: string | null,
  ) {}

  get sqlite(): Sqlite {
    return this.statements.sqlite;
  }

  /**
   * A statement of the service's own SQL. It sees every earlier write of the transaction, whichever way it was
   * made: the changed records are written back before it runs. And a write of its own to a table whose records
   * are tracked brings those records up to date, so a record read before it does not show what it overwrote.
   */
  prepare(sql: string): Statement {
    return new TransactionStatement(this, this.statements.get(sql), writtenTable(sql));
  }

  /**
   * A statement of the service's own for writing many new rows (a batch's 100 000 items, its file's chunks): the
   * changed records are written back once, now, not before each of its runs, and no record is read again after
   * them. So it must write only rows no tracked record holds.
   */
  bulkInsert(sql: string): Statement {
    if (!/^\s*INSERT\s+INTO/i.test(sql)) throw new Error(`bulkInsert is for INSERT statements, not: ${sql}`);
    this.flush();
    return this.statements.get(sql);
  }

  /**
   * Rows of SQL of the service's own (arrays of the `columns` selected), in the ascending order of the columns
   * `orderBy` names (the last unique), read a page of `size` rows at a time: each page starts where the last
   * ended (a key, not an OFFSET, which would read every row before it again), so a query over 100 000 rows holds
   * one page. The rows must not change while they are read.
   */
  *pagesOf(
    q: {
      columns: readonly string[];
      from: string;
      where: string;
      params: readonly unknown[];
      orderBy: readonly string[];
    },
    size = 2000,
  ): Generator<unknown[]> {
    this.flush();
    const columns = [...q.columns, ...q.orderBy].join(', ');
    const order = q.orderBy.join(', ');
    const where = q.where ? `(${q.where})` : '1';
    const first = `SELECT ${columns} FROM ${q.from} WHERE ${where} ORDER BY ${order} LIMIT ?`;
    const next = `SELECT ${columns} FROM ${q.from} WHERE ${where} AND (${order}) > (${q.orderBy.map(() => '?').join(', ')}) ORDER BY ${order} LIMIT ?`;
    let after: unknown[] | null = null;
    for (;;) {
      const rows = (
        after === null
          ? this.prepareRaw(first).all(...q.params, size)
          : this.prepareRaw(next).all(...q.params, ...after, size)
      ) as unknown[][];
      for (const row of rows) yield row.length > q.columns.length ? row.slice(0, q.columns.length) : row;
      if (rows.length < size) return;
      after = (rows.at(-1) as unknown[]).slice(q.columns.length);
    }
  }

  /**
   * A read of columns no service changes once a row is written (a batch item's position, looked up by its seu
   * número): it runs without writing the tracked records back first, as a read of changing columns must
   * (`prepare`), and so costs the same whatever the transaction has read (#32: a return of 400,000 lines).
   */
  prepareFixedRead(sql: string): Statement {
    if (writtenTable(sql)) throw new Error(`prepareFixedRead is for reads, not: ${sql}`);
    return this.statements.get(sql);
  }

  /** @internal a statement as it is, for the unit of work's own SQL (which flushes when it must) */
  statement(sql: string): Statement {
    return this.statements.get(sql);
  }

  /** @internal a statement whose rows are arrays, for the repositories' own reads */
  prepareRaw(sql: string): Statement {
    return this.statements.getRaw(sql);
  }

  /**
   * @internal after SQL of a service's own wrote to `table`: its tracked records are read again (the same
   * objects, changed in place), and those it deleted are tracked no more.
   */
  reread(table: string): void {
    for (const [id, t] of this.tracked) {
      const { shape } = t;
      if (shape.spec.table !== table) continue;
      const keyParams = shape.keyAt.map((i) => t.written[i] ?? null);
      const row = this.prepareRaw(shape.selectByKey).get(
        ...keyParams,
        ...(shape.spec.scoped ? [this.requireScope()] : []),
      ) as unknown[] | undefined;
      if (!row) {
        this.tracked.delete(id);
        continue;
      }
      t.written = readInto(shape, row, t.record);
    }
  }

  repo<T>(spec: TableSpec<T>): Repo<T> {
    const key = spec as unknown as TableSpec<unknown>;
    let r = this.repos.get(key);
    if (!r) {
      r = new Repo<T>(this, spec) as unknown as Repo<never>;
      this.repos.set(key, r);
    }
    return r as unknown as Repo<T>;
  }

  /** Runs after the transaction commits (never when it rolls back): sending, waking a background job. */
  afterCommit(fn: () => void): void {
    this.committed.push(fn);
  }

  /** @internal called by the store once the transaction committed */
  runAfterCommit(): void {
    for (const fn of this.committed.splice(0)) fn();
  }

  /** @internal */
  identity(spec: TableSpec<unknown>, record: Record<string, unknown>): string {
    return `${spec.table}\u0000${spec.key.map((k) => String(record[k])).join('\u0000')}`;
  }

  /** @internal the tracked object for a row read from the table (the one already tracked, if any) */
  track<T>(spec: TableSpec<T>, record: T, values?: SqlValue[]): T {
    const s = spec as unknown as TableSpec<unknown>;
    const r = record as Record<string, unknown>;
    const id = this.identity(s, r);
    const existing = this.tracked.get(id);
    if (existing) return existing.record as T;
    const shape = shapeOf(s);
    this.tracked.set(id, { shape, record: r, written: values ?? rowValues(shape, r) });
    return record;
  }

  /** @internal */
  trackedRecord(
    spec: TableSpec<unknown>,
    keyValues: readonly unknown[],
  ): Record<string, unknown> | undefined {
    return this.tracked.get(`${spec.table}\u0000${keyValues.map(String).join('\u0000')}`)?.record;
  }

  /**
   * Writes back what changed, then stops tracking the records of these tables: for a long run of changes (a return
   * of 400,000 payments) that would otherwise keep every row it touched until the commit. A record read before
   * this is no longer written back; the next read of its row gives a new object.
   */
  forget(specs: readonly Pick<TableSpec<unknown>, 'table'>[]): void {
    this.flush();
    const tables = new Set(specs.map((spec) => spec.table));
    for (const [id, t] of this.tracked) if (tables.has(t.shape.spec.table)) this.tracked.delete(id);
  }

  /** @internal */
  untrack(spec: TableSpec<unknown>, record: Record<string, unknown>): void {
    this.tracked.delete(this.identity(spec, record));
  }

  /** Writes back every tracked record that changed since it was read or last written. */
  flush(): void {
    for (const t of this.tracked.values()) {
      if (!changed(t)) continue;
      const { shape } = t;
      const values = rowValues(shape, t.record);
      const columns = changedColumns(t, values);
      if (columns.length === 0) continue;
      const keyParams = shape.keyAt.map((i) => values[i] ?? null);
      const params = [...columns.map((i) => values[i] ?? null), ...keyParams];
      if (shape.spec.scoped) params.push(this.requireScope());
      const info = this.statement(updateSql(shape, columns)).run(...params);
      if (info.changes !== 1)
        throw new Error(`${shape.spec.table} row ${keyParams.join('/')} vanished before its update`);
      t.written = values;
    }
  }

  /** @internal */
  requireScope(): string {
    if (this.scope === null) throw new Error('a condominium table was used outside a condominium');
    return this.scope;
  }
}

/**
 * Sets a record's fields from a row read as an array (in `shape.select`'s order); answers the row's column values,
 * the snapshot that tells later whether the record changed.
 */
function readInto(shape: Shape, row: readonly unknown[], record: Record<string, unknown>): SqlValue[] {
  const { names, kinds } = shape;
  const values = new Array<SqlValue>(names.length);
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    const kind = kinds[i] as ColumnKind;
    record[name] = fromColumn(kind, row[i]);
    values[i] = kind === 'json' || kind === 'bool' ? toColumn(kind, record[name]) : (row[i] as SqlValue);
  }
  return values;
}

/** The table an INSERT, UPDATE, DELETE or REPLACE writes to; undefined for a read. */
export function writtenTable(sql: string): string | undefined {
  return /^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+["`]?(\w+)/i.exec(
    sql,
  )?.[1];
}

/** A service's statement inside the transaction (see `UnitOfWork.prepare`). */
class TransactionStatement implements Statement {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly inner: Statement,
    private readonly writes: string | undefined,
  ) {}

  private after<R>(result: R): R {
    if (this.writes) this.uow.reread(this.writes);
    return result;
  }

  run(...params: unknown[]) {
    this.uow.flush();
    return this.after(this.inner.run(...params));
  }

  get(...params: unknown[]): unknown {
    this.uow.flush();
    return this.after(this.inner.get(...params));
  }

  all(...params: unknown[]): unknown[] {
    this.uow.flush();
    return this.after(this.inner.all(...params));
  }

  *iterate(...params: unknown[]): IterableIterator<unknown> {
    this.uow.flush();
    yield* this.inner.iterate(...params);
    if (this.writes) this.uow.reread(this.writes);
  }

  raw(toggle: boolean): Statement {
    this.inner.raw(toggle);
    return this;
  }
}

function rowValues(shape: Shape, record: Record<string, unknown>): SqlValue[] {
  const { names, kinds } = shape;
  const values = new Array<SqlValue>(names.length);
  for (let i = 0; i < names.length; i++)
    values[i] = toColumn(kinds[i] as ColumnKind, record[names[i] as string]);
  return values;
}

const keyClause = (spec: TableSpec<unknown>) => spec.key.map((k) => `${k} = ?`).join(' AND ');
const scopeClause = (spec: TableSpec<unknown>) => (spec.scoped ? ' AND condominium = ?' : '');

/** The records of one table, for the unit of work's condominium. */
export class Repo<T> {
  private readonly spec: TableSpec<unknown>;
  private readonly shape: Shape;
  private readonly select: string;

  constructor(
    private readonly uow: UnitOfWork,
    spec: TableSpec<T>,
  ) {
    this.spec = spec as unknown as TableSpec<unknown>;
    this.shape = shapeOf(this.spec);
    this.select = this.shape.select;
  }

  /** Filters on this table's columns. */
  where(): Where<T> {
    return new Where<T>();
  }

  private scopeParams(): SqlValue[] {
    return this.spec.scoped ? [this.uow.requireScope()] : [];
  }

  private whereSql(w: Where<T> | undefined): { sql: string; params: SqlValue[] } {
    const clauses = [...(w?.clauses ?? [])];
    if (this.spec.scoped) clauses.unshift('condominium = ?');
    return {
      sql: clauses.length > 0 ? ` WHERE ${clauses.join(' AND ')}` : '',
      params: [...this.scopeParams(), ...(w?.params ?? [])],
    };
  }

  /** A row read as an array of the table's columns, in the order `select` names them. */
  private fromValues(row: readonly unknown[]): T {
    const record: Record<string, unknown> = {};
    const values = readInto(this.shape, row, record);
    return this.uow.track(this.spec, record, values) as T;
  }

  /** The record with this primary key, or undefined. */
  get(...key: unknown[]): T | undefined {
    const known = this.uow.trackedRecord(this.spec, key);
    if (known) return known as T;
    const keyParams = this.spec.key.map((k, i) => toColumn(this.spec.columns[k as never], key[i]));
    const row = this.uow.prepareRaw(this.shape.selectByKey).get(...keyParams, ...this.scopeParams()) as
      | unknown[]
      | undefined;
    return row ? this.fromValues(row) : undefined;
  }

  find(w?: Where<T>, opts: FindOptions<T> = {}): T[] {
    this.uow.flush();
    const { sql, params } = this.whereSql(w);
    const order = opts.orderBy?.length ? ` ORDER BY ${opts.orderBy.join(', ')}` : '';
    // LIMIT and OFFSET as parameters: one statement per query shape, however many pages are read
    const limit = opts.limit !== undefined ? ' LIMIT ? OFFSET ?' : '';
    const paging = opts.limit !== undefined ? [Math.floor(opts.limit), Math.floor(opts.offset ?? 0)] : [];
    const rows = this.uow
      .prepareRaw(`${this.select}${sql}${order}${limit}`)
      .all(...params, ...paging) as unknown[][];
    return rows.map((r) => this.fromValues(r));
  }

  /**
   * The records that match, in the ascending order of `orderBy` (whose last column is unique), read a page of `size`
   * rows at a time and not tracked: for more rows than a request should hold at once (a batch of 100 000
   * payables). Each page starts where the last ended (a key, not an OFFSET, which would read every row before
   * it again). A change to one is not written back: write with SQL of the service's own.
   */
  *pages(w: Where<T> | undefined, orderBy: readonly ColumnOf<T>[], size = 2000): Generator<T> {
    const { sql, params } = this.whereSql(w);
    const where = sql.replace(/^ WHERE /, '');
    const q = { columns: this.shape.names, from: this.spec.table, where, params, orderBy };
    for (const row of this.uow.pagesOf(q, size)) {
      const record: Record<string, unknown> = {};
      readInto(this.shape, row, record);
      yield record as T;
    }
  }

  first(w?: Where<T>, orderBy?: OrderBy<T>): T | undefined {
    return this.find(w, { ...(orderBy ? { orderBy } : {}), limit: 1 })[0];
  }

  count(w?: Where<T>): number {
    this.uow.flush();
    const { sql, params } = this.whereSql(w);
    return (
      this.uow.statement(`SELECT count(*) AS n FROM ${this.spec.table}${sql}`).get(...params) as { n: number }
    ).n;
  }

  /** The sum of an integer column over the rows that match (0 when none). */
  sum(column: ColumnOf<T>, w?: Where<T>): number {
    this.uow.flush();
    const { sql, params } = this.whereSql(w);
    const row = this.uow
      .statement(`SELECT coalesce(sum(${column}), 0) AS n FROM ${this.spec.table}${sql}`)
      .get(...params);
    return (row as { n: number }).n;
  }

  /** One page in SQL, with the total the filters match. */
  page(w: Where<T> | undefined, orderBy: OrderBy<T>, p: PageRequest): PageOf<T> {
    const total = this.count(w);
    const data = this.find(w, { orderBy, limit: p.per_page, offset: (p.page - 1) * p.per_page });
    return {
      data,
      meta: {
        page: p.page,
        per_page: p.per_page,
        total,
        last_page: Math.max(1, Math.ceil(total / p.per_page)),
      },
    };
  }

  insert(record: T): T {
    const values = rowValues(this.shape, record as Record<string, unknown>);
    const statement = this.uow.statement(this.shape.insert);
    if (this.spec.scoped) statement.run(this.uow.requireScope(), ...values);
    else statement.run(...values);
    return this.uow.track(this.spec, record as unknown, values) as T;
  }

  remove(record: T): void {
    const r = record as Record<string, unknown>;
    const keyParams = this.spec.key.map((k) => toColumn(this.spec.columns[k as never], r[k]));
    this.uow.flush();
    this.uow
      .statement(`DELETE FROM ${this.spec.table} WHERE ${keyClause(this.spec)}${scopeClause(this.spec)}`)
      .run(...keyParams, ...this.scopeParams());
    this.uow.untrack(this.spec, r);
  }
}
