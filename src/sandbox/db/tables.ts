/**
 * Each record type of model.ts and the table that holds it: its primary key, whether rows belong to a
 * condominium (a `condominium` column the repository fills and filters on), and its columns, read off the record's
 * schema (`columnsOf`), so a field is declared once (#54 point 3). The unit of work (unit-of-work.ts) reads and writes rows through these declarations; the schema
 * itself is the migrations' (a test checks the two agree).
 */

import type { Static, TObject, TSchema } from '@sinclair/typebox';
import * as R from '../../domain/responses.js';
import {
  ChartAccount as ChartAccountRecord,
  Payable as PayableRecord,
  Supplier as SupplierRecord,
} from '../../domain/responses.js';
import type {
  AccountEntry,
  BankAccount,
  BatchApprovalRecord,
  BatchItemRow,
  Block,
  ChartAccount,
  ClientRecord,
  CondominiumRecord,
  Expense,
  FinancialPeriod,
  Invoice,
  Payable,
  PaymentBatchRecord,
  StatementImport,
  StatementMovement,
  Supplier,
  TokenRecord,
  TransferRecord,
  Unit,
  WebhookDelivery,
  WebhookSubscription,
} from '../model.js';
import * as M from '../model.js';
import { INVOICE_STORAGE } from '../model.js';

/** text and int as they are; bool as 0/1; json as JSON text (null stays NULL). */
export type ColumnKind = 'text' | 'int' | 'real' | 'bool' | 'json';

export interface TableSpec<T> {
  table: string;
  /** the primary key's fields (unique within a condominium for scoped tables) */
  key: readonly (keyof T & string)[];
  /** rows belong to a condominium */
  scoped: boolean;
  columns: { [K in keyof T]-?: ColumnKind };
}

const spec = <T>(s: TableSpec<T>): TableSpec<T> => s;

/**
 * A record's columns read off its response schema, where the record is stored as the API answers it: integers
 * as int, other numbers as real, booleans as bool, strings (enums, dates) as text, objects and arrays as JSON;
 * a nullable or optional field as what it holds when it holds something.
 */
export function columnsOf<S extends TObject>(schema: S): { [K in keyof Static<S>]-?: ColumnKind } {
  return Object.fromEntries(
    Object.entries(schema.properties).map(([name, field]) => [name, columnKind(name, field)]),
  ) as { [K in keyof Static<S>]-?: ColumnKind };
}

function columnKind(name: string, field: TSchema): ColumnKind {
  // a union's members, a nullable enum's too (a union of literals inside a union with null)
  const members = (schema: TSchema): TSchema[] =>
    schema.anyOf ? (schema.anyOf as TSchema[]).flatMap(members) : [schema];
  const kinds = new Set(
    members(field)
      .filter((member) => member.type !== 'null')
      .map((member): ColumnKind | undefined => {
        const type = member.type ?? typeof member.const;
        if (type === 'integer') return 'int';
        if (type === 'number') return 'real';
        if (type === 'boolean') return 'bool';
        if (type === 'string') return 'text';
        if (type === 'object' || type === 'array') return 'json';
        return undefined;
      }),
  );
  const [kind] = kinds;
  if (kinds.size !== 1 || kind === undefined)
    throw new Error(`column ${name}: no one column kind for its schema`);
  return kind;
}

export const CONDOMINIUMS = spec<CondominiumRecord>({
  table: 'condominiums',
  key: ['slug'],
  scoped: false,
  columns: columnsOf(M.CondominiumRecord),
});

export const API_CLIENTS = spec<ClientRecord>({
  table: 'api_clients',
  key: ['client_id'],
  scoped: false,
  columns: columnsOf(M.ClientRecord),
});

export const ACCESS_TOKENS = spec<TokenRecord>({
  table: 'access_tokens',
  key: ['token_sha256'],
  scoped: false,
  columns: columnsOf(M.TokenRecord),
});

export const BLOCKS = spec<Block>({
  table: 'blocks',
  key: ['id'],
  scoped: true,
  columns: columnsOf(M.BlockRow),
});

export const UNITS = spec<Unit>({
  table: 'units',
  key: ['id'],
  scoped: true,
  columns: columnsOf(M.UnitRow),
});

