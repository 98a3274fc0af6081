import type { TSchema } from '@sinclair/typebox';
import { BILLING_TYPES, INVOICE_FILTER_STATES } from './invoices.js';
import { PAYABLE_STATES } from './payables.js';
import * as R from './resources.js';
import * as B from './schemas.js';
import { ENTRY_TYPES } from './schemas.js';
import type { Scope } from './scopes.js';
import { WEBHOOK_EVENTS } from './webhooks.js';

/**
 * Every operation the API serves, declared once: method, path, scope, parameters, bodies, answer and status.
 * The sandbox registers its routes from it, the client's resource methods build their calls from it, the
 * OpenAPI document is generated from it, and a conformance test checks that each has one route and one client
 * method. Verbs that add meaning (a batch download, a statement import) stay hand-written on top.
 */

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface QueryParam {
  type: 'string' | 'integer' | 'date' | 'boolean';
  enum?: readonly string[];
  description?: string;
}

/** A multipart body: its parts, `file` being the uploaded file. */
export interface Multipart {
  multipart: Record<string, { type: 'file' | 'string'; required?: boolean; description: string }>;
}

export interface Operation {
  method: Method;
  /** Under /api/v1, with `{name}` parameters; tenant paths start with /condominiums/{condominium}. */
  path: string;
  summary: string;
  /** null: no token (the token endpoint itself, the liveness check). */
  scope: Scope | null;
  query?: Readonly<Record<string, QueryParam>>;
  /** A list answers pages: `page` and `per_page` are accepted and `meta` comes back. */
  paged?: boolean;
  body?: TSchema | Multipart;
  /**
   * The handler checks the body itself, with messages of its own (the OAuth errors of RFC 6749, a webhook URL's
   * reasons); the schema documents it.
   */
  handlerChecksBody?: true;
  /** The success answer: a JSON schema, or a file of this media type. */
  response: TSchema | { file: string } | null;
  status: 200 | 201 | 204;
  /** Not in the spec: this implementation's addition, marked `x-condo-extension` in the OpenAPI document. */
  extension?: boolean;
}

const TENANT = '/condominiums/{condominium}';
const date = (description: string): QueryParam => ({ type: 'date', description });
const id = (description: string): QueryParam => ({ type: 'integer', description });
const text = (description: string): QueryParam => ({ type: 'string', description });
const oneOf = <const T extends readonly string[]>(values: T, description: string) => ({
  type: 'string' as const,
  enum: values,
  description,
});

