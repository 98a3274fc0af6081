/**
 * What the API answers, one schema per record (docs/DESIGN.md "Response fields"). The operations table names
 * them, the OpenAPI document publishes them, and the end-to-end tests check every answer the sandbox gives
 * against them. Records the CLI reads field by field are closed (an undeclared field is a test failure); the
 * others declare what clients rely on and allow more.
 */

import { type TSchema, Type } from '@sinclair/typebox';
import { CHART_ACCOUNT_STATES, ENTRY_TYPES, SUPPLIER_ACCOUNT_TYPES } from './ledger.js';
import { BATCH_STATES, FORMAS_PAGAMENTO, PAYABLE_STATES } from './payables.js';
import { PIX_KEY_TYPES } from './pix-keys.js';
import { payableAnswerFields } from './request-bodies.js';
import {
  Cents,
  closedRecord,
  DateOnly,
  Enum,
  Issue,
  Nullable,
  openRecord,
  Reais,
  Timestamp,
  Ulid,
} from './schema-parts.js';

export { One } from './schema-parts.js';
export { StatementImport, StatementImportDetail, StatementImportRecord } from './statement-responses.js';

export const LastReturn = Type.Object(
  { code: Type.String(), message: Type.String(), at: Timestamp },
  closedRecord,
);

/** A payable: what its writer sent (request-bodies.ts PAYABLE_WIRE_FIELDS, declared once) and the server's own. */
export const Payable = Type.Object(
  {
    public_id: Ulid,
    ...payableAnswerFields(),
    state: Enum(PAYABLE_STATES),
    batch_id: Nullable(Ulid),
    paid_at: Nullable(Type.String()),
    paid_amount: Nullable(Cents),
    last_return: Nullable(LastReturn),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  closedRecord,
);

/** The batches a payable went through, oldest first (a condo sandbox extension on GET payables/{id}). */
const PayableBatchStep = Type.Object(
  {
    batch_id: Ulid,
    data_pagamento: DateOnly,
    file_name: Type.String(),
    created_at: Timestamp,
    outcome: Nullable(Enum(['scheduled', 'paid', 'rejected', 'canceled'])),
    last_return: Nullable(LastReturn),
  },
  closedRecord,
);
export const PayableDetail = Type.Composite([
  Payable,
  Type.Object({
    batch_history: Type.Optional(
      Type.Array(PayableBatchStep, {
        description: 'every batch that carried the payable, with what the bank said of it there',
        'x-condo-extension': true,
      }),
    ),
  }),
]);

/** A params value on the wire: what a message names, for a client to say it by `code` in its own words (#54). */
const Params = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));
const Warning = Type.Object(
  {
    field: Type.String(),
    message: Type.String(),
    /** the warning by its code, with the values it names (#54) */
    code: Type.Optional(Type.String()),
    params: Type.Optional(Params),
  },
  openRecord,
);
/** A payable as a create or update answers it: the record and what deserves a second look. */
export const PayableWritten = Type.Composite([Payable, Type.Object({ warnings: Type.Array(Warning) })]);

const FormaTotals = Type.Object({ count: Type.Integer(), total_amount: Cents }, closedRecord);
const BatchReturn = Type.Object(
  {
    imported_at: Timestamp,
    file_sha256: Type.String(),
    file_name: Nullable(Type.String()),
    lines: Type.Integer(),
    paid: Type.Integer(),
    scheduled: Type.Integer(),
    rejected: Type.Integer(),
    unchanged: Type.Integer(),
    unknown: Type.Integer(),
  },
  closedRecord,
);

export const Batch = Type.Object(
  {
    public_id: Ulid,
    state: Enum(BATCH_STATES),
    data_pagamento: DateOnly,
    bank_account_id: Type.Integer(),
    file_name: Type.String(),
    file_sequence: Type.Integer(),
    file_sha256: Type.String(),
    payables_count: Type.Integer(),
    total_amount: Cents,
    by_forma: Type.Record(Type.String(), FormaTotals),
    returns: Type.Array(BatchReturn),
    created_at: Timestamp,
    created_by: Type.Optional(
      Nullable(
        Type.String({
          description: 'the API client that created the batch (none counts as an approver of its own batch)',
          'x-condo-extension': true,
        }),
      ),
    ),
  },
  closedRecord,
);

