/** The ledger (plano-de-contas.read / .write): account entries, revenue and expense, as the API lists them. */
import type { ApiCore } from '../client.js';
import type { ListOptions, ListResult } from '../types.js';

export interface AccountEntry {
  id: number;
  type: 'revenue' | 'expense';
  chart_of_accounts_id: number;
  bank_account_id: number | null;
  amount: number;
  description: string;
  paid_at: string;
  period?: string;
  source?: string;
  [extra: string]: unknown;
}

export interface EntryFilters {
  from?: string;
  to?: string;
  chart_of_accounts_id?: number;
  bank_account_id?: number;
  type?: string;
  page?: number;
  per_page?: number;
}

export interface AccountEntriesApi {
  list(filters?: EntryFilters, opts?: ListOptions): Promise<ListResult<AccountEntry>>;
}

export function accountEntries(api: ApiCore): AccountEntriesApi {
  return {
    list: (filters = {}, opts = {}) => api.list<AccountEntry>('/account-entries', { ...filters }, opts),
  };
}