export const operations = {
  issueToken: {
    method: 'POST',
    path: '/oauth/token',
    summary: 'An access token for the client credentials (JSON or form body; Basic auth accepted)',
    scope: null,
    body: B.TokenRequest,
    handlerChecksBody: true,
    response: R.TokenGrant,
    status: 200,
  },
  ping: {
    method: 'GET',
    path: '/ping',
    summary: 'Liveness: the server answers and says its time',
    scope: null,
    response: R.One(R.Ping),
    status: 200,
    extension: true,
  },

  listPayables: {
    method: 'GET',
    path: `${TENANT}/payables`,
    summary: 'Payables (contas a pagar), oldest due first',
    scope: 'payments.read',
    paged: true,
    query: {
      state: oneOf(PAYABLE_STATES, 'only payables in this state'),
      supplier_id: id('only this supplier'),
      due_from: date('due on or after'),
      due_to: date('due on or before'),
    },
    response: R.Page(R.Payable),
    status: 200,
  },
  createPayable: {
    method: 'POST',
    path: `${TENANT}/payables`,
    summary: 'Create a payable (amounts in centavos)',
    scope: 'payments.write',
    body: B.PayableCreate,
    response: R.One(R.PayableWritten),
    status: 201,
  },
  getPayable: {
    method: 'GET',
    path: `${TENANT}/payables/{payable}`,
    summary: 'One payable',
    scope: 'payments.read',
    response: R.One(R.Payable),
    status: 200,
  },
  updatePayable: {
    method: 'PATCH',
    path: `${TENANT}/payables/{payable}`,
    summary: 'Change a pending payable',
    scope: 'payments.write',
    body: B.PayableUpdate,
    response: R.One(R.PayableWritten),
    status: 200,
  },
  deletePayable: {
    method: 'DELETE',
    path: `${TENANT}/payables/{payable}`,
    summary: 'Delete a pending payable',
    scope: 'payments.write',
    response: null,
    status: 204,
  },
  markPayable: {
    method: 'POST',
    path: `${TENANT}/payables/{payable}/mark-for-remessa`,
    summary: 'pending -> marked_for_remessa: it goes in the next remittance',
    scope: 'payments.write',
    response: R.One(R.Payable),
    status: 200,
  },
  unmarkPayable: {
    method: 'POST',
    path: `${TENANT}/payables/{payable}/unmark-for-remessa`,
    summary: 'marked_for_remessa -> pending',
    scope: 'payments.write',
    response: R.One(R.Payable),
    status: 200,
  },

  listBatches: {
    method: 'GET',
    path: `${TENANT}/pagamento-batches`,
    summary: 'Payment batches, newest first',
    scope: 'payments.read',
    paged: true,
    query: { state: oneOf(['generated', 'partially_returned', 'returned'], 'only batches in this state') },
    response: R.Page(R.Batch),
    status: 200,
  },
  createBatch: {
    method: 'POST',
    path: `${TENANT}/pagamento-batches`,
    summary: 'A batch of every marked payable, and its CNAB 240 remittance file',
    scope: 'payments.write',
    body: B.BatchCreate,
    response: R.One(R.BatchDetail),
    status: 201,
  },
  getBatch: {
    method: 'GET',
    path: `${TENANT}/pagamento-batches/{batch}`,
    summary: 'One batch with its payables',
    scope: 'payments.read',
    response: R.One(R.BatchDetail),
    status: 200,
  },
  downloadBatchFile: {
    method: 'GET',
    path: `${TENANT}/pagamento-batches/{batch}/file`,
    summary: "The batch's CNAB 240 remittance (.rem)",
    scope: 'payments.read',
    response: { file: 'text/plain' },
    status: 200,
  },
  importBatchReturn: {
    method: 'POST',
    path: `${TENANT}/pagamento-batches/{batch}/retorno`,
    summary: "Import the bank's CNAB 240 return (.ret) for the batch",
    scope: 'payments.write',
    body: { multipart: { file: { type: 'file', required: true, description: 'the CNAB 240 return file' } } },
    response: R.One(R.ReturnImport),
    status: 200,
  },

  listEntries: {
    method: 'GET',
    path: `${TENANT}/account-entries`,
    summary: 'Ledger entries (lançamentos)',
    scope: 'plano-de-contas.read',
    paged: true,
    query: {
      from: date('paid or due on or after'),
      to: date('paid or due on or before'),
      chart_of_accounts_id: id('only this chart account'),
      bank_account_id: id('only this bank account'),
      type: oneOf(ENTRY_TYPES, 'revenue or expense'),
      source: oneOf(['manual', 'expense', 'payable', 'transfer', 'statement'], 'where the entry came from'),
      period: text('YYYY-MM'),
    },
    response: R.Page(R.AccountEntry),
    status: 200,
  },
  createEntry: {
    method: 'POST',
    path: `${TENANT}/account-entries`,
    summary: 'A ledger entry (amounts in reais)',
    scope: 'plano-de-contas.write',
    body: B.AccountEntryCreate,
    response: R.One(R.AccountEntry),
    status: 201,
  },
  createTransfer: {
    method: 'POST',
    path: `${TENANT}/account-transfers`,
    summary: 'A transfer between two bank accounts: two entries',
    scope: 'plano-de-contas.write',
    body: B.AccountTransferCreate,
    response: R.One(R.AccountTransfer),
    status: 201,
  },
  listChartAccounts: {
    method: 'GET',
    path: `${TENANT}/chart-of-accounts`,
    summary: 'The chart of accounts (plano de contas)',
    scope: 'plano-de-contas.read',
    paged: true,
    query: {
      type: oneOf(ENTRY_TYPES, 'revenue or expense'),
      state: oneOf(['active', 'inactive'], 'active or inactive'),
    },
    response: R.Page(R.ChartAccount),
    status: 200,
  },
  listBankAccounts: {
    method: 'GET',
    path: `${TENANT}/bank-accounts`,
    summary: "The condominium's bank accounts",
    scope: 'bank.read',
    paged: true,
    query: { type: oneOf(['checking', 'savings', 'investment'], 'the kind of account') },
    response: R.Page(R.BankAccount),
    status: 200,
  },
  importStatement: {
    method: 'POST',
    path: `${TENANT}/bank-accounts/{bankAccount}/statements/import`,
    summary: 'Import a bank statement (OFX or CSV) and reconcile it',
    scope: 'bank.write',
    body: {
      multipart: {
        file: { type: 'file', required: true, description: 'the OFX or CSV statement' },
        format: { type: 'string', description: 'ofx or csv (default: from the content)' },
        dry_run: { type: 'string', description: 'true: parse and reconcile without saving' },
        csv_layout: { type: 'string', description: 'a known CSV layout' },
        csv_map: { type: 'string', description: 'role=Column pairs, or a JSON object, for other CSVs' },
      },
    },
    response: R.One(R.StatementImport),
    status: 201,
  },

  listSuppliers: {
    method: 'GET',
    path: `${TENANT}/suppliers`,
    summary: 'Suppliers (fornecedores)',
    scope: 'cadastros.read',
    paged: true,
    query: { q: text('name or document contains') },
    response: R.Page(R.Supplier),
    status: 200,
  },
  getSupplier: {
    method: 'GET',
    path: `${TENANT}/suppliers/{id}`,
    summary: 'One supplier',
    scope: 'cadastros.read',
    response: R.One(R.Supplier),
    status: 200,
  },
  listUnits: {
    method: 'GET',
    path: `${TENANT}/units`,
    summary: 'Units (unidades)',
    scope: 'cadastros.read',
    paged: true,
    query: { block: text('only this block') },
    response: R.Page(R.Unit),
    status: 200,
  },
  getUnit: {
    method: 'GET',
    path: `${TENANT}/units/{id}`,
    summary: 'One unit',
    scope: 'cadastros.read',
    response: R.One(R.Unit),
    status: 200,
  },

  listInvoices: {
    method: 'GET',
    path: `${TENANT}/invoices`,
    summary: 'Invoices (cobranças)',
    scope: 'invoices.read',
    paged: true,
    query: {
      due_from: date('due on or after'),
      due_to: date('due on or before'),
      state: oneOf(INVOICE_FILTER_STATES, 'the state of the invoice'),
      unit_id: id('only this unit'),
      party_id: id('only this payer'),
    },
    response: R.Page(R.Invoice),
    status: 200,
  },
  createInvoice: {
    method: 'POST',
    path: `${TENANT}/invoices`,
    summary: `An invoice (amounts in reais), billed as ${BILLING_TYPES.join(', ')}`,
    scope: 'invoices.write',
    body: B.InvoiceCreate,
    response: R.One(R.Invoice),
    status: 201,
  },
  getInvoice: {
    method: 'GET',
    path: `${TENANT}/invoices/{publicId}`,
    summary: 'One invoice',
    scope: 'invoices.read',
    response: R.One(R.Invoice),
    status: 200,
  },
  issueInvoice: {
    method: 'POST',
    path: `${TENANT}/invoices/{publicId}/issue`,
    summary: 'Issue an invoice: its boleto and PIX code',
    scope: 'invoices.write',
    response: R.One(R.Invoice),
    status: 200,
  },
  getInvoicePayment: {
    method: 'GET',
    path: `${TENANT}/invoices/{publicId}/payment`,
    summary: 'How to pay an issued invoice: linha digitável, PIX code, boleto URL',
    scope: 'invoices.read',
    response: R.One(R.InvoicePayment),
    status: 200,
  },

  listExpenses: {
    method: 'GET',
    path: `${TENANT}/expenses`,
    summary: 'Expenses (despesas)',
    scope: 'expenses.read',
    paged: true,
    query: {
      paid_from: date('paid on or after'),
      paid_to: date('paid on or before'),
      due_from: date('due on or after'),
      due_to: date('due on or before'),
      paid: oneOf(['true', 'false'], 'paid or not'),
      supplier_id: id('only this supplier'),
      chart_of_accounts_id: id('only this chart account'),
      bank_account_id: id('only this bank account'),
    },
    response: R.Page(R.Expense),
    status: 200,
  },
  createExpense: {
    method: 'POST',
    path: `${TENANT}/expenses`,
    summary: 'An expense (amounts in reais)',
    scope: 'expenses.write',
    body: B.ExpenseCreate,
    response: R.One(R.Expense),
    status: 201,
  },
  createExpenseInstallments: {
    method: 'POST',
    path: `${TENANT}/expenses/installments`,
    summary: 'An expense split into monthly installments',
    scope: 'expenses.write',
    body: B.ExpenseInstallmentsCreate,
    response: R.ExpenseInstallments,
    status: 201,
  },
  listDefaulters: {
    method: 'GET',
    path: `${TENANT}/defaulters`,
    summary: 'Units behind on their invoices (inadimplentes)',
    scope: 'invoices.read',
    query: {
      as_of: date('overdue as of this day (default today)'),
      min_overdue_days: id('at least this many days late'),
      min_amount: text('at least this much owed, in reais'),
    },
    paged: true,
    response: R.Page(R.Defaulter),
    status: 200,
  },
  listMonetaryIndexes: {
    method: 'GET',
    path: `${TENANT}/monetary-indexes`,
    summary: 'Monetary correction indexes',
    scope: 'invoices.read',
    paged: true,
    response: R.Page(R.MonetaryIndex),
    status: 200,
  },

  listWebhookSubscriptions: {
    method: 'GET',
    path: `${TENANT}/webhooks/subscriptions`,
    summary: 'Webhook subscriptions',
    scope: 'webhooks.manage',
    paged: true,
    response: R.Page(R.WebhookSubscription),
    status: 200,
  },
  createWebhookSubscription: {
    method: 'POST',
    path: `${TENANT}/webhooks/subscriptions`,
    summary: `Subscribe a URL to events (${WEBHOOK_EVENTS.join(', ')}, or *); the answer carries the signing secret`,
    scope: 'webhooks.manage',
    body: B.WebhookSubscriptionCreate,
    handlerChecksBody: true,
    response: R.One(R.WebhookSubscriptionCreated),
    status: 201,
  },
  getWebhookSubscription: {
    method: 'GET',
    path: `${TENANT}/webhooks/subscriptions/{id}`,
    summary: 'One webhook subscription',
    scope: 'webhooks.manage',
    response: R.One(R.WebhookSubscription),
    status: 200,
  },
  deleteWebhookSubscription: {
    method: 'DELETE',
    path: `${TENANT}/webhooks/subscriptions/{id}`,
    summary: 'Delete a webhook subscription and its pending deliveries',
    scope: 'webhooks.manage',
    response: null,
    status: 204,
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: `${TENANT}/webhooks/subscriptions/{id}/deliveries`,
    summary: "A subscription's delivery attempts, newest first",
    scope: 'webhooks.manage',
    paged: true,
    response: R.Page(R.WebhookAttempt),
    status: 200,
    extension: true,
  },
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof operations;

/** The path parameter names of an operation, in order (`{payable}` -> payable). */
export function pathParams(op: Pick<Operation, 'path'>): string[] {
  return [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

/** The operation's path with its parameters filled in (each one URL-encoded). */
export function fillPath(op: Pick<Operation, 'path'>, params: Readonly<Record<string, string>>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${op.path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

export const isMultipart = (body: Operation['body']): body is Multipart =>
  body !== undefined && 'multipart' in body;
