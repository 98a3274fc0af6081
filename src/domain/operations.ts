import type { TSchema } from '@sinclair/typebox';
import { type Endpoint, endpoints, type OperationId } from './endpoints.js';
import { BILLING_TYPES, INVOICE_FILTER_STATES } from './invoices.js';
import {
  BANK_ACCOUNT_TYPES,
  CHART_ACCOUNT_STATES,
  ENTRY_SOURCES,
  ENTRY_TYPES,
  STATEMENT_FORMATS,
} from './ledger.js';
import { BATCH_STATES, PAYABLE_STATES } from './payables.js';
import * as B from './request-bodies.js';
import * as R from './responses.js';
import { WEBHOOK_EVENTS } from './webhooks.js';

/**
 * Every operation the API serves, declared once: its endpoint (method, path, scope: domain/endpoints.ts, which
 * the client reads), then its parameters, bodies, answer and status here. The sandbox registers its routes from
 * it, the OpenAPI document is generated from it, and a conformance test checks that each has one route and one
 * client method. Verbs that add meaning (a batch download, a statement import) stay hand-written on top.
 */

export interface QueryParam {
  type: 'string' | 'integer' | 'date' | 'boolean';
  enum?: readonly string[];
  /** an integer's bounds, as the handler checks them (#53: the document said less than the server refused) */
  minimum?: number;
  maximum?: number;
  /** what a string must match (the handler checks it, with a message of its own) */
  pattern?: string;
  description?: string;
  /** beyond what the spec lists for the operation (marked `x-condo-extension`) */
  extension?: true;
}

/** A query parameter the spec does not list for its operation (see docs/DESIGN.md "Extensions"). */
const beyond = <Q extends QueryParam>(q: Q): Q & { extension: true } => ({ ...q, extension: true });

/** A multipart body: its parts, `file` being the uploaded file. */
export interface Multipart {
  multipart: Record<
    string,
    {
      type: 'file' | 'string';
      required?: boolean;
      enum?: readonly string[];
      description: string /** beyond the spec */;
      extension?: true;
    }
  >;
}

/** How a JSON-schema body may be sent: JSON (the default), or form fields too. */
export type BodyType = 'json' | 'form' | 'multipart';

/** The media type of each body type, as a request's Content-Type says it. */
export const MEDIA_TYPES: Record<BodyType, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

