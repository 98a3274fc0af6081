/**
 * Statement import: a parsed OFX/CSV file becomes bank movements of one bank account, de-duplicated across
 * imports, then reconciled (services/reconciliation.ts).
 *
 * A file may hold hundreds of thousands of transactions, so the import runs in three steps: `beginImport`
 * records the import as `loading`; `recordLines` writes its transactions a chunk per transaction, the server
 * answering other requests between chunks; `finishImport`, in the request's last transaction, reconciles,
 * moves the balance and marks the import `done`. Until then nothing of it is read: a crash leaves a loading
 * import, which the next start deletes whole.
 *
 * Balances. `current_balance` is the bank's money: the ledger's entries (a paid payable, a manual entry, an
 * expense, a transfer) plus the statement movements that no entry accounts for yet. A movement that reconciles
 * with an entry on import was already counted by that entry and changes nothing; one that stays unmatched (a
 * bank fee nobody entered, a PIX from an unknown payer) moves the balance, because the bank moved the money;
 * when a later import reconciles it with an entry recorded since, its amount comes off again, so nothing is
 * ever counted twice.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { accountMatches, bankMatches } from '../../domain/bank-accounts.js';
import { monotonicUlids } from '../../domain/ulids.js';
import { statementFinding } from '../../formats/statement/findings.js';
import type { Issue, ParsedStatementFile, Statement, Transaction } from '../../formats/statement/index.js';
import type { Tx } from '../db/tx.js';
import type { BankAccount, StatementImport, StatementMovement } from '../model.js';
import type { SandboxStore } from '../store.js';
import { DomainError, issueOf } from './errors.js';
import { settleByBankCredit } from './invoices.js';
import { openItems, reconcileMovements } from './reconciliation.js';

const newId = monotonicUlids();

/** Unmatched transactions listed in one import's answer (the count is always complete). */
export const UNMATCHED_LISTED = 500;
/** Warnings listed in one import's answer. */
const WARNINGS_LISTED = 50;

