/**
 * Delinquency and monetary indexes (scope invoices.read): the defaulters snapshot aggregated per unit, and the
 * indexes (IPCA, IGPM, INPC, INCC, TJSP) used to correct overdue amounts. Every page is read.
 */

import type { ApiCore, ListOptions, ListResult, QueryValue } from '../types.js';
import { route } from './endpoint.js';

export interface DefaulterRow {
  unit_id: number;
  unit_label?: string;
  block?: string | null;
  /** How many overdue invoices the unit has (a list of them, on a server that sends one). */
  invoices?: number | unknown[];
  /** Decimal reais. */
  total_outstanding?: number;
  oldest_due_date?: string;
  days_overdue?: number;
  [extra: string]: unknown;
}

export interface DefaulterFilters {
  as_of?: string;
  min_overdue_days?: number;
  /** Decimal reais. */
  min_amount?: number;
  [key: string]: QueryValue;
}

export interface MonetaryIndex {
  code: string;
  name?: string;
  source?: string;
  periodicity?: string;
  [extra: string]: unknown;
}

export interface DefaultersApi {
  list(filters?: DefaulterFilters, opts?: ListOptions): Promise<ListResult<DefaulterRow>>;
}

export interface MonetaryIndexesApi {
  list(opts?: ListOptions): Promise<ListResult<MonetaryIndex>>;
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
  };
}
