/**
 * The sandbox's records, one schema per table of the database (#54 point 3): each field declared once, its type
 * (`Static`) and its column (db/tables.ts `columnsOf`) read off it. A record the API answers as it is stored is
 * the answer's schema (payables, suppliers, chart accounts, approvals); an invoice is the answer's with money in
 * cents (db/stored.ts); the others are storage schemas here. Money is integer cents inside; the routes turn it
 * into the wire's shape (cents for payables, decimal reais elsewhere).
 */

import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { IsoDate } from '../domain/dates.js';
import { INVOICE_MONEY } from '../domain/invoices.js';
import type { BankAccountType, EntrySource } from '../domain/ledger.js';
import type { BatchState, FormaPagamento } from '../domain/payables.js';
import type { PixKeyType } from '../domain/pix-keys.js';
import type {
  ChartAccount as ChartAccountRecord,
  Payable as PayableRecord,
  Supplier as SupplierRecord,
} from '../domain/responses.js';
import * as R from '../domain/responses.js';
import type { Scope } from '../domain/scopes.js';
import { type Stored, storedShape } from './db/stored.js';

export { SCOPES, type Scope } from '../domain/scopes.js';

// a column's schema: its kind for the table (text, int, real, bool, json) and its type for the code
const text = <T extends string = string>() => Type.Unsafe<T>(Type.String());
const int = () => Type.Integer();
const real = () => Type.Number();
const bool = () => Type.Boolean();
const json = <T>() => Type.Unsafe<T>(Type.Object({}));
const orNull = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);

/** The seeded clients; a firm's condominium (`--condominiums N`) has one named after its slug. */
export type ClientName = 'default' | 'read-only' | 'other' | `firm:${string}`;

export const ClientRecord = Type.Object({
  name: text<ClientName>(),
  condominium: text(),
  client_id: text(),
  client_secret: text(),
  scopes: json<Scope[]>(),
});
export type ClientRecord = Static<typeof ClientRecord>;

/** An access token is kept only as its SHA-256: the snapshot never holds a usable bearer token. */
export const TokenRecord = Type.Object({
  token_sha256: text(),
  client_id: text(),
  condominium: text(),
  scopes: json<Scope[]>(),
  /** epoch milliseconds */
  expires_at: int(),
});
export type TokenRecord = Static<typeof TokenRecord>;

export const BlockRow = Type.Object({ id: int(), name: text() });
export type Block = Static<typeof BlockRow>;

export const UnitRow = Type.Object({
  id: int(),
  block: text(),
  number: text(),
  label: text(),
  /** the owner's name (proprietário) */
  owner: text(),
  owner_document: text(),
  ideal_fraction: real(),
});
export type Unit = Static<typeof UnitRow>;

export type { PixKeyType };

/** A supplier is stored as the API answers it (domain/responses.ts), as a payable is. */
export type Supplier = Static<typeof SupplierRecord>;
export type SupplierBank = NonNullable<Supplier['bank']>;

export type { BankAccountType };

export const BankAccountRow = Type.Object({
  id: int(),
  name: text(),
  bank_code: text(),
  bank_name: text(),
  agency: text(),
  account_number: text(),
  type: text<BankAccountType>(),
  current_balance_cents: int(),
  is_payment_account: bool(),
  /** the bank's convênio for the holder's payment files, where the bank requires one (Banco do Brasil, Caixa) */
  convenio: Type.Optional(orNull(text())),
});
export type BankAccount = Static<typeof BankAccountRow>;

/** A chart account is stored as the API answers it (domain/responses.ts). */
export type ChartAccount = Static<typeof ChartAccountRecord>;

export const FinancialPeriodRow = Type.Object({
  /** YYYY-MM */
  period: text(),
  state: text<'open' | 'closed'>(),
});
export type FinancialPeriod = Static<typeof FinancialPeriodRow>;

export interface LastReturn {
  code: string;
  message: string;
  at: string;
}

/**
 * A payable is stored as the API answers it: its type is the response schema's (src/domain/responses.ts), and
 * db/tables.ts reads its columns off the same schema, so a field is declared once for the wire and the store.
 */
export type Payable = Required<Static<typeof PayableRecord>>;

/** Batch states: as return files confirm or reject its payables (docs/DESIGN.md "States"). */
export type { BatchState };
/** What a return said about one payable of a batch; null until a return mentions it. */
export type BatchItemOutcome = 'scheduled' | 'paid' | 'rejected';