export interface Operation extends Endpoint {
  summary: string;
  /** What the summary cannot say in a line: a reading of the spec the operation follows. */
  description?: string;
  query?: Readonly<Record<string, QueryParam>>;
  /** A list answers pages: `page` and `per_page` are accepted and `meta` comes back. */
  paged?: boolean;
  body?: TSchema | Multipart;
  /** The body's media types when not JSON alone (a multipart body is multipart). */
  bodyTypes?: readonly BodyType[];
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

/** The highest page a list is asked for: a billion pages of 100 is past any list, and within a safe integer. */
export const MAX_PAGE = 1_000_000_000;

/** An amount in reais on the query string: digits, and at most two decimals after a point. */
export const AMOUNT_IN_REAIS = '^\\d{1,12}(\\.\\d{1,2})?$';
/** A month on the query string. */
export const MONTH = '^\\d{4}-(0[1-9]|1[0-2])$';

const date = (description: string): QueryParam => ({ type: 'date', description });
const id = (description: string): QueryParam => ({ type: 'integer', minimum: 1, description });
/** A count that may be zero (days overdue). */
const count = (description: string): QueryParam => ({ type: 'integer', minimum: 0, description });
const text = (description: string): QueryParam => ({ type: 'string', description });
const oneOf = <const T extends readonly string[]>(values: T, description: string) => ({
  type: 'string' as const,
  enum: values,
  description,
});

export const operations = {
  issueToken: {
    ...endpoints.issueToken,
    summary: 'An access token for the client credentials (JSON or form body; Basic auth accepted)',
    body: B.TokenRequest,
    bodyTypes: ['form', 'json'],
    handlerChecksBody: true,
    response: R.TokenGrant,
    status: 200,
  },
  ping: {
    ...endpoints.ping,
    summary: 'Liveness: the server answers and says its time',
    response: R.One(R.Ping),
    status: 200,
    extension: true,
  },
  getOpenApi: {
    ...endpoints.getOpenApi,
    summary: 'This document: the OpenAPI 3.1 description of the API, generated from the operations table',
    response: R.OpenApiDocument,
    status: 200,
    extension: true,
  },

  listPayables: {
    ...endpoints.listPayables,
    summary: 'Payables (contas a pagar), oldest due first',
    paged: true,
    query: {
      state: oneOf(PAYABLE_STATES, 'only payables in this state'),
      supplier_id: id('only this supplier'),
      due_from: date('due on or after'),
      due_to: date('due on or before; not before due_from (422)'),
    },
    response: R.Page(R.Payable),
    status: 200,
  },
  createPayable: {
    ...endpoints.createPayable,
    summary: 'Create a payable (amounts in centavos)',
    body: B.PayableCreate,
    response: R.One(R.PayableWritten),
    status: 201,
  },
  getPayable: {
    ...endpoints.getPayable,
    summary: 'One payable, with the batches it went through',
    response: R.One(R.PayableDetail),
    status: 200,
  },
  updatePayable: {
    ...endpoints.updatePayable,
    summary: 'Change a pending payable',
    description:
      "Every field is optional and nullable, as the spec says. null empties a field the payable may hold empty (payee_name goes back to the supplier's name, fine/interest/discount, issue_date, document_number, notes, tribute). A field a payable cannot be without (amount, forma_pagamento, due_date, description) keeps its value when sent null, and the answer's warnings say that the null was ignored, for which field.",
    body: B.PayableUpdate,
    response: R.One(R.PayableWritten),
    status: 200,
  },
  deletePayable: {
    ...endpoints.deletePayable,
    summary: 'Delete a pending payable',
    response: null,
    status: 204,
  },
  markPayable: {
    ...endpoints.markPayable,
    summary: 'pending -> marked_for_remessa: it goes in the next remittance',
    response: R.One(R.Payable),
    status: 200,
  },
  unmarkPayable: {
    ...endpoints.unmarkPayable,
    summary: 'marked_for_remessa -> pending',
    response: R.One(R.Payable),
    status: 200,
  },

  listBatches: {
    ...endpoints.listBatches,
    summary: 'Payment batches, newest first',
    paged: true,
    query: { state: beyond(oneOf(BATCH_STATES, 'only batches in this state')) },
    response: R.Page(R.Batch),
    status: 200,
  },
  createBatch: {
    ...endpoints.createBatch,
    summary: 'A batch of every marked payable, and its CNAB 240 remittance file',
    body: B.BatchCreate,
    response: R.One(R.BatchDetail),
    status: 201,
  },
  getBatch: {
    ...endpoints.getBatch,
    summary: 'One batch with its payables',
    response: R.One(R.BatchDetail),
    status: 200,
  },
  downloadBatchFile: {
    ...endpoints.downloadBatchFile,
    summary: "The batch's CNAB 240 remittance (.rem)",
    response: { file: 'text/plain' },
    status: 200,
  },
  cancelBatch: {
    ...endpoints.cancelBatch,
    summary:
      'Take a batch back before any return: its payables return to marked_for_remessa and the batch is canceled',
    response: R.One(R.BatchDetail),
    status: 200,
    extension: true,
  },
  importBatchReturn: {
    ...endpoints.importBatchReturn,
    summary: "Import the bank's CNAB 240 return (.ret) for the batch",
    body: { multipart: { file: { type: 'file', required: true, description: 'the CNAB 240 return file' } } },
    response: R.One(R.ReturnImport),
    status: 200,
  },

  listBatchApprovals: {
    ...endpoints.listBatchApprovals,
    summary:
      'The approvals kept beside the batch: each a statement of its file signed with an SSH key (condo batches approve)',
    paged: true,
    response: R.Page(R.BatchApproval),
    status: 200,
    extension: true,
  },
  addBatchApproval: {
    ...endpoints.addBatchApproval,
    summary:
      "Keep an approval beside the batch: a statement of the batch's exact file and its SSH signature; a signer's newer approval replaces their older one",
    body: B.BatchApprovalCreate,
    response: R.One(R.BatchApproval),
    status: 201,
    extension: true,
  },

  listEntries: {
    ...endpoints.listEntries,
    summary: 'Ledger entries (lançamentos)',
    paged: true,
    query: {
      from: date('paid or due on or after'),
      to: date('paid or due on or before; not before from (422)'),
      chart_of_accounts_id: id('only this chart account'),
      bank_account_id: id('only this bank account'),
      type: beyond(oneOf(ENTRY_TYPES, 'revenue or expense')),
      source: beyond(oneOf(ENTRY_SOURCES, 'where the entry came from')),
      period: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' },
    },
    response: R.Page(R.AccountEntry),
    status: 200,
  },
  createEntry: {
    ...endpoints.createEntry,
    summary: 'A ledger entry (amounts in reais)',
    body: B.AccountEntryCreate,
    response: R.One(R.AccountEntry),
    status: 201,
  },
  createTransfer: {
    ...endpoints.createTransfer,
    summary: 'A transfer between two bank accounts: two entries',
    body: B.AccountTransferCreate,
    response: R.One(R.AccountTransfer),
    status: 201,
  },
  listChartAccounts: {
    ...endpoints.listChartAccounts,
    summary: 'The chart of accounts (plano de contas)',
    paged: true,
    query: {
      type: oneOf(ENTRY_TYPES, 'revenue or expense'),
      state: oneOf(CHART_ACCOUNT_STATES, 'active or inactive'),
    },
    response: R.Page(R.ChartAccount),
    status: 200,
  },
  listBankAccounts: {
    ...endpoints.listBankAccounts,
    summary: "The condominium's bank accounts",
    paged: true,
    query: { type: beyond(oneOf(BANK_ACCOUNT_TYPES, 'the kind of account')) },
    response: R.Page(R.BankAccount),
    status: 200,
  },
  importStatement: {
    ...endpoints.importStatement,
    summary: 'Import a bank statement (OFX or CSV) and reconcile it',
    body: {
      multipart: {
        format: {
          type: 'string',
          required: true,
          enum: STATEMENT_FORMATS,
          description: 'ofx or csv (sent before the file)',
        },
        force: {
          type: 'string',
          description: 'true: import a statement whose bank data names another account',
          extension: true,
        },
        csv_columns: {
          type: 'string',
          description: 'for a CSV of an unknown layout: role=Column pairs, or a JSON object',
          extension: true,
        },
        date_format: {
          type: 'string',
          description: "the CSV's date format, like DD/MM/YYYY",
          extension: true,
        },
        file: { type: 'file', required: true, description: 'the OFX or CSV statement' },
      },
    },
    response: R.One(R.StatementImport),
    status: 201,
  },

  listStatements: {
    ...endpoints.listStatements,
    summary: 'The statement imports that ran, newest first, with what each found',
    paged: true,
    query: { bank_account_id: id('only this bank account') },
    response: R.Page(R.StatementImportRecord),
    status: 200,
    extension: true,
  },
  getStatement: {
    ...endpoints.getStatement,
    summary: 'One statement import, with its movements still unmatched',
    response: R.One(R.StatementImportDetail),
    status: 200,
    extension: true,
  },
  listSuppliers: {
    ...endpoints.listSuppliers,
    summary: 'Suppliers (fornecedores)',
    paged: true,
    query: { q: text('name or document contains') },
    response: R.Page(R.Supplier),
    status: 200,
  },
  createSupplier: {
    ...endpoints.createSupplier,
    summary: 'A new supplier, by its CPF/CNPJ (a boleto from DDA whose beneficiary nobody knew yet)',
    body: B.SupplierCreate,
    response: R.One(R.Supplier),
    status: 201,
    extension: true,
  },
  getSupplier: {
    ...endpoints.getSupplier,
    summary: 'One supplier',
    response: R.One(R.Supplier),
    status: 200,
  },
  updateSupplier: {
    ...endpoints.updateSupplier,
    summary: "Correct a supplier's name, bank account or PIX key (what a bank's rejection names)",
    body: B.SupplierUpdate,
    response: R.One(R.Supplier),
    status: 200,
    extension: true,
  },
  listUnits: {
    ...endpoints.listUnits,
    summary: 'Units (unidades)',
    paged: true,
    query: { block: text('only this block') },
    response: R.Page(R.Unit),
    status: 200,
  },
  getUnit: {
    ...endpoints.getUnit,
    summary: 'One unit',
    response: R.One(R.Unit),
    status: 200,
  },
  getCondominium: {
    ...endpoints.getCondominium,
    summary: 'The condominium: its slug, name and CNPJ (what a write names as its target)',
    response: R.One(R.Condominium),
    status: 200,
  },

  listInvoices: {
    ...endpoints.listInvoices,
    summary: 'Invoices (cobranças)',
    paged: true,
    query: {
      due_from: date('due on or after'),
      due_to: date('due on or before; not before due_from (422)'),
      state: oneOf(INVOICE_FILTER_STATES, 'the state of the invoice'),
      unit_id: id('only this unit'),
      party_id: id('only this payer'),
    },
    response: R.Page(R.Invoice),
    status: 200,
  },
  createInvoice: {
    ...endpoints.createInvoice,
    summary: `An invoice (amounts in reais), billed as ${BILLING_TYPES.join(', ')}`,
    body: B.InvoiceCreate,
    response: R.One(R.Invoice),
    status: 201,
  },
  getInvoice: {
    ...endpoints.getInvoice,
    summary: 'One invoice',
    response: R.One(R.Invoice),
    status: 200,
    extension: true,
  },
  issueInvoice: {
    ...endpoints.issueInvoice,
    summary: 'Issue an invoice: its boleto and PIX code',
    response: R.One(R.Invoice),
    status: 200,
  },
  cancelInvoice: {
    ...endpoints.cancelInvoice,
    summary: 'Cancel a draft or issued invoice (not a paid one): its boleto and PIX no longer settle it',
    response: R.One(R.Invoice),
    status: 200,
    extension: true,
  },
  renegotiateInvoice: {
    ...endpoints.renegotiateInvoice,
    summary:
      'Settle an issued invoice by an agreement (acordo): its state becomes renegotiated (not canceled), with the agreement and the time',
    description:
      'A late quota an agreement settled leaves the defaulters and the overdue list from that day; a defaulters snapshot dated before it still counts it.',
    body: B.InvoiceRenegotiation,
    response: R.One(R.Invoice),
    status: 200,
    extension: true,
  },
  getInvoicePayment: {
    ...endpoints.getInvoicePayment,
    summary: 'How to pay an issued invoice: linha digitável, PIX code, boleto URL',
    response: R.One(R.InvoicePayment),
    status: 200,
  },
  recordInvoicePayment: {
    ...endpoints.recordInvoicePayment,
    summary:
      "Record an issued invoice's payment as the statement shows it (a resident's PIX found by a rule): the invoice is paid, its revenue booked, the statement line reconciled",
    body: B.InvoicePaymentRecord,
    response: R.One(R.Invoice),
    status: 200,
    extension: true,
  },

  listExpenses: {
    ...endpoints.listExpenses,
    summary: 'Expenses (despesas)',
    paged: true,
    query: {
      paid_from: date('paid on or after'),
      paid_to: date('paid on or before; not before paid_from (422)'),
      due_from: beyond(date('due on or after')),
      due_to: beyond(date('due on or before; not before due_from (422)')),
      paid: beyond(oneOf(['true', 'false'], 'paid or not')),
      supplier_id: id('only this supplier'),
      chart_of_accounts_id: id('only this chart account'),
      bank_account_id: id('only this bank account'),
    },
    response: R.Page(R.Expense),
    status: 200,
  },
  createExpense: {
    ...endpoints.createExpense,
    summary: 'An expense (amounts in reais)',
    body: B.ExpenseCreate,
    response: R.One(R.Expense),
    status: 201,
  },
  createExpenseInstallments: {
    ...endpoints.createExpenseInstallments,
    summary: 'An expense split into monthly installments',
    body: B.ExpenseInstallmentsCreate,
    response: R.ExpenseInstallments,
    status: 201,
  },
  listDefaulters: {
    ...endpoints.listDefaulters,
    summary: 'Units behind on their invoices (inadimplentes)',
    query: {
      as_of: date('overdue as of this day (default today)'),
      min_overdue_days: count('at least this many days late'),
      min_amount: {
        type: 'string',
        pattern: AMOUNT_IN_REAIS,
        description: 'at least this much owed, in reais with at most two decimals (1500.00)',
      },
    },
    paged: true,
    response: R.DefaultersPage,
    status: 200,
  },
  listMonetaryIndexes: {
    ...endpoints.listMonetaryIndexes,
    summary: 'Monetary correction indexes',
    paged: true,
    response: R.Page(R.MonetaryIndex),
    status: 200,
  },
  listMonetaryIndexValues: {
    ...endpoints.listMonetaryIndexValues,
    summary: "An index's monthly values, oldest first, each with its source; a month made up is marked",
    description:
      "The sandbox serves IBGE's IPCA, INPC and IPCA-15 as condo ships them, and the Selic; for the months after its real data, up to the current month, values it makes up (`made_up`), so that its seeded debts can be updated.",
    paged: true,
    query: {
      from: { type: 'string', pattern: MONTH, description: 'from this month (YYYY-MM)' },
      to: { type: 'string', pattern: MONTH, description: 'to this month (YYYY-MM), not before from' },
    },
    response: R.Page(R.MonetaryIndexValue),
    status: 200,
    extension: true,
  },

  listWebhookSubscriptions: {
    ...endpoints.listWebhookSubscriptions,
    summary: 'Webhook subscriptions',
    paged: true,
    response: R.Page(R.WebhookSubscription),
    status: 200,
  },
  createWebhookSubscription: {
    ...endpoints.createWebhookSubscription,
    summary: `Subscribe a URL to events (${WEBHOOK_EVENTS.join(', ')}, or *); the answer carries the signing secret`,
    body: B.WebhookSubscriptionCreate,
    handlerChecksBody: true,
    response: R.One(R.WebhookSubscriptionCreated),
    status: 201,
  },
  getWebhookSubscription: {
    ...endpoints.getWebhookSubscription,
    summary: 'One webhook subscription',
    response: R.One(R.WebhookSubscription),
    status: 200,
  },
  deleteWebhookSubscription: {
    ...endpoints.deleteWebhookSubscription,
    summary: 'Delete a webhook subscription and its pending deliveries',
    response: null,
    status: 204,
  },
  listWebhookDeliveries: {
    ...endpoints.listWebhookDeliveries,
    summary: "A subscription's delivery attempts, newest first",
    paged: true,
    response: R.Page(R.WebhookAttempt),
    status: 200,
    extension: true,
  },
} as const satisfies Record<OperationId, Operation>;

export const isMultipart = (body: Operation['body']): body is Multipart =>
  body !== undefined && 'multipart' in body;

/** The media types an operation's body may come in. */
export const bodyTypesOf = (op: Operation): readonly BodyType[] =>
  isMultipart(op.body) ? ['multipart'] : (op.bodyTypes ?? ['json']);

export type { OperationId } from './endpoints.js';
