/**
 * The condo API client. The CLI imports it lazily (`await import('./index.js')`) so the HTTP stack loads only
 * when a verb calls the API. Depends on src/domain only; works against any server that follows the spec.
 */
import type { CondoError } from '../domain/errors.js';
import { type Core, createCore } from './client.js';
import { type BatchesApi, batches } from './resources/batches.js';
import { read, route } from './resources/endpoint.js';
import { type ExpensesApi, expenses } from './resources/expenses.js';
import { type InvoicesApi, invoices } from './resources/invoices.js';
import {
  type AccountEntriesApi,
  type AccountTransfersApi,
  accountEntries,
  accountTransfers,
} from './resources/ledger.js';
import {
  type BankAccountsApi,
  bankAccounts,
  type ChartOfAccountsApi,
  type CondominiumsApi,
  chartOfAccounts,
  condominiums,
  type SuppliersApi,
  suppliers,
  type UnitsApi,
  units,
} from './resources/lookups.js';
import { type PayablesApi, payables } from './resources/payables.js';
import {
  type DefaultersApi,
  defaulters,
  type MonetaryIndexesApi,
  monetaryIndexes,
} from './resources/reports.js';
import { type StatementsApi, statements } from './resources/statements.js';
import { type WebhooksApi, webhooks } from './resources/webhooks.js';
import type { ClientOptions } from './types.js';

export interface Client extends Core {
  readonly baseUrl: string;
  readonly condominium: string;
  readonly payables: PayablesApi;
  readonly batches: BatchesApi;
  readonly accountEntries: AccountEntriesApi;
  readonly statements: StatementsApi;
  readonly webhooks: WebhooksApi;
  readonly chartOfAccounts: ChartOfAccountsApi;
  readonly bankAccounts: BankAccountsApi;
  readonly suppliers: SuppliersApi;
  readonly units: UnitsApi;
  readonly condominiums: CondominiumsApi;
  readonly invoices: InvoicesApi;
  readonly expenses: ExpensesApi;
  readonly accountTransfers: AccountTransfersApi;
  readonly defaulters: DefaultersApi;
  readonly monetaryIndexes: MonetaryIndexesApi;
  /** The liveness check: the server answers and says its time (no token needed). */
  ping(opts?: { signal?: AbortSignal }): Promise<{ status: string; time: string }>;
  /** The server's OpenAPI document (the sandbox serves one; other servers may not). */
  openApi(opts?: { signal?: AbortSignal }): Promise<Record<string, unknown>>;
}

export function createClient(opts: ClientOptions): Client {
  const core = createCore(opts);
  return {
    ...core,
    baseUrl: opts.baseUrl,
    condominium: opts.condominium,
    payables: payables(core),
    batches: batches(core),
    accountEntries: accountEntries(core),
    statements: statements(core),
    webhooks: webhooks(core),
    chartOfAccounts: chartOfAccounts(core),
    bankAccounts: bankAccounts(core),
    suppliers: suppliers(core),
    units: units(core),
    condominiums: condominiums(core),
    invoices: invoices(core),
    expenses: expenses(core),
    accountTransfers: accountTransfers(core),
    defaulters: defaulters(core),
    monetaryIndexes: monetaryIndexes(core),
    ping: async (o = {}) => read<{ status: string; time: string }>(core, route('ping'), o),
    openApi: async (o = {}) =>
      (await core.request<Record<string, unknown>>({ ...route('getOpenApi'), signal: o.signal }))
        .body as Record<string, unknown>,
  };
}

export type { ApiCore, Core } from './client.js';
export { parseErrorBody, retryAfterMs } from './errors.js';
export { fileFromPath, type MultipartFile, type MultipartForm, multipart } from './multipart.js';
export { REDACTED } from './redact.js';
export type { Batch, BatchDownload, BatchesApi, ReturnSummary } from './resources/batches.js';
export type { Expense, ExpenseFilters, ExpensesApi } from './resources/expenses.js';
export type { Invoice, InvoiceFilters, InvoicePayment, InvoicesApi } from './resources/invoices.js';
export type {
  AccountEntriesApi,
  AccountEntry,
  AccountTransfer,
  AccountTransfersApi,
  EntryFilters,
} from './resources/ledger.js';
export type { BankAccountsApi, ChartOfAccountsApi, SuppliersApi, UnitsApi } from './resources/lookups.js';
export type { PayablesApi } from './resources/payables.js';
export type {
  DefaulterFilters,
  DefaulterRow,
  DefaultersApi,
  MonetaryIndex,
  MonetaryIndexesApi,
} from './resources/reports.js';
export type { StatementImportResult, StatementRecord, StatementsApi } from './resources/statements.js';
export type { WebhookSubscription, WebhooksApi } from './resources/webhooks.js';
export { MemoryTokenCache } from './tokens.js';
export type * from './types.js';
export type { BulkOutcome } from './types.js';
export type { CondoError };
