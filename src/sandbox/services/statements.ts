/**
 * Statement import: a parsed OFX/CSV file becomes bank movements of one bank account, de-duplicated across
 * imports, then reconciled (services/reconciliation.ts).
 *
 * Balances. `current_balance` is the bank's money: the ledger's entries (a paid payable, a manual entry, an
 * expense, a transfer) plus the statement movements that no entry accounts for yet. A movement that reconciles
 * with an entry on import was already counted by that entry and changes nothing; one that stays unmatched (a
 * bank fee nobody entered, a PIX from an unknown payer) moves the balance, because the bank moved the money;
 * when a later import reconciles it with an entry recorded since, its amount comes off again, so nothing is
 * ever counted twice.
 */
import { monotonicFactory } from 'ulid';
import { centsToDecimal } from '../../domain/money.js';
import type { Issue, ParsedStatementFile, Statement } from '../../formats/statement/index.js';
import type { BankAccount, Condominium, StatementImport, StatementMovement } from '../model.js';
import { settleByBankCredit } from './invoices.js';
import { reconcileMovements } from './reconciliation.js';

const newId = monotonicFactory();

/** Unmatched transactions listed in one import's answer (the count is always complete). */
export const UNMATCHED_LISTED = 500;
/** Warnings listed in one import's answer. */
const WARNINGS_LISTED = 50;

const digits = (text: string | null | undefined) => (text ?? '').replace(/\D/g, '');
const noLeadingZeros = (text: string) => text.replace(/^0+(?=\d)/, '');

/**
 * Whether a statement's bank id names this account's bank: compared as a bank code (digits, leading zeros
 * dropped: `0341`, `341` and `341` are Itaú). A bank id without digits, or longer than a bank code (a US routing
 * number), does not match. Null when the statement names no bank.
 */
export function bankMatches(account: BankAccount, bankId: string | null): boolean | null {
  if (bankId === null || bankId.trim() === '') return null;
  const given = digits(bankId);
  if (given === '') return false;
  const code = noLeadingZeros(given);
  return code.length <= 3 && code === noLeadingZeros(digits(account.bank_code));
}

/**
 * Whether a statement's account id names this account, tolerant of how banks write it: digits only, leading
 * zeros dropped, with or without the check digit, with or without the agency in front (`12345-6`, `123456`,
 * `0350123456`, `0350/12345-6`, `000012345` all name agency 0350 account 12345-6). Null when the statement
 * names no account.
 */
export function accountMatches(account: BankAccount, accountId: string | null): boolean | null {
  if (accountId === null || accountId.trim() === '') return null;
  const given = noLeadingZeros(digits(accountId));
  if (given === '') return false;
  const full = digits(account.account_number);
  const dash = account.account_number.lastIndexOf('-');
  const base = dash > 0 ? digits(account.account_number.slice(0, dash)) : full;
  const agency = digits(account.agency);
  const forms = new Set(
    [full, base, agency + full, agency + base].filter((f) => f !== '').map(noLeadingZeros),
  );
  return forms.has(given);
}

/** Why each statement of the file is not this account's (empty when all are, or say nothing). */
export function accountMismatches(account: BankAccount, statements: Statement[]): Issue[] {
  const issues: Issue[] = [];
  for (const s of statements) {
    if (bankMatches(account, s.bankId) === false) {
      issues.push({
        line: s.line,
        message: `the statement is for bank ${s.bankId}, this account is at bank ${account.bank_code}`,
      });
    }
    if (accountMatches(account, s.accountId) === false) {
      issues.push({
        line: s.line,
        message: `the statement is for account ${s.accountId}, this account is ${account.agency} ${account.account_number}`,
      });
    }
  }
  return issues;
}

export interface ImportInput {
  parsed: ParsedStatementFile;
  format: 'ofx' | 'csv';
  fileName: string | null;
  sha256: string;
  forced: boolean;
}

export interface UnmatchedTransaction {
  movement_id: string;
  line: number;
  date: string;
  /** decimal reais, credits positive */
  amount: number;
  memo: string | null;
  name: string | null;
  fitid: string | null;
  document_number: string | null;
}

/**
 * The import's answer (and the `data` of its `bank.statement.imported` event): the stored record (its id as
 * `statement_id`) plus what only the answer carries.
 */
export interface StatementImportSummary extends Omit<StatementImport, 'id'> {
  statement_id: string;
  /** the file's movements that an earlier import had already reconciled */
  already_reconciled: number;
  unmatched_transactions: UnmatchedTransaction[];
  /** true when more unmatched transactions exist than are listed */
  unmatched_truncated: boolean;
  warnings: Issue[];
}