export const SUPPLIERS = spec<Supplier>({
  table: 'suppliers',
  key: ['id'],
  scoped: true,
  columns: columnsOf(SupplierRecord),
});

export const CHART_ACCOUNTS = spec<ChartAccount>({
  table: 'chart_accounts',
  key: ['id'],
  scoped: true,
  columns: columnsOf(ChartAccountRecord),
});

export const BANK_ACCOUNTS = spec<BankAccount>({
  table: 'bank_accounts',
  key: ['id'],
  scoped: true,
  columns: columnsOf(M.BankAccountRow),
});

export const PERIODS = spec<FinancialPeriod>({
  table: 'periods',
  key: ['period'],
  scoped: true,
  columns: columnsOf(M.FinancialPeriodRow),
});

export const PAYABLES = spec<Payable>({
  table: 'payables',
  key: ['public_id'],
  scoped: true,
  columns: columnsOf(PayableRecord),
});

export const BATCHES = spec<PaymentBatchRecord>({
  table: 'batches',
  key: ['public_id'],
  scoped: true,
  columns: columnsOf(M.PaymentBatchRecord),
});

/** Items are reached through their batch (scoped), so the table itself needs no condominium column. */
export const BATCH_ITEMS = spec<BatchItemRow>({
  table: 'batch_items',
  key: ['batch_id', 'position'],
  scoped: false,
  columns: columnsOf(M.BatchItemRow),
});

export const BATCH_APPROVALS = spec<BatchApprovalRecord>({
  table: 'batch_approvals',
  key: ['id'],
  scoped: true,
  columns: columnsOf(R.BatchApproval),
});

export const INVOICES = spec<Invoice>({
  table: 'invoices',
  key: ['public_id'],
  scoped: true,
  columns: columnsOf(INVOICE_STORAGE.schema) as TableSpec<Invoice>['columns'],
});

export const ACCOUNT_ENTRIES = spec<AccountEntry>({
  table: 'account_entries',
  key: ['id'],
  scoped: true,
  columns: columnsOf(M.AccountEntryRow),
});

export const TRANSFERS = spec<TransferRecord>({
  table: 'transfers',
  key: ['transfer_id'],
  scoped: true,
  columns: columnsOf(M.TransferRecord),
});

export const EXPENSES = spec<Expense>({
  table: 'expenses',
  key: ['id'],
  scoped: true,
  columns: columnsOf(M.ExpenseRow),
});

export const STATEMENT_IMPORTS = spec<StatementImport>({
  table: 'statement_imports',
  key: ['id'],
  scoped: true,
  columns: columnsOf(M.StatementImportRow),
});

export const STATEMENT_MOVEMENTS = spec<StatementMovement>({
  table: 'statement_movements',
  key: ['id'],
  scoped: true,
  columns: columnsOf(M.StatementMovementRow),
});

export const WEBHOOK_SUBSCRIPTIONS = spec<WebhookSubscription>({
  table: 'webhook_subscriptions',
  key: ['id'],
  scoped: true,
  columns: columnsOf(M.WebhookSubscriptionRow),
});

export const WEBHOOK_DELIVERIES = spec<WebhookDelivery>({
  table: 'webhook_deliveries',
  key: ['delivery_id'],
  scoped: true,
  columns: columnsOf(M.WebhookDeliveryRow),
});

/** Every declared table, for the schema test. */
export const TABLES: readonly TableSpec<never>[] = [
  CONDOMINIUMS,
  API_CLIENTS,
  ACCESS_TOKENS,
  BLOCKS,
  UNITS,
  SUPPLIERS,
  CHART_ACCOUNTS,
  BANK_ACCOUNTS,
  PERIODS,
  PAYABLES,
  BATCHES,
  BATCH_ITEMS,
  BATCH_APPROVALS,
  INVOICES,
  ACCOUNT_ENTRIES,
  TRANSFERS,
  EXPENSES,
  STATEMENT_IMPORTS,
  STATEMENT_MOVEMENTS,
  WEBHOOK_SUBSCRIPTIONS,
  WEBHOOK_DELIVERIES,
] as unknown as TableSpec<never>[];
