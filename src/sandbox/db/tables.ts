/**
 * Each record type of model.ts and the table that holds it, declared once: its primary key, whether rows
 * belong to a condominium (a `condominium` column the repository fills and filters on), and how each field is
 * stored. The unit of work (unit-of-work.ts) reads and writes rows through these declarations; the schema
 * itself is the migrations' (a test checks the two agree).
 */

import type { Static, TObject, TSchema } from '@sinclair/typebox';
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
  columns: { slug: 'text', name: 'text', document: 'text', address: 'text', nosso_numero_sequence: 'int' },
});

export const API_CLIENTS = spec<ClientRecord>({
  table: 'api_clients',
  key: ['client_id'],
  scoped: false,
  columns: { client_id: 'text', name: 'text', condominium: 'text', client_secret: 'text', scopes: 'json' },
});

export const ACCESS_TOKENS = spec<TokenRecord>({
  table: 'access_tokens',
  key: ['token_sha256'],
  scoped: false,
  columns: {
    token_sha256: 'text',
    client_id: 'text',
    condominium: 'text',
    scopes: 'json',
    expires_at: 'int',
  },
});

export const BLOCKS = spec<Block>({
  table: 'blocks',
  key: ['id'],
  scoped: true,
  columns: { id: 'int', name: 'text' },
});

export const UNITS = spec<Unit>({
  table: 'units',
  key: ['id'],
  scoped: true,
  columns: {
    id: 'int',
    block: 'text',
    number: 'text',
    label: 'text',
    owner: 'text',
    owner_document: 'text',
    ideal_fraction: 'real',
  },
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
  columns: {
    id: 'int',
    name: 'text',
    bank_code: 'text',
    bank_name: 'text',
    agency: 'text',
    account_number: 'text',
    type: 'text',
    current_balance_cents: 'int',
    is_payment_account: 'bool',
    convenio: 'text',
  },
});

export const PERIODS = spec<FinancialPeriod>({
  table: 'periods',
  key: ['period'],
  scoped: true,
  columns: { period: 'text', state: 'text' },
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
  columns: {
    public_id: 'text',
    state: 'text',
    data_pagamento: 'text',
    bank_account_id: 'int',
    file_name: 'text',
    file_sequence: 'int',
    file_sha256: 'text',
    file_size: 'int',
    payables_count: 'int',
    total_amount: 'int',
    by_forma: 'json',
    returns: 'json',
    created_at: 'text',
    created_by: 'text',
  },
});

/** Items are reached through their batch (scoped), so the table itself needs no condominium column. */
export const BATCH_ITEMS = spec<BatchItemRow>({
  table: 'batch_items',
  key: ['batch_id', 'position'],
  scoped: false,
  columns: {
    batch_id: 'text',
    position: 'int',
    public_id: 'text',
    seu_numero: 'text',
    forma_pagamento: 'text',
    payee_name: 'text',
    amount: 'int',
    outcome: 'text',
    last_return: 'json',
  },
});

export const BATCH_APPROVALS = spec<BatchApprovalRecord>({
  table: 'batch_approvals',
  key: ['id'],
  scoped: true,
  columns: {
    id: 'text',
    batch_id: 'text',
    signer: 'text',
    sha256: 'text',
    expires_at: 'text',
    statement: 'text',
    signature: 'text',
    uploaded_at: 'text',
    uploaded_by: 'text',
  },
});

export const INVOICES = spec<Invoice>({
  table: 'invoices',
  key: ['public_id'],
  scoped: true,
  columns: columnsOf(INVOICE_STORAGE.schema) as TableSpec<Invoice>['columns'],
});

export const ACCOUNT_ENTRIES = spec<Required<AccountEntry>>({
  table: 'account_entries',
  key: ['id'],
  scoped: true,
  columns: {
    id: 'int',
    type: 'text',
    chart_of_accounts_id: 'int',
    bank_account_id: 'int',
    unit_id: 'int',
    supplier_id: 'int',
    amount_cents: 'int',
    description: 'text',
    payee: 'text',
    document_number: 'text',
    payment_method: 'text',
    due_at: 'text',
    paid_at: 'text',
    period: 'text',
    source: 'text',
    transfer_id: 'text',
    reconciled: 'bool',
    payable_id: 'text',
    statement_line_id: 'text',
    rule_id: 'text',
    created_at: 'text',
  },
}) as TableSpec<AccountEntry>;

export const TRANSFERS = spec<TransferRecord>({
  table: 'transfers',
  key: ['transfer_id'],
  scoped: true,
  columns: { transfer_id: 'text', outgoing_entry_id: 'int', incoming_entry_id: 'int', created_at: 'text' },
});

export const EXPENSES = spec<Expense>({
  table: 'expenses',
  key: ['id'],
  scoped: true,
  columns: {
    id: 'int',
    supplier_id: 'int',
    chart_of_accounts_id: 'int',
    bank_account_id: 'int',
    amount_cents: 'int',
    fine_amount_cents: 'int',
    interest_amount_cents: 'int',
    discount_amount_cents: 'int',
    description: 'text',
    payee: 'text',
    document_number: 'text',
    payment_method: 'text',
    notes: 'text',
    due_at: 'text',
    paid_at: 'text',
    installment: 'json',
    entry_id: 'int',
    created_at: 'text',
  },
});

export const STATEMENT_IMPORTS = spec<StatementImport>({
  table: 'statement_imports',
  key: ['id'],
  scoped: true,
  columns: {
    id: 'text',
    status: 'text',
    bank_account_id: 'int',
    format: 'text',
    file_name: 'text',
    file_sha256: 'text',
    bank_id: 'text',
    account_id: 'text',
    forced: 'bool',
    period: 'json',
    transactions: 'int',
    imported: 'int',
    duplicates: 'int',
    balance_lines: 'int',
    scheduled: 'int',
    reconciled: 'int',
    unmatched: 'int',
    imported_at: 'text',
  },
});

export const STATEMENT_MOVEMENTS = spec<StatementMovement>({
  table: 'statement_movements',
  key: ['id'],
  scoped: true,
  columns: {
    id: 'text',
    bank_account_id: 'int',
    statement_id: 'text',
    fitid: 'text',
    dedup_key: 'text',
    date: 'text',
    amount_cents: 'int',
    type: 'text',
    memo: 'text',
    name: 'text',
    document_number: 'text',
    line: 'int',
    match_entry_id: 'int',
    match_payable_id: 'text',
    match_invoice_id: 'text',
    reconciled: 'bool',
    reconciled_at: 'text',
    created_at: 'text',
  },
});

export const WEBHOOK_SUBSCRIPTIONS = spec<WebhookSubscription>({
  table: 'webhook_subscriptions',
  key: ['id'],
  scoped: true,
  columns: { id: 'text', url: 'text', events: 'json', secret: 'text', created_at: 'text' },
});

export const WEBHOOK_DELIVERIES = spec<WebhookDelivery>({
  table: 'webhook_deliveries',
  key: ['delivery_id'],
  scoped: true,
  columns: {
    delivery_id: 'text',
    subscription_id: 'text',
    event_id: 'text',
    event: 'text',
    body: 'text',
    status: 'text',
    attempts: 'int',
    next_attempt_at: 'int',
    created_at: 'text',
  },
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
