/**
 * Automatic reconciliation (conciliação): pairs bank movements with the open items of the same bank account.
 *
 *   - a debit (amount < 0) matches an expense ledger entry not yet reconciled: a manual entry, an expense's,
 *     a transfer's outgoing side, or the entry a paid payable recorded (so a paid payable is matched through
 *     its entry, and the match names the payable);
 *   - a credit matches a revenue entry not yet reconciled, else an issued invoice of the account that the line
 *     names by its own number (#67): the boleto's nosso número as the line's document, or the nosso número or
 *     the PIX txid in its memo or name. An amount alone never settles an invoice: with 24 units of one quota,
 *     unit A's payment would settle unit B's invoice and make B a defaulter; such a line is left for a person;
 *   - the amount must be equal to the cent; the movement's date within ±3 days of the entry's `paid_at` (an
 *     invoice named by its number: any date);
 *   - among several candidates the best pair wins: a document number equal on both sides first (CHECKNUM or
 *     REFNUM vs the entry's `document_number`, compared as digits and letters only), then the nearest date,
 *     then entries before invoices, then the oldest item;
 *   - no item is matched twice: a matched entry gets `reconciled: true`; an invoice already named by a movement
 *     is no longer a candidate.
 *
 * Pairs are chosen over all the movements at once (best pairs first), so one movement cannot take the item that
 * fits another movement better. The caller (services/statements.ts) settles the invoices matched here.
 *
 * The open items of an account are few (what the ledger has not seen on a statement yet), so they are read
 * first; the statement's movements are then read only where their amount matches one of them.
 */
import { daysBetween } from '../../domain/dates.js';
import type { Tx } from '../db/tx.js';
import type { AccountEntry, StatementMovement } from '../model.js';

/** How far a movement's date may be from the item's date, in days. */
export const RECONCILE_DATE_TOLERANCE_DAYS = 3;

interface Candidate {
  kind: 'entry' | 'invoice';
  /** entry id, or an invoice's position for a stable order */
  order: number;
  date: string;
  document: string | null;
  entry?: AccountEntry;
  invoiceId?: string;
  /** an invoice's own numbers: its nosso número (comparable) and its PIX txid */
  numbers?: readonly string[];
}

/** Digits and letters only, upper case, leading zeros dropped: `000.451-8273` and `4518273` are one number. */
export function comparableDocumentNumber(text: string | null | undefined): string | null {
  if (!text) return null;
  const cleaned = text
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/^0+(?=.)/, '');
  return cleaned === '' ? null : cleaned;
}

/** The numbers a statement line says: its document, and each word of its memo and name, comparable. */
function numbersOf(m: StatementMovement): Set<string> {
  const out = new Set<string>();
  const doc = comparableDocumentNumber(m.document_number);
  if (doc) out.add(doc);
  for (const word of `${m.memo ?? ''} ${m.name ?? ''}`.toUpperCase().split(/[^0-9A-Z]+/)) {
    const n = word.length >= 6 ? comparableDocumentNumber(word) : null;
    if (n) out.add(n);
  }
  return out;
}

/** The account's open items by signed amount: expense entries as debits, revenue entries and invoices as credits. */
export type OpenItems = Map<number, Candidate[]>;

export function openItems(tx: Tx, bankAccountId: number): OpenItems {
  const byAmount: OpenItems = new Map();
  const add = (amount: number, c: Candidate) => {
    const list = byAmount.get(amount);
    if (list) list.push(c);
    else byAmount.set(amount, [c]);
  };
  for (const e of tx.entries.find(
    tx.entries.where().eq('bank_account_id', bankAccountId).eq('reconciled', false),
  )) {
    add(e.type === 'expense' ? -e.amount_cents : e.amount_cents, {
      kind: 'entry',
      order: e.id,
      date: e.paid_at,
      document: comparableDocumentNumber(e.document_number),
      entry: e,
    });
  }
  const unclaimed = tx.invoices
    .where()
    .eq('state', 'issued')
    .eq('bank_account_id', bankAccountId)
    .sql(
      'public_id NOT IN (SELECT match_invoice_id FROM statement_movements WHERE match_invoice_id IS NOT NULL)',
    );
  tx.invoices.find(unclaimed, { orderBy: ['created_at', 'public_id'] }).forEach((inv, index) => {
    add(inv.total_cents, {
      kind: 'invoice',
      order: index,
      date: inv.due_date,
      document: null,
      invoiceId: inv.public_id,
      numbers: [
        comparableDocumentNumber(inv.payment?.boleto?.nosso_numero),
        comparableDocumentNumber(inv.payment?.pix?.txid),
      ].filter((n): n is string => n !== null),
    });
  });
  return byAmount;
}

/** Reconciles the unreconciled movements given (all of one bank account); returns those it reconciled. */
export function reconcileMovements(
  items: OpenItems,
  bankAccountId: number,
  movements: StatementMovement[],
  now: Date,
): StatementMovement[] {
  const open = movements.filter((m) => !m.reconciled && m.bank_account_id === bankAccountId);
  if (open.length === 0) return [];

  interface Pair {
    movement: StatementMovement;
    candidate: Candidate;
    documentMatch: boolean;
    distance: number;
  }
  const pairs: Pair[] = [];
  for (const movement of open) {
    const document = comparableDocumentNumber(movement.document_number);
    const said = numbersOf(movement);
    for (const candidate of items.get(movement.amount_cents) ?? []) {
      const distance = Math.abs(daysBetween(candidate.date, movement.date));
      if (candidate.kind === 'invoice') {
        if (!candidate.numbers?.some((n) => said.has(n))) continue;
      } else if (distance > RECONCILE_DATE_TOLERANCE_DAYS) continue;
      pairs.push({
        movement,
        candidate,
        documentMatch: document !== null && document === candidate.document,
        distance,
      });
    }
  }
  pairs.sort(
    (a, b) =>
      Number(b.documentMatch) - Number(a.documentMatch) ||
      a.distance - b.distance ||
      (a.candidate.kind === b.candidate.kind ? 0 : a.candidate.kind === 'entry' ? -1 : 1) ||
      a.candidate.order - b.candidate.order ||
      a.movement.date.localeCompare(b.movement.date) ||
      a.movement.line - b.movement.line,
  );

  const usedMovements = new Set<StatementMovement>();
  const usedCandidates = new Set<Candidate>();
  const at = now.toISOString();
  const reconciled: StatementMovement[] = [];
  for (const p of pairs) {
    if (usedMovements.has(p.movement) || usedCandidates.has(p.candidate)) continue;
    usedMovements.add(p.movement);
    usedCandidates.add(p.candidate);
    const m = p.movement;
    if (p.candidate.entry) {
      p.candidate.entry.reconciled = true;
      m.match_entry_id = p.candidate.entry.id;
      m.match_payable_id = p.candidate.entry.payable_id ?? null;
    } else {
      m.match_invoice_id = p.candidate.invoiceId as string;
    }
    m.reconciled = true;
    m.reconciled_at = at;
    reconciled.push(m);
  }
  return reconciled;
}
