/**
 * Normalized bank statement model shared by the OFX/QFX and CSV readers.
 * Money is integer cents (credits positive); dates are calendar dates `YYYY-MM-DD` as the bank wrote them
 * (no time-zone conversion).
 */

import { type Message, oneLineMessage, withFinding } from '../../domain/message.js';
import { oneLine } from '../../domain/text.js';
import { statementFinding } from './findings.js';

/** A problem tied to a line of the input file (1-based). */
export interface Issue {
  line: number;
  message: string;
}

/** OFX/QFX, CSV, or a CNAB 240 account statement (formats/cnab240/statement.ts). */
export type StatementFormat = 'ofx' | 'csv' | 'cnab240';

/** `utf-16le`/`utf-16be` only with a BOM; `utf-8` also for pure ASCII. */
export type TextEncodingName = 'utf-8' | 'windows-1252' | 'latin1' | 'utf-16le' | 'utf-16be';

/** What a line of a statement is (formats/statement/lines.ts): money that moved, a balance, or a future entry. */
export type LineKind = 'movement' | 'balance' | 'scheduled';

/** A balance the file carries as a line. */
export interface BalanceLine {
  line: number;
  date: string;
  /** null when the bank wrote none (Caixa's "SALDO DIA" with a blank amount) */
  amountCents: number | null;
  memo: string;
}

export interface Transaction {
  /** The FITID, or (no FITID, CSV without an id column) a sha256 hex hash: the transaction as its file names it. */
  id: string;
  /**
   * The key a movement is de-duplicated by across imports (formats/statement/lines.ts): its FITID with its date,
   * amount and memo, and its position among the file's lines sharing all of these; without a FITID, a sha256 hex
   * hash of the same. A bank may give two transactions one FITID (#35).
   */
  key: string;
  kind: LineKind;
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
  /**
   * Running aggregates, kept even when transactions are not retained: the transactions (movements and scheduled
   * ones; balances and refused lines are counted apart), the movements' sum.
   */
  transactionCount: number;
  netAmountCents: number;
  /** Lines that are balances, and the first of them (formats/statement/lines.ts). */
  balanceCount: number;
  balanceLines: BalanceLine[];
  /** Transactions dated after the statement's end or today (in transactionCount, not in the sum). */
  scheduledCount: number;
  /** Lines the reader could not read, each an error with its line. */
  refusedCount: number;
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
  /** `YYYY-MM-DD`: a line dated after it is scheduled, not a movement (formats/statement/lines.ts). */
  today?: string;
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
    balanceCount: 0,
    balanceLines: [],
    scheduledCount: 0,
    refusedCount: 0,
    firstDate: null,
    lastDate: null,
    line,
    transactions: [],
  };
}

/**
 * Adds a transaction to a statement's running aggregates (and its list when `keep`); only a movement adds to the
 * sum and the dates (a scheduled one is counted by lines.ts, a balance never comes here).
 */
export function recordTransaction(statement: Statement, transaction: Transaction, keep: boolean): void {
  statement.transactionCount += 1;
  if (keep) statement.transactions.push(transaction);
  if (transaction.kind !== 'movement') return;
  statement.netAmountCents += transaction.amountCents;
  if (statement.firstDate === null || transaction.date < statement.firstDate)
    statement.firstDate = transaction.date;
  if (statement.lastDate === null || transaction.date > statement.lastDate)
    statement.lastDate = transaction.date;
}

/** Collects issues up to a limit, then one closing note, so a huge broken file cannot exhaust memory. */
/** An issue's line and message only, its finding (by code) still beside it. */
export function copyIssue(issue: Issue): Issue {
  const copy = { line: issue.line, message: issue.message };
  const finding = (issue as { finding?: Message }).finding;
  return finding ? withFinding(copy, finding) : copy;
}

export class IssueList {
  readonly items: Issue[] = [];
  private dropped = 0;
  constructor(
    private readonly limit: number,
    private readonly kind: 'warnings' | 'errors',
  ) {}

  /** A finding at a line: by its code (findings.ts), its English kept as the issue's message; or a plain text. */
  add(line: number, said: string | Message): void {
    if (this.items.length >= this.limit) this.dropped += 1;
    else if (typeof said === 'string') this.items.push({ line, message: oneLine(said) });
    else {
      const one = oneLineMessage(said);
      this.items.push(withFinding({ line, message: one.message }, one));
    }
  }

  get count(): number {
    return this.items.length + this.dropped;
  }

  finish(): Issue[] {
    if (this.dropped > 0) {
      const last = this.items[this.items.length - 1];
      const more = statementFinding('statement.more', { count: this.dropped, kind: this.kind });
      this.items.push(withFinding({ line: last?.line ?? 1, message: more.message }, more));
      this.dropped = 0;
    }
    return this.items;
  }
}
