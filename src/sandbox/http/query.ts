/**
 * Query parameters, validated like bodies: every bad parameter is collected and reported in one 422
 * `validation_failed` naming it. Pagination: `page` from 1, `per_page` 1..100 (default 25).
 */
import { isIsoDate } from '../../domain/dates.js';
import { MAX_PAGE } from '../../domain/operations.js';
import type { FieldErrors } from '../../domain/request-bodies.js';
import { validationFailed } from './errors.js';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

export interface Page {
  page: number;
  per_page: number;
}

export interface ListBody<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

export class QueryReader {
  private readonly fields: FieldErrors = {};
  private readonly query: Record<string, unknown>;

  /** `declared`: the names the operation documents; reading another is a bug of the route, not of the caller. */
  constructor(
    query: unknown,
    private readonly declared?: ReadonlySet<string>,
  ) {
    this.query = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  }

  private raw(name: string): string | undefined {
    if (this.declared && !this.declared.has(name))
      throw new Error(`the query parameter ${name} is read but not declared in the operations table`);
    const v = this.query[name];
    if (v === undefined) return undefined;
    if (Array.isArray(v)) {
      this.fail(name, 'must be given once');
      return undefined;
    }
    return String(v);
  }

  fail(name: string, message: string): void {
    const list = this.fields[name];
    if (list) list.push(message);
    else this.fields[name] = [message];
  }

  string(name: string, maxLength = 200): string | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (v.length > maxLength) this.fail(name, `must be at most ${maxLength} characters`);
    return v;
  }

  enum<T extends string>(name: string, values: readonly T[]): T | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (!(values as readonly string[]).includes(v)) {
      this.fail(name, `must be one of ${values.join(', ')}`);
      return undefined;
    }
    return v as T;
  }

  integer(name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (!/^-?\d{1,16}$/.test(v)) {
      this.fail(name, 'must be an integer');
      return undefined;
    }
    const n = Number(v);
    if (n < min || n > max) {
      this.fail(
        name,
        max === Number.MAX_SAFE_INTEGER ? `must be at least ${min}` : `must be between ${min} and ${max}`,
      );
      return undefined;
    }
    return n;
  }

  /** An integer id (>= 1). */
  id(name: string): number | undefined {
    return this.integer(name, 1);
  }

  date(name: string): string | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (!isIsoDate(v)) {
      this.fail(name, 'must be a calendar date YYYY-MM-DD');
      return undefined;
    }
    return v;
  }

  /** A from/to pair: both optional, `to` not before `from`. */
  dateRange(fromName: string, toName: string): { from: string | undefined; to: string | undefined } {
    const from = this.date(fromName);
    const to = this.date(toName);
    if (from && to && to < from) this.fail(toName, `must not be before ${fromName}`);
    return { from, to };
  }

  page(): Page {
    return {
      // bounded, as the document says (#53: past 2^53 a page number lost its digits and the message was wrong)
      page: this.integer('page', 1, MAX_PAGE) ?? 1,
      per_page: this.integer('per_page', 1, MAX_PER_PAGE) ?? DEFAULT_PER_PAGE,
    };
  }

  /** Throws the 422 when any parameter was bad. */
  done(): void {
    if (Object.keys(this.fields).length > 0)
      throw validationFailed(this.fields, 'the query has invalid parameters');
  }
}

export function paginate<T>(items: readonly T[], { page, per_page }: Page): ListBody<T> {
  const total = items.length;
  const start = (page - 1) * per_page;
  return {
    data: items.slice(start, start + per_page),
    meta: { page, per_page, total, last_page: Math.max(1, Math.ceil(total / per_page)) },
  };
}