export const BatchDetail = Type.Composite([
  Batch,
  Type.Object({
    payables: Type.Array(
      Type.Object(
        {
          public_id: Ulid,
          seu_numero: Type.String(),
          state: Nullable(Enum(PAYABLE_STATES)),
          outcome: Nullable(Enum(['scheduled', 'paid', 'rejected'])),
          amount: Cents,
          payee_name: Nullable(Type.String()),
          forma_pagamento: Enum(FORMAS_PAGAMENTO),
          last_return: Nullable(LastReturn),
        },
        closedRecord,
      ),
    ),
  }),
]);

/** What a return file did to its batch: counts by outcome, the lines read, warnings by line, the batch after. */
export const ReturnImport = Type.Object(
  {
    paid: Type.Integer(),
    scheduled: Type.Integer(),
    rejected: Type.Integer(),
    unchanged: Type.Integer(),
    unknown: Type.Integer({ description: 'lines whose payment the batch does not hold' }),
    lines: Type.Integer(),
    warnings: Type.Array(Issue),
    batch: BatchDetail,
  },
  openRecord,
);

export const BankAccount = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    bank_code: Type.String(),
    bank_name: Type.String(),
    agency: Type.String(),
    account_number: Type.String(),
    type: Type.String(),
    current_balance: Reais,
    is_payment_account: Type.Boolean(),
    convenio: Type.Optional(
      Nullable(
        Type.String({
          description:
            "the bank's convênio for the holder's payment files, where the bank requires one (Banco do Brasil's convênio de pagamento, Caixa's código do convênio)",
          'x-condo-extension': true,
        }),
      ),
    ),
  },
  closedRecord,
);

/** A chart account as the API answers it and the sandbox stores it (sandbox/db/tables.ts reads its columns). */
export const ChartAccount = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String(),
    name: Type.String(),
    type: Enum(ENTRY_TYPES),
    state: Enum(CHART_ACCOUNT_STATES),
    parent_id: Nullable(Type.Integer()),
  },
  closedRecord,
);

/** A supplier as the API answers it and the sandbox stores it: its payment data, a bank account or a PIX key. */
export const Supplier = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    document: Type.String({ description: 'CPF (11 digits) or CNPJ (14), digits only' }),
    bank: Nullable(
      Type.Object(
        {
          code: Type.String({ description: 'COMPE, 3 digits' }),
          agency: Type.String(),
          account: Type.String({ description: 'with its check digit after a dash' }),
          account_type: Enum(SUPPLIER_ACCOUNT_TYPES),
        },
        closedRecord,
      ),
    ),
    pix_key: Nullable(Type.String()),
    pix_key_type: Nullable(Enum(PIX_KEY_TYPES)),
    payment_data_changed_at: Type.Optional(
      Nullable(
        Type.String({
          format: 'date-time',
          description:
            'when the bank account or PIX key last changed (a payment to data changed just before asks for an extra approval)',
          'x-condo-extension': true,
        }),
      ),
    ),
  },
  closedRecord,
);

/** The condominium a client works for (structural data the spec names and leaves "not shown"). */
export const Condominium = Type.Object(
  {
    slug: Type.String({ description: 'the {condominium} of every path' }),
    name: Type.String(),
    document: Nullable(Type.String({ description: 'CNPJ, digits only' })),
  },
  closedRecord,
);

export const Unit = Type.Object(
  {
    id: Type.Integer(),
    block: Type.String(),
    number: Type.String(),
    label: Type.String(),
    owner: Type.String({ description: 'the owner (proprietário)' }),
    // a condo extension (#35): a resident's PIX names its payer by CPF/CNPJ, and a rule finds the unit by it
    owner_document: Type.Optional(Nullable(Type.String({ description: "the owner's CPF/CNPJ" }))),
    ideal_fraction: Type.Number({ description: 'fração ideal' }),
  },
  closedRecord,
);