const batchItem = {
  public_id: text(),
  /** `toSeuNumero(public_id)`: what the return lines carry */
  seu_numero: text(),
  forma_pagamento: text<FormaPagamento>(),
  payee_name: text(),
  /** amount + fine + interest - discount, in cents, as written in the file */
  amount: int(),
  outcome: orNull(text<BatchItemOutcome>()),
  last_return: orNull(json<LastReturn>()),
};
const BatchItem = Type.Object(batchItem);
/** One payable as it travelled in a batch's remittance (kept even if the payable later moves on). */
export type BatchItem = Static<typeof BatchItem>;

/** One return import's summary. */
export interface BatchReturnSummary {
  imported_at: string;
  file_sha256: string;
  file_name: string | null;
  lines: number;
  paid: number;
  scheduled: number;
  rejected: number;
  unchanged: number;
  unknown: number;
}

/**
 * A payment batch (lote de pagamento): the CNAB 240 remittance generated from the marked payables. The file's
 * bytes are rows of `batch_file_chunks` (about a megabyte each), written in the transaction that makes the
 * batch; its payables are rows of `batch_items` (`items` here is the seed's and the old snapshot's shape).
 */
export const PaymentBatchRecord = Type.Object({
  public_id: text(),
  state: text<BatchState>(),
  data_pagamento: text<IsoDate>(),
  bank_account_id: int(),
  file_name: text(),
  /** NSA (número sequencial do arquivo), increasing per condominium */
  file_sequence: int(),
  file_sha256: text(),
  file_size: int(),
  payables_count: int(),
  total_amount: int(),
  by_forma: json<Record<string, { count: number; total_amount: number }>>(),
  returns: json<BatchReturnSummary[]>(),
  created_at: text(),
  /** The API client that created it (a condo extension; null for batches from before it was kept). */
  created_by: Type.Optional(orNull(text())),
});
/** A batch as its table holds it: its payables are rows of their own (BatchItemRow). */
export type PaymentBatchRecord = Static<typeof PaymentBatchRecord>;
export type PaymentBatch = PaymentBatchRecord & { items: BatchItem[] };

/**
 * An approval kept beside a batch (a condo extension, #34): a signed statement of the batch's exact file, stored
 * as the API answers it (domain/responses.ts BatchApproval: the statement's exact text, its SSHSIG signature).
 */
export type BatchApprovalRecord = Static<typeof R.BatchApproval>;

export type { EntrySource };

/** A ledger entry (lançamento). Money in cents inside; the API shows decimal reais. */
export const AccountEntryRow = Type.Object({
  id: int(),
  type: text<'revenue' | 'expense'>(),
  chart_of_accounts_id: int(),
  bank_account_id: orNull(int()),
  unit_id: orNull(int()),
  supplier_id: orNull(int()),
  amount_cents: int(),
  description: text(),
  payee: orNull(text()),
  document_number: orNull(text()),
  payment_method: orNull(text()),
  due_at: orNull(text<IsoDate>()),
  paid_at: text<IsoDate>(),
  /** YYYY-MM */
  period: text(),
  source: text<EntrySource>(),
  transfer_id: orNull(text()),
  reconciled: bool(),
  /** the payable a `source: payable` entry settles */
  payable_id: Type.Optional(orNull(text())),
  /** the statement line (movement) the entry accounts for, and the reconciliation rule that booked it (#35) */
  statement_line_id: Type.Optional(orNull(text())),
  rule_id: Type.Optional(orNull(text())),
  created_at: text(),
});
export type AccountEntry = Static<typeof AccountEntryRow>;

/** Invoice (cobrança) states; `overdue` is only a list filter (issued and past due). */
/** `renegotiated`: settled by an agreement (#70), a condo extension. */
export type InvoiceState = 'draft' | 'issued' | 'paid' | 'canceled' | 'renegotiated';

/** The payment options an invoice's issue produced: a registered boleto and a PIX BR Code. */
/** What an invoice was issued with: per its billing_type, a boleto, a PIX charge, or both (the other null). */
export interface InvoicePayment {
  boleto: {
    /** 44 digits */
    barcode: string;
    /** 47 digits, unpunctuated */
    linha_digitavel: string;
    nosso_numero: string;
    /** The unguessable name of its PDF (`/boletos/{condominium}/{pdf_id}.pdf`, served without a token). */
    pdf_id?: string;
  } | null;
  pix: { payload: string; txid: string } | null;
}

