/** A column of a table's record type: a misspelt one is a type error, not an SQL error at run time. */
export type ColumnOf<T> = keyof T & string;

/** An ORDER BY term: a column, ascending or descending (`rowid`: the order rows were inserted in). */
export type OrderTerm<T> = ColumnOf<T> | `${ColumnOf<T>} DESC` | 'rowid';
export type OrderBy<T> = readonly OrderTerm<T>[];

/**
 * Optional filters joined with AND; an undefined value leaves its filter out. Columns and their values are checked
 * against the record type; `sql` is the one way to write a clause by hand.
 */
export class Where<T> {
  readonly clauses: string[] = [];
  readonly params: SqlValue[] = [];

  private add(clause: string, ...params: unknown[]): this {
    this.clauses.push(clause);
    this.params.push(...params.map(sqlValue));
    return this;
  }

  eq<K extends ColumnOf<T>>(column: K, value: T[K] | undefined): this {
    if (value === undefined) return this;
    return value === null ? this.add(`${column} IS NULL`) : this.add(`${column} = ?`, value);
  }

  ne<K extends ColumnOf<T>>(column: K, value: T[K] | undefined): this {
    if (value === undefined) return this;
    return value === null ? this.add(`${column} IS NOT NULL`) : this.add(`${column} IS NOT ?`, value);
  }

  gte<K extends ColumnOf<T>>(column: K, value: T[K] | undefined): this {
    return value === undefined ? this : this.add(`${column} >= ?`, value);
  }

  lte<K extends ColumnOf<T>>(column: K, value: T[K] | undefined): this {
    return value === undefined ? this : this.add(`${column} <= ?`, value);
  }

  lt<K extends ColumnOf<T>>(column: K, value: T[K] | undefined): this {
    return value === undefined ? this : this.add(`${column} < ?`, value);
  }

  in<K extends ColumnOf<T>>(column: K, values: readonly T[K][] | undefined): this {
    if (values === undefined) return this;
    if (values.length === 0) return this.add('0');
    return this.add(`${column} IN (${values.map(() => '?').join(', ')})`, ...values);
  }

  /** A clause of its own, e.g. `lower(name) LIKE ?`. */
  sql(clause: string, ...params: unknown[]): this {
    return this.add(clause, ...params);
  }
}

/** Filters on the columns of record type T, built before a transaction is at hand. */
export const where = <T>(): Where<T> => new Where<T>();

export interface PageRequest {
  page: number;
  per_page: number;
}

export interface PageOf<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

export interface FindOptions<T> {
  orderBy?: OrderBy<T>;
  limit?: number;
  offset?: number;
}

export function sqlValue(v: unknown): SqlValue {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' || Buffer.isBuffer(v)) return v;
  return JSON.stringify(v);
}

export type SqlValue = string | number | bigint | Buffer | null;