export const AccountEntry = Type.Object(
  {
    id: Type.Integer(),
    type: Enum(ENTRY_TYPES),
    chart_of_accounts_id: Type.Integer(),
    bank_account_id: Nullable(Type.Integer()),
    unit_id: Nullable(Type.Integer()),
    supplier_id: Nullable(Type.Integer()),
    amount: Reais,
    description: Type.String(),
    payee: Nullable(Type.String()),
    document_number: Nullable(Type.String()),
    payment_method: Nullable(Type.String()),
    due_at: Nullable(Type.String()),
    paid_at: Nullable(Type.String()),
    period: Nullable(Type.String()),
    source: Type.String(),
    transfer_id: Nullable(Type.String()),
    reconciled: Type.Boolean(),
    payable_id: Nullable(Type.String()),
    // condo extensions (#35): the statement line a rule's entry accounts for, and the rule
    statement_line_id: Type.Optional(Nullable(Type.String())),
    rule_id: Type.Optional(Nullable(Type.String())),
    created_at: Timestamp,
  },
  closedRecord,
);

export const AccountTransfer = Type.Object(
  { transfer_id: Type.String(), outgoing: AccountEntry, incoming: AccountEntry },
  closedRecord,
);

/** An invoice's payment options once issued: the registered boleto and the PIX charge. */
export const InvoicePayment = Type.Object(
  {
    boleto: Nullable(
      Type.Object(
        {
          url: Type.String({ description: 'the boleto as a PDF, without a token (an unguessable address)' }),
          barcode: Type.String({ pattern: '^\\d{44}$' }),
          linha_digitavel: Type.String({ pattern: '^\\d{47}$' }),
          nosso_numero: Type.String(),
        },
        closedRecord,
      ),
    ),
    pix: Nullable(
      Type.Object(
        { payload: Type.String({ description: 'PIX copia e cola (BR Code)' }), txid: Type.String() },
        closedRecord,
      ),
    ),
  },
  closedRecord,
);

export const Invoice = Type.Object(
  {
    public_id: Ulid,
    unit_id: Type.Integer(),
    party_id: Nullable(Type.Integer()),
    bank_account_id: Type.Integer(),
    billing_type: Enum(['BOLETO', 'PIX', 'BOLETO_PIX']),
    due_date: DateOnly,
    subtotal: Reais,
    fine_amount: Reais,
    interest_amount: Reais,
    monetary_correction_amount: Reais,
    discount_amount: Reais,
    total: Reais,
    notes: Nullable(Type.String()),
    state: Type.String(),
    period: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
    issued_at: Nullable(Timestamp),
    paid_at: Nullable(DateOnly),
    payment: Nullable(InvoicePayment),
    created_at: Timestamp,
    /** the agreement that settled it and when (#70, a condo extension): state `renegotiated` */
    agreement: Type.Optional(Nullable(Type.String({ 'x-condo-extension': true }))),
    renegotiated_at: Type.Optional(Nullable(Type.String({ format: 'date-time', 'x-condo-extension': true }))),
    /** its composition, where it was created with one (#67, a condo extension) */
    items: Type.Optional(
      Nullable(
        Type.Array(
          Type.Object(
            { name: Type.String(), chart_of_accounts_id: Type.Integer(), amount: Reais },
            closedRecord,
          ),
          { 'x-condo-extension': true },
        ),
      ),
    ),
  },
  closedRecord,
);

export const Expense = Type.Object(
  {
    id: Type.Integer(),
    supplier_id: Nullable(Type.Integer()),
    chart_of_accounts_id: Type.Integer(),
    bank_account_id: Nullable(Type.Integer()),
    amount: Reais,
    fine_amount: Nullable(Reais),
    interest_amount: Nullable(Reais),
    discount_amount: Nullable(Reais),
    description: Type.String(),
    payee: Nullable(Type.String()),
    document_number: Nullable(Type.String()),
    payment_method: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    due_at: Nullable(Type.String()),
    paid_at: Nullable(Type.String()),
    installment: Nullable(
      Type.Object({ group_id: Type.String(), number: Type.Integer(), count: Type.Integer() }, closedRecord),
    ),
    entry_id: Nullable(Type.Integer()),
    created_at: Timestamp,
  },
  closedRecord,
);
export const ExpenseInstallments = Type.Object({ data: Type.Array(Expense) }, openRecord);

/** An approval kept beside a batch (a condo extension): what was signed, by whom, and who uploaded it. */
export const BatchApproval = Type.Object(
  {
    id: Ulid,
    batch_id: Ulid,
    signer: Type.String(),
    sha256: Type.String(),
    expires_at: Timestamp,
    statement: Type.String(),
    signature: Type.String(),
    uploaded_at: Timestamp,
    uploaded_by: Nullable(Type.String()),
  },
  openRecord,
);

