import {
  copyIssue,
  type Issue,
  type ParsedStatementFile,
  type StatementFormat,
  type TextEncodingName,
} from './types.js';

/** One statement in the summary, snake_case as the CLI prints it. */
export interface StatementSummaryEntry {
  bank_id: string | null;
  account_id: string | null;
  account_type: string | null;
  currency: string | null;
  start_date: string | null;
  end_date: string | null;
  ledger_balance_cents: number | null;
  ledger_balance_date: string | null;
  transactions: number;
}

/** What `condo statements import FILE --dry-run --json` prints. */
export interface StatementSummary {
  format: StatementFormat;
  encoding: TextEncodingName;
  statements: StatementSummaryEntry[];
  transactions: number;
  net_amount_cents: number;
  first_date: string | null;
  last_date: string | null;
  warnings: Issue[];
  errors: Issue[];
}

/** Builds the dry-run summary; works from the running aggregates, so it also fits results that kept no transactions. */
export function summarizeStatement(parsed: ParsedStatementFile): StatementSummary {
  let transactions = 0;
  let net = 0;
  let first: string | null = null;
  let last: string | null = null;
  const statements = parsed.statements.map((s) => {
    transactions += s.transactionCount;
    net += s.netAmountCents;
    if (s.firstDate !== null && (first === null || s.firstDate < first)) first = s.firstDate;
    if (s.lastDate !== null && (last === null || s.lastDate > last)) last = s.lastDate;
    return {
      bank_id: s.bankId,
      account_id: s.accountId,
      account_type: s.accountType,
      currency: s.currency,
      start_date: s.startDate,
      end_date: s.endDate,
      ledger_balance_cents: s.ledgerBalanceCents,
      ledger_balance_date: s.ledgerBalanceDate,
      transactions: s.transactionCount,
    };
  });
  return {
    format: parsed.format,
    encoding: parsed.encoding,
    statements,
    transactions,
    net_amount_cents: net,
    first_date: first,
    last_date: last,
    warnings: parsed.warnings.map(copyIssue),
    errors: parsed.errors.map(copyIssue),
  };
}

/** What the lines of a file are besides its transactions (#35): kept apart from the dry-run summary's contract. */
export interface LineCounts {
  /** movements and scheduled ones */
  transactions: number;
  scheduled: number;
  balance_lines: number;
  /** lines not read, each an error with its line */
  refused: number;
}

export function lineCounts(parsed: ParsedStatementFile): LineCounts {
  const counts: LineCounts = { transactions: 0, scheduled: 0, balance_lines: 0, refused: 0 };
  for (const s of parsed.statements) {
    counts.transactions += s.transactionCount;
    counts.scheduled += s.scheduledCount;
    counts.balance_lines += s.balanceCount;
    counts.refused += s.refusedCount;
  }
  return counts;
}
