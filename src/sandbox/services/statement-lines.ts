/**
 * An entry that accounts for a statement line (#35, a condo extension: `statement_line_id` on an entry, or on an
 * invoice's payment): the line is a movement nobody matched on import, which moved the balance then. The entry is
 * booked reconciled, its own amount comes off the balance again, and once the line's entries add up to it the line
 * is reconciled. A split books one line in parts.
 */
import { centsToDecimal } from '../../domain/money.js';
import type { FieldErrors } from '../../domain/request-bodies.js';
import type { Tx } from '../db/tx.js';
import type { AccountEntry, StatementMovement } from '../model.js';

export interface OpenLine {
  movement: StatementMovement;
  /** cents of the line no entry accounts for yet */
  left: number;
}

/**
 * The statement line an entry says it accounts for: a movement of the same bank account, not reconciled, in the
 * entry's direction, with at least the entry's amount left. What is wrong is said in `fields.statement_line_id`.
 */
export function openStatementLine(
  tx: Tx,
  id: string,
  entry: {
    bankAccountId: number | undefined;
    type: AccountEntry['type'];
    cents: number;
    fields: FieldErrors;
  },
): OpenLine | null {
  const movement = tx.movements.get(id);
  const say = (why: string) => {
    entry.fields.statement_line_id = [why];
    return null;
  };
  if (!movement) return say('is not a statement line of this condominium');
  if (entry.bankAccountId !== undefined && movement.bank_account_id !== entry.bankAccountId)
    return say(
      `is a line of bank account ${movement.bank_account_id}, the entry's is ${entry.bankAccountId}`,
    );
  if (movement.reconciled) return say('is already reconciled');
  const credit = movement.amount_cents > 0;
  if (credit !== (entry.type === 'revenue'))
    return say(`is a ${credit ? 'credit' : 'debit'}: its entry is ${credit ? 'a revenue' : 'an expense'}`);
  const booked = (
    tx
      .prepare(
        'SELECT coalesce(sum(amount_cents), 0) AS booked FROM account_entries WHERE statement_line_id = ?',
      )
      .get(movement.id) as { booked: number }
  ).booked;
  const left = Math.abs(movement.amount_cents) - booked;
  if (entry.cents > left)
    return say(
      `has ${centsToDecimal(left)} left to account for, less than the entry's ${centsToDecimal(entry.cents)}`,
    );
  return { movement, left };
}

/** The entry (already recorded, which moved the balance) accounts for its part of the line. */
export function accountFor(
  tx: Tx,
  line: OpenLine,
  booked: AccountEntry | readonly AccountEntry[],
  now: Date,
): void {
  // an invoice's payment is booked part by part (#67): the line is the parts together
  const entries = Array.isArray(booked) ? booked : [booked as AccountEntry];
  const signed = entries.reduce((a, e) => a + (e.type === 'revenue' ? e.amount_cents : -e.amount_cents), 0);
  const account = tx.bankAccounts.get(line.movement.bank_account_id);
  if (account) account.current_balance_cents -= signed;
  const [first] = entries;
  if (first && Math.abs(signed) === line.left) {
    line.movement.reconciled = true;
    line.movement.reconciled_at = now.toISOString();
    line.movement.match_entry_id = first.id;
  }
}