/**
 * An invoice (cobrança) of a unit, stored as the API answers it (R.Invoice, its one declaration) but with money in
 * cents and its payment as issued (the PDF's id beside the codes): db/stored.ts.
 */
export const INVOICE_STORAGE = storedShape(R.Invoice, INVOICE_MONEY, ['payment']);

export type Invoice = Stored<
  Static<typeof R.Invoice>,
  (typeof INVOICE_MONEY)[number],
  {
    billing_type: 'BOLETO' | 'PIX' | 'BOLETO_PIX';
    due_date: IsoDate;
    state: InvoiceState;
    paid_at: IsoDate | null;
    payment: InvoicePayment | null;
  }
>;

/** An expense (despesa), settled (with `paid_at` and its ledger entry) or one installment of a group. */
export const ExpenseRow = Type.Object({
  id: int(),
  supplier_id: orNull(int()),
  chart_of_accounts_id: int(),
  bank_account_id: orNull(int()),
  amount_cents: int(),
  fine_amount_cents: orNull(int()),
  interest_amount_cents: orNull(int()),
  discount_amount_cents: orNull(int()),
  description: text(),
  payee: orNull(text()),
  document_number: orNull(text()),
  payment_method: orNull(text()),
  notes: orNull(text()),
  due_at: text<IsoDate>(),
  paid_at: orNull(text<IsoDate>()),
  installment: orNull(json<{ group_id: string; number: number; count: number }>()),
  entry_id: orNull(int()),
  created_at: text(),
});
export type Expense = Static<typeof ExpenseRow>;

/** A condominium's own row; its records live in their own tables. */
export const CondominiumRecord = Type.Object({
  slug: text(),
  name: text(),
  document: text(),
  address: text(),
  /** the last nosso número given to a boleto of this condominium */
  nosso_numero_sequence: int(),
});
export type CondominiumRecord = Static<typeof CondominiumRecord>;

/**
 * A condominium with all of its records: the shape of the seed data and of the JSON snapshot earlier versions
 * kept (imported once into the database, see db/state-import.ts).
 */
export interface Condominium {
  slug: string;
  name: string;
  document: string;
  address: string;
  blocks: Block[];
  units: Unit[];
  suppliers: Supplier[];
  bank_accounts: BankAccount[];
  chart_of_accounts: ChartAccount[];
  periods: FinancialPeriod[];
  payables: Payable[];
  batches: PaymentBatch[];
  entries: AccountEntry[];
  invoices: Invoice[];
  expenses: Expense[];
  /** the last nosso número given to a boleto of this condominium */
  nosso_numero_sequence: number;
  /** statement imports (bank.write), newest last; see services/statements.ts */
  statement_imports: StatementImport[];
  /** bank movements recorded by statement imports, de-duplicated per bank account */
  statement_movements: StatementMovement[];
  webhook_subscriptions: WebhookSubscription[];
  /** delivery attempts, oldest first, the most recent WEBHOOK_ATTEMPTS_KEPT per condominium */
  webhook_attempts: WebhookAttempt[];
}

/** Everything a data dir holds, as one object: the seed's output and the old snapshot's shape. */
export interface SandboxState {
  format: 'condo-sandbox';
  version: 1;
  /** the base URL of the last server started on this data dir */
  base_url: string | null;
  /** the next integer id per kind (bank accounts, chart accounts, units, suppliers...), global across condominiums */
  sequences: Record<string, number>;
  clients: ClientRecord[];
  tokens: TokenRecord[];
  condominiums: Condominium[];
}

