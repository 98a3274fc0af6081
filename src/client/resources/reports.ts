/**
 * Delinquency and monetary indexes (scope invoices.read): the defaulters snapshot aggregated per unit, and the
 * indexes (IPCA, IGPM, INPC, INCC, TJSP) used to correct overdue amounts. Every page is read.
 */

import type * as R from '../../domain/responses.js';
import type { ApiCore, ListOptions, ListResult, QueryValue, Tolerant } from '../types.js';
import { route } from './endpoint.js';

export type DefaulterRow = Tolerant<typeof R.Defaulter, 'unit_id'>;

export interface DefaulterFilters {
  as_of?: string;
  min_overdue_days?: number;
  /** Decimal reais. */
  min_amount?: number;
  [key: string]: QueryValue;
}

export type MonetaryIndex = Tolerant<typeof R.MonetaryIndex, 'code'>;

export interface DefaultersApi {
  list(filters?: DefaulterFilters, opts?: ListOptions): Promise<ListResult<DefaulterRow>>;
}

export type MonetaryIndexValue = Tolerant<typeof R.MonetaryIndexValue, 'month'>;

export interface MonetaryIndexesApi {
  list(opts?: ListOptions): Promise<ListResult<MonetaryIndex>>;
  /** A sandbox extension (#69): an index's months from `from` to `to` (YYYY-MM), each marked if made up. */
  values(
    code: string,
    range?: { from?: string; to?: string },
    opts?: ListOptions,
  ): Promise<ListResult<MonetaryIndexValue>>;
}

const everything = (opts: ListOptions): ListOptions => ({ all: true, ...opts });

export function defaulters(api: ApiCore): DefaultersApi {
  return {
    list: (filters = {}, opts = {}) =>
      api.list<DefaulterRow>(route('listDefaulters').path, filters, everything(opts)),
  };
}

export function monetaryIndexes(api: ApiCore): MonetaryIndexesApi {
  return {
    list: (opts = {}) => api.list<MonetaryIndex>(route('listMonetaryIndexes').path, {}, everything(opts)),
    values: (code, range = {}, opts = {}) =>
      api.list<MonetaryIndexValue>(
        route('listMonetaryIndexValues', { code }).path,
        { from: range.from, to: range.to },
        everything(opts),
      ),
  };
}
