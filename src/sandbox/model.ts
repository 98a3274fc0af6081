/**
 * The sandbox's records, one interface per table of the database (db/tables.ts maps them to columns). Money
 * is integer cents inside; the routes turn it into the wire's shape (cents for payables, decimal reais
 * elsewhere).
 */

import type { Static } from '@sinclair/typebox';
import type { IsoDate } from '../domain/dates.js';
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

/** The seeded clients; a firm's condominium (`--condominiums N`) has one named after its slug. */
export type ClientName = 'default' | 'read-only' | 'other' | `firm:${string}`;

export interface ClientRecord {
  name: ClientName;
  condominium: string;
  client_id: string;
  client_secret: string;
  scopes: Scope[];
}

/** An access token is kept only as its SHA-256: the snapshot never holds a usable bearer token. */
export interface TokenRecord {
  token_sha256: string;
  client_id: string;
  condominium: string;
  scopes: Scope[];
  /** epoch milliseconds */
  expires_at: number;
}

export interface Block {
  id: number;
  name: string;
}

export interface Unit {
  id: number;
  block: string;
  number: string;
  label: string;
  /** the owner's name (proprietário) */
  owner: string;
  owner_document: string;
  ideal_fraction: number;
}

export type { PixKeyType };

/** A supplier is stored as the API answers it (domain/responses.ts), as a payable is. */
export type Supplier = Static<typeof SupplierRecord>;
export type SupplierBank = NonNullable<Supplier['bank']>;

export type { BankAccountType };

export interface BankAccount {
  id: number;
  name: string;
  bank_code: string;
  bank_name: string;
  agency: string;
  account_number: string;
  type: BankAccountType;
  current_balance_cents: number;
  is_payment_account: boolean;
  /** the bank's convênio for the holder's payment files, where the bank requires one (Banco do Brasil, Caixa) */
  convenio?: string | null;
}

/** A chart account is stored as the API answers it (domain/responses.ts). */
export type ChartAccount = Static<typeof ChartAccountRecord>;

export interface FinancialPeriod {
  /** YYYY-MM */
  period: string;
  state: 'open' | 'closed';
}

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

/** One payable as it travelled in a batch's remittance (kept even if the payable later moves on). */
export interface BatchItem {
  public_id: string;
  /** `toSeuNumero(public_id)`: what the return lines carry */
  seu_numero: string;
  forma_pagamento: FormaPagamento;
  payee_name: string;
  /** amount + fine + interest - discount, in cents, as written in the file */
  amount: number;
  outcome: BatchItemOutcome | null;
  last_return: LastReturn | null;
}

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
export interface PaymentBatch {
  public_id: string;
  state: BatchState;
  data_pagamento: IsoDate;
  bank_account_id: number;
  file_name: string;
  /** NSA (número sequencial do arquivo), increasing per condominium */
  file_sequence: number;
  file_sha256: string;
  file_size: number;
  payables_count: number;
  total_amount: number;
  by_forma: Record<string, { count: number; total_amount: number }>;
  items: BatchItem[];
  returns: BatchReturnSummary[];
  created_at: string;
  /** The API client that created it (a condo extension; null for batches from before it was kept). */
  created_by?: string | null;
}

/**
 * An approval kept beside a batch (a condo extension, #34): a signed statement of the batch's exact file, stored
 * as the API answers it (domain/responses.ts BatchApproval: the statement's exact text, its SSHSIG signature).
 */
export type BatchApprovalRecord = Static<typeof R.BatchApproval>;

export type { EntrySource };

/** A ledger entry (lançamento). Money in cents inside; the API shows decimal reais. */
export interface AccountEntry {
  id: number;
  type: 'revenue' | 'expense';
  chart_of_accounts_id: number;
  bank_account_id: number | null;
  unit_id: number | null;
  supplier_id: number | null;
  amount_cents: number;
  description: string;
  payee: string | null;
  document_number: string | null;
  payment_method: string | null;
  due_at: IsoDate | null;
  paid_at: IsoDate;
  /** YYYY-MM */
  period: string;
  source: EntrySource;
  transfer_id: string | null;
  reconciled: boolean;
  /** the payable a `source: payable` entry settles */
  payable_id?: string | null;
  /** the statement line (movement) the entry accounts for, and the reconciliation rule that booked it (#35) */
  statement_line_id?: string | null;
  rule_id?: string | null;
  created_at: string;
}

/** Invoice (cobrança) states; `overdue` is only a list filter (issued and past due). */
export type InvoiceState = 'draft' | 'issued' | 'paid' | 'canceled';

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