/** One statement file imported into a bank account, with what the import found. */
export const StatementImportRow = Type.Object({
  /** ULID */
  id: text(),
  /** loading while its lines are written in chunks; done (and visible) once reconciled */
  status: text<'loading' | 'done'>(),
  bank_account_id: int(),
  format: text<'ofx' | 'csv'>(),
  file_name: orNull(text()),
  file_sha256: text(),
  /** the bank and account the file names (first statement), as written */
  bank_id: orNull(text()),
  account_id: orNull(text()),
  /** imported although the file names another bank or account */
  forced: bool(),
  period: json<{ start: IsoDate | null; end: IsoDate | null }>(),
  /**
   * the file's transactions, every one counted in one place: imported + duplicates + balance_lines + scheduled
   * (a file with a line it cannot read is refused whole, naming the line)
   */
  transactions: int(),
  /** new movements recorded */
  imported: int(),
  /** movements an earlier import already recorded for this account */
  duplicates: int(),
  /** the bank's balances written as lines ("SALDO ANTERIOR", "S A L D O"): the statement's balances, not movements */
  balance_lines: int(),
  /** entries dated after the statement's end or the import's day: not imported until a later file has them done */
  scheduled: int(),
  /** the file's movements reconciled by this import (new ones, and earlier ones still open that match now) */
  reconciled: int(),
  /** the file's movements still unreconciled after this import */
  unmatched: int(),
  imported_at: text(),
});
export type StatementImport = Static<typeof StatementImportRow>;

/**
 * A bank movement: one statement transaction, recorded once per bank account (de-duplicated by FITID, or by
 * the statement's hash of date, amount and memo when the file has no ids). Money in cents, credits positive.
 */
export const StatementMovementRow = Type.Object({
  /** ULID */
  id: text(),
  bank_account_id: int(),
  /** the import that first recorded it */
  statement_id: text(),
  fitid: orNull(text()),
  /** the de-duplication key (the FITID or the hash) */
  dedup_key: text(),
  date: text<IsoDate>(),
  amount_cents: int(),
  /** OFX TRNTYPE (CREDIT, DEBIT, XFER...) */
  type: text(),
  memo: orNull(text()),
  name: orNull(text()),
  /** CHECKNUM/REFNUM (OFX) or the CSV document column */
  document_number: orNull(text()),
  /** line of the file that first recorded it */
  line: int(),
  /** what it was reconciled with: a ledger entry (and the payable that entry settles), or an issued invoice */
  match_entry_id: orNull(int()),
  match_payable_id: orNull(text()),
  match_invoice_id: orNull(text()),
  reconciled: bool(),
  reconciled_at: orNull(text()),
  created_at: text(),
});
export type StatementMovement = Static<typeof StatementMovementRow>;

/** A webhook subscription; the secret signs every delivery and is shown only in the create response. */
export const WebhookSubscriptionRow = Type.Object({
  /** ULID */
  id: text(),
  url: text(),
  /** event types, or `*` */
  events: json<string[]>(),
  secret: text(),
  created_at: text(),
});
export type WebhookSubscription = Static<typeof WebhookSubscriptionRow>;

/** One attempt at delivering an event to a subscription. */
export interface WebhookAttempt {
  /** X-Condo-Delivery: the same for every attempt of one event to one subscription */
  delivery_id: string;
  subscription_id: string;
  event_id: string;
  event: string;
  /** 1-based */
  attempt: number;
  /** the receiver's HTTP status, null when no response came */
  status_code: number | null;
  /** why the attempt failed (connection error, timeout, non-2xx status); null on success */
  error: string | null;
  ok: boolean;
  at: string;
  duration_ms: number;
  /** when the next attempt is due; null after a success or the last attempt */
  next_attempt_at: string | null;
}

/** One payable of a batch, in the batch's order: its row of `batch_items`. */
export const BatchItemRow = Type.Object({
  batch_id: text(),
  /** 0-based order in the remittance */
  position: int(),
  ...batchItem,
});
export type BatchItemRow = Static<typeof BatchItemRow>;

/** A transfer between two bank accounts: its pair of entries (which also carry the transfer_id). */
export const TransferRecord = Type.Object({
  transfer_id: text(),
  outgoing_entry_id: int(),
  incoming_entry_id: int(),
  created_at: text(),
});
export type TransferRecord = Static<typeof TransferRecord>;

/** An event to deliver to one subscription; pending deliveries survive a restart. */
export const WebhookDeliveryRow = Type.Object({
  /** X-Condo-Delivery: the same on every attempt */
  delivery_id: text(),
  subscription_id: text(),
  event_id: text(),
  event: text(),
  /** the JSON body, signed afresh on every attempt */
  body: text(),
  status: text<'pending' | 'delivered' | 'failed'>(),
  /** attempts made so far */
  attempts: int(),
  /** epoch ms of the next attempt; null once delivered or failed */
  next_attempt_at: orNull(int()),
  created_at: text(),
});
export type WebhookDelivery = Static<typeof WebhookDeliveryRow>;