function periodOf(statements: Statement[]): { start: string | null; end: string | null } {
  let start: string | null = null;
  let end: string | null = null;
  for (const s of statements) {
    const a = s.startDate ?? s.firstDate;
    const b = s.endDate ?? s.lastDate;
    if (a !== null && (start === null || a < start)) start = a;
    if (b !== null && (end === null || b > end)) end = b;
  }
  return { start, end };
}

/**
 * Records the file's transactions as movements of the account (skipping those already recorded), reconciles
 * the new ones and the file's earlier ones still open, moves the balance as the note at the top says, and
 * stores the import.
 */
export function importStatement(
  condo: Condominium,
  account: BankAccount,
  input: ImportInput,
  now: Date,
  nextEntryId: () => number,
): StatementImportSummary {
  const at = now.toISOString();
  const statementId = newId();
  const known = new Map<string, StatementMovement>();
  for (const m of condo.statement_movements) {
    if (m.bank_account_id === account.id) known.set(m.dedup_key, m);
  }
  /** the file's movements, each with the line of this file that named it first */
  const touched = new Map<StatementMovement, number>();
  const fresh: StatementMovement[] = [];
  let transactions = 0;
  let duplicates = 0;
  for (const statement of input.parsed.statements) {
    for (const t of statement.transactions) {
      transactions++;
      const existing = known.get(t.id);
      if (existing) {
        duplicates++;
        if (!touched.has(existing)) touched.set(existing, t.line);
        continue;
      }
      const movement: StatementMovement = {
        id: newId(),
        bank_account_id: account.id,
        statement_id: statementId,
        fitid: t.fitid,
        dedup_key: t.id,
        date: t.date,
        amount_cents: t.amountCents,
        type: t.type,
        memo: t.memo,
        name: t.name,
        document_number: t.checkNumber,
        line: t.line,
        match: null,
        reconciled: false,
        reconciled_at: null,
        created_at: at,
      };
      known.set(t.id, movement);
      touched.set(movement, t.line);
      fresh.push(movement);
    }
  }
  const alreadyReconciled = [...touched.keys()].filter((m) => m.reconciled).length;
  condo.statement_movements.push(...fresh);
  const open = [...touched.keys()].filter((m) => !m.reconciled);
  const countedBefore = new Set(open.filter((m) => !fresh.includes(m)));
  const reconciled = reconcileMovements(condo, account.id, open, now);
  // A credit that paid an issued invoice settles it: the revenue entry is recorded here, already reconciled.
  for (const m of reconciled) {
    if (m.match?.kind !== 'invoice') continue;
    const invoiceId = m.match.invoice_id;
    const inv = condo.invoices.find((i) => i.public_id === invoiceId);
    if (inv?.state === 'issued') {
      settleByBankCredit(condo, inv, { date: m.date, bankAccountId: account.id, nextEntryId, now });
    }
  }
  for (const m of open) {
    if (!m.reconciled && !countedBefore.has(m)) account.current_balance_cents += m.amount_cents;
    if (m.reconciled && countedBefore.has(m)) account.current_balance_cents -= m.amount_cents;
  }
  const unmatched = [...touched.entries()]
    .filter(([m]) => !m.reconciled)
    .sort(([a, la], [b, lb]) => a.date.localeCompare(b.date) || la - lb);
  const first = input.parsed.statements[0];
  const period = periodOf(input.parsed.statements);
  const record: StatementImport = {
    id: statementId,
    bank_account_id: account.id,
    format: input.format,
    file_name: input.fileName,
    file_sha256: input.sha256,
    bank_id: first?.bankId ?? null,
    account_id: first?.accountId ?? null,
    forced: input.forced,
    period,
    transactions,
    imported: fresh.length,
    duplicates,
    reconciled: reconciled.length,
    unmatched: unmatched.length,
    imported_at: at,
  };
  condo.statement_imports.push(record);
  const { id, ...stored } = record;
  return {
    statement_id: id,
    ...stored,
    already_reconciled: alreadyReconciled,
    unmatched_transactions: unmatched.slice(0, UNMATCHED_LISTED).map(([m, line]) => ({
      movement_id: m.id,
      line,
      date: m.date,
      amount: centsToDecimal(m.amount_cents),
      memo: m.memo,
      name: m.name,
      fitid: m.fitid,
      document_number: m.document_number,
    })),
    unmatched_truncated: unmatched.length > UNMATCHED_LISTED,
    warnings: input.parsed.warnings.slice(0, WARNINGS_LISTED).map(({ line, message }) => ({ line, message })),
  };
}
