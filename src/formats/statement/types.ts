/**
 * Normalized bank statement model shared by the OFX/QFX and CSV readers.
 * Money is integer cents (credits positive); dates are calendar dates `YYYY-MM-DD` as the bank wrote them
 * (no time-zone conversion).
 */

import { oneLine } from '../errors.js';

/** A problem tied to a line of the input file (1-based). */
export interface Issue {
  line: number;
  message: string;
}

export type StatementFormat = 'ofx' | 'csv';

/** `utf-16le`/`utf-16be` only with a BOM; `utf-8` also for pure ASCII. */
export type TextEncodingName = 'utf-8' | 'windows-1252' | 'latin1' | 'utf-16le' | 'utf-16be';

export interface Transaction {
  /** The de-duplication key: the FITID, or (no FITID, CSV without an id column) a sha256 hex hash. */
  id: string;
  /** FITID (OFX) or the id column (CSV), as written; null when the file has none. */
  fitid: string | null;
  /** Posted date, `YYYY-MM-DD`. */
  date: string;
  /** Integer cents, credits positive. */
  amountCents: number;
  /** OFX TRNTYPE upper-cased (`CREDIT`, `DEBIT`, `XFER`...); CSV: `CREDIT` or `DEBIT` from the sign. */
  type: string;
  /** OFX NAME (or PAYEE/NAME); null when absent. */
  name: string | null;
  /** OFX MEMO; CSV description. */
  memo: string | null;
  /** CHECKNUM, else REFNUM (OFX); CSV document column when mapped. */
  checkNumber: string | null;
  /** Line where the transaction starts. */
  line: number;
}

export interface StatementMeta {
  bankId: string | null;
  accountId: string | null;
  /** CHECKING, SAVINGS, MONEYMRKT, CREDITLINE (OFX ACCTTYPE), CREDITCARD, INVESTMENT; null when unknown. */
  accountType: string | null;
  currency: string | null;
  startDate: string | null;
  endDate: string | null;
  ledgerBalanceCents: number | null;
  ledgerBalanceDate: string | null;
  /** Running aggregates, kept even when transactions are not retained. */
  transactionCount: number;
  netAmountCents: number;
  firstDate: string | null;
  lastDate: string | null;
  /** Line where the statement starts. */
  line: number;
}

export interface Statement extends StatementMeta {
  /** Empty when the parser was asked not to retain transactions. */
  transactions: Transaction[];
}

export interface ParsedStatementFile {
  format: StatementFormat;
  encoding: TextEncodingName;
  statements: Statement[];
  warnings: Issue[];
  errors: Issue[];
  /** CSV only: the layout that was recognized (`nubank`, `nubank-card`, `bb`, `generic`, `mapped`, `headerless`). */
  layout?: string;
}

export type StatementInput = Uint8Array | AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface ReadOptions {
  /** Keep transactions in `statements[i].transactions` (default true). */
  keepTransactions?: boolean;
  /** Called for every transaction as soon as it is complete, with the index of its statement. */
  onTransaction?: (transaction: Transaction, statementIndex: number) => void;
}

export interface CsvOptions {
  /** Column mapping: keys `date`, `amount`, `description`, `id`, `credit`, `debit`, `type`, `balance`; values are
   * header names (case and accents ignored) or 1-based column numbers. */
  csvColumns?: Record<string, string>;
  /** `DD/MM/YYYY`, `YYYY-MM-DD`, `MM/DD/YYYY`... (tokens D, DD, M, MM, MMM, YY, YYYY; any separator). */
  dateFormat?: string;
}

export interface ParseStatementOptions extends ReadOptions, CsvOptions {
  format?: StatementFormat;
}

/** A transaction as delivered by the streaming form. */
export interface StatementTransaction {
  statementIndex: number;
  transaction: Transaction;
}

export function emptyStatement(line: number): Statement {
  return {
    bankId: null,
    accountId: null,
    accountType: null,
    currency: null,
    startDate: null,
    endDate: null,
    ledgerBalanceCents: null,
    ledgerBalanceDate: null,
    transactionCount: 0,
    netAmountCents: 0,
    firstDate: null,
    lastDate: null,
    line,
    transactions: [],
  };
}

/** Adds a transaction to a statement's running aggregates (and its list when `keep`). */
export function recordTransaction(statement: Statement, transaction: Transaction, keep: boolean): void {
  statement.transactionCount += 1;
  statement.netAmountCents += transaction.amountCents;
  if (statement.firstDate === null || transaction.date < statement.firstDate)
    statement.firstDate = transaction.date;
  if (statement.lastDate === null || transaction.date > statement.lastDate)
    statement.lastDate = transaction.date;
  if (keep) statement.transactions.push(transaction);
}

/** Collects issues up to a limit, then one closing note, so a huge broken file cannot exhaust memory. */
export class IssueList {
  readonly items: Issue[] = [];
  private dropped = 0;
  constructor(
    private readonly limit: number,
    private readonly kind: string,
  ) {}

  add(line: number, message: string): void {
    if (this.items.length < this.limit) this.items.push({ line, message: oneLine(message) });
    else this.dropped += 1;
  }

  get count(): number {
    return this.items.length + this.dropped;
  }

  finish(): Issue[] {
    if (this.dropped > 0) {
      const last = this.items[this.items.length - 1];
      this.items.push({ line: last?.line ?? 1, message: `${this.dropped} more ${this.kind} not shown` });
      this.dropped = 0;
    }
    return this.items;
  }
}
