/**
 * The ledger (plano-de-contas.read / .write): account entries, revenue and expense, as the API lists them; manual
 * entries created in the financial period covering their paid_at; transfers between bank accounts, recorded as an
 * outgoing and an incoming entry. Decimal reais on the wire.
 */
import type { AccountEntryCreate, AccountTransferCreate } from '../../domain/request-bodies.js';
import type * as R from '../../domain/responses.js';
import type { ApiCore, BulkOptions, BulkResult, ListOptions, ListResult, Tolerant } from '../types.js';
import { route } from './endpoint.js';
import { createMany, type WriteOptions, write } from './write.js';

export type AccountEntry = Tolerant<
  typeof R.AccountEntry,
  'id' | 'type' | 'chart_of_accounts_id' | 'bank_account_id' | 'amount' | 'description' | 'paid_at'
>;

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
  /** A manual entry, in the financial period covering `paid_at` (a closed one is 422 period_closed). */
  create(body: AccountEntryCreate, opts?: WriteOptions): Promise<AccountEntry>;
  createMany(
    bodies: readonly AccountEntryCreate[],
    opts?: BulkOptions,
  ): Promise<BulkResult<'index', AccountEntry>[]>;
}

export function accountEntries(api: ApiCore): AccountEntriesApi {
  const creating = route('createEntry');
  const create = (body: AccountEntryCreate, o?: WriteOptions) => write<AccountEntry>(api, creating, body, o);
  return {
    list: (filters = {}, opts = {}) =>
      api.list<AccountEntry>(route('listEntries').path, { ...filters }, opts),
    create,
    createMany: createMany(api, creating),
  };
}

/** A transfer: the expense entry leaving the source account and the revenue entry arriving at the destination. */
export type AccountTransfer = Tolerant<typeof R.AccountTransfer, 'transfer_id' | 'outgoing' | 'incoming'>;

export interface AccountTransfersApi {
  create(body: AccountTransferCreate, opts?: WriteOptions): Promise<AccountTransfer>;
  createMany(
    bodies: readonly AccountTransferCreate[],
    opts?: BulkOptions,
  ): Promise<BulkResult<'index', AccountTransfer>[]>;
}

export function accountTransfers(api: ApiCore): AccountTransfersApi {
  const creating = route('createTransfer');
  const create = (body: AccountTransferCreate, o?: WriteOptions) =>
    write<AccountTransfer>(api, creating, body, o);
  return { create, createMany: createMany(api, creating) };
}