/** Why each statement of the file is not this account's (empty when all are, or say nothing). */
export function accountMismatches(account: BankAccount, statements: Statement[]): Issue[] {
  const issues: Issue[] = [];
  for (const s of statements) {
    if (bankMatches(account, s.bankId) === false) {
      issues.push(
        issueOf(
          s.line,
          statementFinding('account.other-bank', { bank: String(s.bankId), account_bank: account.bank_code }),
        ),
      );
    }
    if (accountMatches(account, s.accountId) === false) {
      issues.push(
        issueOf(
          s.line,
          statementFinding('account.other-account', {
            account: String(s.accountId),
            agency: account.agency,
            number: account.account_number,
          }),
        ),
      );
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
  /** integer cents, credits positive (as every `_cents` field of the answer) */
  amount_cents: number;
  memo: string | null;
  name: string | null;
  fitid: string | null;
  document_number: string | null;
}

/**
 * The import's answer (and the `data` of its `bank.statement.imported` event): the stored record (its id as
 * `statement_id`) plus what only the answer carries.
 */
export interface StatementImportSummary extends Omit<StatementImport, 'id' | 'status'> {
  statement_id: string;
  /** the file's movements that an earlier import had already reconciled */
  already_reconciled: number;
  unmatched_transactions: UnmatchedTransaction[];
  /** true when more unmatched transactions exist than are listed */
  unmatched_truncated: boolean;
  /** the balances the file wrote as lines (date null when the bank wrote none) */
  balances: { line: number; date: string | null; amount_cents: number | null; memo: string }[];
  /** the entries dated after the statement's end or the import's day */
  scheduled_transactions: Omit<UnmatchedTransaction, 'movement_id' | 'document_number'>[];
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

/** What the chunks wrote so far. */
export interface ImportProgress {
  /** movements written (new or duplicates) */
  transactions: number;
  /** scheduled entries kept apart */
  scheduled: number;
  /** new movements (the rest are duplicates of recorded ones) */
  fresh: number;
  /** the new movements' total, cents */
  freshCents: number;
}

/** Records the import as loading; 409 while another import of the same account is still loading. */
export function beginImport(tx: Tx, account: BankAccount, input: ImportInput, now: Date): StatementImport {
  if (
    tx.statementImports.count(
      tx.statementImports.where().eq('bank_account_id', account.id).eq('status', 'loading'),
    ) > 0
  ) {
    throw new DomainError(
      'conflict',
      'import_in_progress',
      `another statement import of bank account ${account.id} is still running; retry when it ends`,
      undefined,
      { params: { bank_account_id: account.id } },
      5,
    );
  }
  const first = input.parsed.statements[0];
  return tx.statementImports.insert({
    id: newId(),
    status: 'loading',
    bank_account_id: account.id,
    format: input.format,
    file_name: input.fileName,
    file_sha256: input.sha256,
    bank_id: first?.bankId ?? null,
    account_id: first?.accountId ?? null,
    forced: input.forced,
    period: periodOf(input.parsed.statements),
    transactions: 0,
    imported: 0,
    duplicates: 0,
    balance_lines: 0,
    scheduled: 0,
    reconciled: 0,
    unmatched: 0,
    imported_at: now.toISOString(),
  });
}

/** Transactions written per write transaction (a chunk also ends after CHUNK_MS). */
export const CHUNK_ROWS = 2_000;
const CHUNK_MS = 4;

/**
 * Writes the file's transactions, a chunk per transaction, yielding to the event loop between chunks so the
 * server keeps answering. Each transaction is a line of the import, pointing at its movement: a new one, or
 * the one an earlier import (or an earlier line of this file) recorded with the same de-duplication key.
 */
export async function recordLines(
  store: SandboxStore,
  imp: StatementImport,
  transactions: Iterable<Transaction>,
  now: Date,
): Promise<ImportProgress> {
  const progress: ImportProgress = { transactions: 0, scheduled: 0, fresh: 0, freshCents: 0 };
  const at = now.toISOString();
  const iterator = transactions[Symbol.iterator]();
  let done = false;
  let chunks = 0;
  // the log is copied into the database on another thread meanwhile (store.ts, db/checkpoints.ts)
  store.pauseCheckpoints();
  try {
    while (!done) {
      // not fsync'd: a crash deletes a loading import whole; finishImport's commit makes these lines durable
      store.writeUnsynced(null, (tx) => {
        const known = tx.prepare(
          'SELECT id, statement_id FROM statement_movements WHERE bank_account_id = ? AND dedup_key = ?',
        );
        const insertMovement = tx.prepare(
          `INSERT INTO statement_movements (condominium, id, bank_account_id, statement_id, fitid, dedup_key, date,
           amount_cents, type, memo, name, document_number, line, reconciled, created_at)
         SELECT condominium, ?, bank_account_id, id, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ? FROM statement_imports WHERE id = ?`,
        );
        const insertLine = tx.prepare(
          'INSERT INTO statement_lines (statement_id, ordinal, line, movement_id, earlier) VALUES (?, ?, ?, ?, ?)',
        );
        const insertScheduled = tx.prepare(
          `INSERT INTO statement_other_lines (statement_id, ordinal, line, kind, date, amount_cents, memo, name, fitid)
           VALUES (?, ?, ?, 'scheduled', ?, ?, ?, ?, ?)`,
        );
        const started = performance.now();
        for (let n = 0; n < CHUNK_ROWS && (n % 50 !== 0 || performance.now() - started < CHUNK_MS); n++) {
          const next = iterator.next();
          if (next.done) {
            done = true;
            return;
          }
          const t = next.value;
          if (t.kind === 'scheduled') {
            // it has not happened: kept to be shown, out of the de-duplication set and of reconciliation
            insertScheduled.run(
              imp.id,
              progress.scheduled,
              t.line,
              t.date,
              t.amountCents,
              t.memo,
              t.name,
              t.fitid,
            );
            progress.scheduled++;
            continue;
          }
          const existing = known.get(imp.bank_account_id, t.key) as
            | { id: string; statement_id: string }
            | undefined;
          let movementId = existing?.id;
          if (!movementId) {
            movementId = newId();
            insertMovement.run(
              movementId,
              t.fitid,
              t.key,
              t.date,
              t.amountCents,
              t.type,
              t.memo,
              t.name,
              t.checkNumber,
              t.line,
              at,
              imp.id,
            );
            progress.fresh++;
            progress.freshCents += t.amountCents;
          }
          const earlier = existing !== undefined && existing.statement_id !== imp.id;
          insertLine.run(imp.id, progress.transactions, t.line, movementId, earlier ? 1 : 0);
          progress.transactions++;
        }
      });
      if (done) break;
      // every 8 chunks (at most 16,000 lines): the log copied before it grows big
      if (++chunks % 8 === 0) void store.checkpointInBackground();
      await nextTurn();
    }
  } finally {
    await store.resumeCheckpoints();
  }
  return progress;
}

/** Deletes an import that will not finish (the request failed); a crash's leftovers go at the next start. */
export function discardImport(tx: Tx, importId: string): void {
  tx.prepare('DELETE FROM statement_lines WHERE statement_id = ?').run(importId);
  tx.prepare('DELETE FROM statement_other_lines WHERE statement_id = ?').run(importId);
  tx.prepare('DELETE FROM statement_movements WHERE statement_id = ?').run(importId);
  tx.prepare('DELETE FROM statement_imports WHERE id = ?').run(importId);
}

type ListedRow = StatementMovement & { first_line: number };

/**
 * The import's last, small transaction: reconciles the movements this file named that are still open (the
 * new ones and earlier ones), moves the balance as the note at the top says, settles the invoices paid, and
 * marks the import done. It reads the open items and only the movements whose amount matches one.
 */
export function finishImport(
  tx: Tx,
  importId: string,
  progress: ImportProgress,
  input: ImportInput,
  now: Date,
): StatementImportSummary {
  const imp = tx.statementImports.get(importId);
  if (imp?.status !== 'loading') throw new Error(`statement import ${importId} is not loading`);
  const account = tx.bankAccounts.get(imp.bank_account_id);
  if (!account) throw new Error(`bank account ${imp.bank_account_id} vanished during an import`);
  const earlierLines =
    'id IN (SELECT movement_id FROM statement_lines WHERE statement_id = ? AND earlier = 1)';
  const alreadyReconciled = tx.movements.count(
    tx.movements.where().sql(earlierLines, imp.id).eq('reconciled', true),
  );

  const items = openItems(tx, account.id);
  const amounts = JSON.stringify([...items.keys()]);
  const amountMatches = 'amount_cents IN (SELECT value FROM json_each(?))';
  const candidates = [
    ...tx.movements.find(tx.movements.where().eq('statement_id', imp.id).sql(amountMatches, amounts)),
    ...tx.movements.find(
      tx.movements.where().sql(earlierLines, imp.id).eq('reconciled', false).sql(amountMatches, amounts),
    ),
  ];
  const reconciled = reconcileMovements(items, account.id, candidates, now);
  // A credit that paid an issued invoice settles it: the revenue entry is recorded here, already reconciled.
  for (const m of reconciled) {
    if (m.match_invoice_id === null) continue;
    const inv = tx.invoices.get(m.match_invoice_id);
    if (inv?.state === 'issued')
      settleByBankCredit(tx, inv, { date: m.date, bankAccountId: account.id, now });
  }
  let balance = progress.freshCents;
  for (const m of reconciled) balance -= m.amount_cents; // counted by its entry (new), or counted before (earlier)
  account.current_balance_cents += balance;

  // the balances the file wrote as lines: the statement's, never movements (the first of each statement kept)
  const insertBalance = tx.prepare(
    `INSERT INTO statement_other_lines (statement_id, ordinal, line, kind, date, amount_cents, memo)
     VALUES (?, ?, ?, 'balance', ?, ?, ?)`,
  );
  let balanceLines = 0;
  let ordinal = progress.scheduled;
  for (const s of input.parsed.statements) {
    balanceLines += s.balanceCount;
    for (const b of s.balanceLines)
      insertBalance.run(imp.id, ordinal++, b.line, b.date, b.amountCents, b.memo);
  }
  imp.status = 'done';
  imp.transactions = progress.transactions + progress.scheduled + balanceLines;
  imp.imported = progress.fresh;
  imp.duplicates = progress.transactions - progress.fresh;
  imp.balance_lines = balanceLines;
  imp.scheduled = progress.scheduled;
  imp.reconciled = reconciled.length;
  // what is still open of its lines, as a later look at the import counts it (the reconciliations above in)
  imp.unmatched = unmatchedNow(tx, imp);
  tx.flush();

  return {
    ...statementRecord(imp),
    already_reconciled: alreadyReconciled,
    ...unmatchedOf(tx, imp),
    ...otherLinesOf(tx, imp),
    warnings: input.parsed.warnings.slice(0, WARNINGS_LISTED).map(({ line, message }) => ({ line, message })),
  };
}

/** A finished import as the API shows it (its id as `statement_id`). */
export function statementRecord(
  imp: StatementImport,
): Omit<
  StatementImportSummary,
  | 'already_reconciled'
  | 'unmatched_transactions'
  | 'unmatched_truncated'
  | 'balances'
  | 'scheduled_transactions'
  | 'warnings'
> {
  const { id, status: _status, ...stored } = imp;
  return { statement_id: id, ...stored, period: { ...stored.period } };
}

// An import's movements still unreconciled, counted (unmatchedNow) and listed (unmatchedOf) by the same words: the
// movements new in it, and those it saw again (`m`, by its lines `l`); each takes the import's id
const OPEN_NEW = 'FROM statement_movements WHERE statement_id = ? AND reconciled = 0';
const OPEN_SEEN_AGAIN = `FROM statement_lines l JOIN statement_movements m ON m.id = l.movement_id
  WHERE l.statement_id = ? AND l.earlier = 1 AND m.reconciled = 0`;

/**
 * How many of an import's movements (new in it, or seen again in it) are still unreconciled now: its `unmatched` as
 * a later look at it says it (at the import, the same figure), so a list and a detail never disagree.
 */
export function unmatchedNow(tx: Tx, imp: StatementImport): number {
  const row = tx
    .prepare(`SELECT (SELECT count(*) ${OPEN_NEW}) + (SELECT count(DISTINCT m.id) ${OPEN_SEEN_AGAIN}) AS n`)
    .get(imp.id, imp.id) as { n: number };
  return row.n;
}

/**
 * The movements of an import (new in it, or seen again in it) that are still unreconciled now, first lines first,
 * at most UNMATCHED_LISTED of them.
 */
export function unmatchedOf(
  tx: Tx,
  imp: StatementImport,
): Pick<StatementImportSummary, 'unmatched_transactions' | 'unmatched_truncated'> {
  const listed = [
    ...(tx
      .prepare(`SELECT *, line AS first_line ${OPEN_NEW} ORDER BY date, line LIMIT ${UNMATCHED_LISTED + 1}`)
      .all(imp.id) as ListedRow[]),
    ...(tx
      .prepare(
        `SELECT m.*, min(l.line) AS first_line ${OPEN_SEEN_AGAIN}
         GROUP BY m.id ORDER BY m.date, first_line LIMIT ${UNMATCHED_LISTED + 1}`,
      )
      .all(imp.id) as ListedRow[]),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.first_line - b.first_line);
  return {
    unmatched_transactions: listed.slice(0, UNMATCHED_LISTED).map((m) => ({
      movement_id: m.id,
      line: m.first_line,
      date: m.date,
      amount_cents: m.amount_cents,
      memo: m.memo,
      name: m.name,
      fitid: m.fitid,
      document_number: m.document_number,
    })),
    unmatched_truncated: listed.length > UNMATCHED_LISTED,
  };
}

type OtherLine = {
  line: number;
  kind: 'balance' | 'scheduled';
  date: string;
  amount_cents: number | null;
  memo: string | null;
  name: string | null;
  fitid: string | null;
};

/** An import's lines that are not movements: its balances and its scheduled entries, file order, the first 500 each. */
export function otherLinesOf(
  tx: Tx,
  imp: StatementImport,
): Pick<StatementImportSummary, 'balances' | 'scheduled_transactions'> {
  const rows = (kind: OtherLine['kind']) =>
    tx
      .prepare(
        `SELECT * FROM statement_other_lines WHERE statement_id = ? AND kind = ? ORDER BY line, ordinal LIMIT ${UNMATCHED_LISTED}`,
      )
      .all(imp.id, kind) as OtherLine[];
  return {
    balances: rows('balance').map((b) => ({
      line: b.line,
      date: b.date === '' ? null : b.date,
      amount_cents: b.amount_cents,
      memo: b.memo ?? '',
    })),
    scheduled_transactions: rows('scheduled').map((t) => ({
      line: t.line,
      date: t.date,
      amount_cents: t.amount_cents ?? 0,
      memo: t.memo,
      name: t.name,
      fitid: t.fitid,
    })),
  };
}

/** Every transaction of the file, in file order. */
export function* fileTransactions(parsed: ParsedStatementFile): Generator<Transaction> {
  for (const s of parsed.statements) yield* s.transactions;
}