export const WebhookSubscription = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    events: Type.Array(Type.String()),
    created_at: Timestamp,
  },
  openRecord,
);
export const WebhookSubscriptionCreated = Type.Composite([
  WebhookSubscription,
  Type.Object({ secret: Type.String() }),
]);

export const WebhookAttempt = Type.Object(
  {
    delivery_id: Type.String(),
    event_id: Type.String(),
    event: Type.String(),
    attempt: Type.Integer(),
    ok: Type.Boolean(),
    status_code: Nullable(Type.Integer()),
    error: Nullable(Type.String()),
    next_attempt_at: Nullable(Timestamp),
  },
  openRecord,
);

import { Defaulter } from './receivable-responses.js';

export { Defaulter, MonetaryIndex, MonetaryIndexValue } from './receivable-responses.js';

export const TokenGrant = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer(),
    scope: Type.String(),
  },
  openRecord,
);

export const OpenApiDocument = Type.Object(
  {
    openapi: Type.Literal('3.1.0'),
    info: Type.Object({}, openRecord),
    servers: Type.Array(Type.Object({}, openRecord)),
    security: Type.Array(Type.Object({}, openRecord)),
    paths: Type.Object({}, openRecord),
    components: Type.Object({}, openRecord),
  },
  openRecord,
);

export const Ping = Type.Object({ status: Type.Literal('ok'), time: Timestamp }, closedRecord);

/** A page: `data` plus `meta` (spec "Pagination"). */
export const Page = <T extends TSchema, M extends Record<string, TSchema> = Record<never, TSchema>>(
  record: T,
  /** what a list adds to `meta` (the defaulters' date and totals) */
  moreMeta: M = {} as M,
) =>
  Type.Object(
    {
      data: Type.Array(record),
      meta: Type.Object(
        {
          page: Type.Integer(),
          per_page: Type.Integer(),
          total: Type.Integer(),
          last_page: Type.Integer(),
          ...moreMeta,
        },
        openRecord,
      ),
    },
    openRecord,
  );

/** The defaulters' page: `meta` also says the day they are counted on and the totals over every page. */
export const DefaultersPage = Page(Defaulter, {
  as_of: DateOnly,
  totals: Type.Object(
    { units: Type.Integer(), invoices: Type.Integer(), total_outstanding: Reais },
    closedRecord,
  ),
});

/**
 * The error shape of every failure but the token endpoint's (docs/DESIGN.md "Wire contract"): the request id
 * beside the error, as the server sends it.
 */
export const ErrorBody = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.String(),
        message: Type.String(),
        fields: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
        /**
         * an invalid file's problems, by line (422 invalid_file, account_mismatch); each with its finding by code
         * where the reader made one (`{code, params, message}`), for a client to say in its person's language
         */
        errors: Type.Optional(
          Type.Array(
            Type.Object(
              {
                line: Type.Integer(),
                message: Type.String(),
                finding: Type.Optional(
                  Type.Object(
                    {
                      code: Type.String(),
                      params: Type.Record(Type.String(), Type.Unknown()),
                      message: Type.String(),
                    },
                    openRecord,
                  ),
                ),
              },
              closedRecord,
            ),
          ),
        ),
        /** why, as a word a client says in its own language (422 not_remittable: domain/payables.ts) */
        reason: Type.Optional(Type.String()),
        /** the payable's method, where the reason names it (422 not_remittable) */
        forma_pagamento: Type.Optional(Type.String()),
        /**
         * the values the message names, for a client to say it in its own words by `code` (#54): what a 404 did
         * not find (`resource`); the message stays the English
         */
        params: Type.Optional(Params),
      },
      openRecord,
    ),
    request_id: Type.String(),
  },
  openRecord,
);

/** The token endpoint's errors, as RFC 6749 5.2 writes them. */
export const OAuthErrorBody = Type.Object(
  {
    error: Enum([
      'invalid_request',
      'invalid_client',
      'invalid_grant',
      'unauthorized_client',
      'unsupported_grant_type',
      'invalid_scope',
    ]),
    error_description: Type.Optional(Type.String()),
    /** the request's id (X-Request-Id), beside RFC 6749's members as in every other error */
    request_id: Type.Optional(Type.String()),
  },
  openRecord,
);