/** An invoice's fields in decimal reais on the wire, stored in cents. */
const INVOICE_MONEY = [
  'subtotal',
  'fine_amount',
  'interest_amount',
  'monetary_correction_amount',
  'discount_amount',
  'total',
] as const;

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
export interface Expense {
  id: number;
  supplier_id: number | null;
  chart_of_accounts_id: number;
  bank_account_id: number | null;
  amount_cents: number;
  fine_amount_cents: number | null;
  interest_amount_cents: number | null;
  discount_amount_cents: number | null;
  description: string;
  payee: string | null;
  document_number: string | null;
  payment_method: string | null;
  notes: string | null;
  due_at: IsoDate;
  paid_at: IsoDate | null;
  installment: { group_id: string; number: number; count: number } | null;
  entry_id: number | null;
  created_at: string;
}

/** A condominium's own row; its records live in their own tables. */
export interface CondominiumRecord {
  slug: string;
  name: string;
  document: string;
  address: string;
  /** the last nosso número given to a boleto of this condominium */
  nosso_numero_sequence: number;
}

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
export interface StatementImport {
  /** ULID */
  id: string;
  /** loading while its lines are written in chunks; done (and visible) once reconciled */
  status: 'loading' | 'done';
  bank_account_id: number;
  format: 'ofx' | 'csv';
  file_name: string | null;
  file_sha256: string;
  /** the bank and account the file names (first statement), as written */
  bank_id: string | null;
  account_id: string | null;
  /** imported although the file names another bank or account */
  forced: boolean;
  period: { start: IsoDate | null; end: IsoDate | null };
  /**
   * the file's transactions, every one counted in one place: imported + duplicates + balance_lines + scheduled
   * (a file with a line it cannot read is refused whole, naming the line)
   */
  transactions: number;
  /** new movements recorded */
  imported: number;
  /** movements an earlier import already recorded for this account */
  duplicates: number;
  /** the bank's balances written as lines ("SALDO ANTERIOR", "S A L D O"): the statement's balances, not movements */
  balance_lines: number;
  /** entries dated after the statement's end or the import's day: not imported until a later file has them done */
  scheduled: number;
  /** the file's movements reconciled by this import (new ones, and earlier ones still open that match now) */
  reconciled: number;
  /** the file's movements still unreconciled after this import */
  unmatched: number;
  imported_at: string;
}

/**
 * A bank movement: one statement transaction, recorded once per bank account (de-duplicated by FITID, or by
 * the statement's hash of date, amount and memo when the file has no ids). Money in cents, credits positive.
 */
export interface StatementMovement {
  /** ULID */
  id: string;
  bank_account_id: number;
  /** the import that first recorded it */
  statement_id: string;
  fitid: string | null;
  /** the de-duplication key (the FITID or the hash) */
  dedup_key: string;
  date: IsoDate;
  amount_cents: number;
  /** OFX TRNTYPE (CREDIT, DEBIT, XFER...) */
  type: string;
  memo: string | null;
  name: string | null;
  /** CHECKNUM/REFNUM (OFX) or the CSV document column */
  document_number: string | null;
  /** line of the file that first recorded it */
  line: number;
  /** what it was reconciled with: a ledger entry (and the payable that entry settles), or an issued invoice */
  match_entry_id: number | null;
  match_payable_id: string | null;
  match_invoice_id: string | null;
  reconciled: boolean;
  reconciled_at: string | null;
  created_at: string;
}

/** A webhook subscription; the secret signs every delivery and is shown only in the create response. */
export interface WebhookSubscription {
  /** ULID */
  id: string;
  url: string;
  /** event types, or `*` */
  events: string[];
  secret: string;
  created_at: string;
}

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

/** A batch as its table holds it: its payables are rows of their own (BatchItemRow). */
export type PaymentBatchRecord = Omit<PaymentBatch, 'items'>;

/** One payable of a batch, in the batch's order. */
export interface BatchItemRow extends BatchItem {
  batch_id: string;
  /** 0-based order in the remittance */
  position: number;
}

/** A transfer between two bank accounts: its pair of entries (which also carry the transfer_id). */
export interface TransferRecord {
  transfer_id: string;
  outgoing_entry_id: number;
  incoming_entry_id: number;
  created_at: string;
}

/** An event to deliver to one subscription; pending deliveries survive a restart. */
export interface WebhookDelivery {
  /** X-Condo-Delivery: the same on every attempt */
  delivery_id: string;
  subscription_id: string;
  event_id: string;
  event: string;
  /** the JSON body, signed afresh on every attempt */
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  /** attempts made so far */
  attempts: number;
  /** epoch ms of the next attempt; null once delivered or failed */
  next_attempt_at: number | null;
  created_at: string;
}
