/**
 * Expenses (despesas). An expense with `paid_at` is settled when created: its ledger entry (source `expense`)
 * is recorded in the period of `paid_at` on its bank account (the payment account when none is given), whose
 * balance drops by amount + fine + interest - discount. A closed period refuses it (422 `period_closed`).
 * Installments are N linked, unsettled expenses splitting a total exactly in cents.
 */

import type { IsoDate } from '../../domain/dates.js';
import { installmentDueDate, splitIntoInstallments } from '../../domain/installments.js';
import { decimalToCents } from '../../domain/money.js';
import type { ExpenseCreate, ExpenseInstallmentsCreate } from '../../domain/request-bodies.js';
import { newUlid } from '../../domain/ulids.js';
import type { Tx } from '../db/tx.js';
import type { PageOf, PageRequest } from '../db/where.js';
import type { BankAccount, Expense } from '../model.js';
import { recordEntry } from './entries.js';
import { validationFailed } from './errors.js';
import { paymentAccountOf, referenceErrors } from './lookups.js';
import { refuseClosedPeriod } from './periods.js';

export interface ExpenseFilters {
  supplier_id?: number | undefined;
  chart_of_accounts_id?: number | undefined;
  bank_account_id?: number | undefined;
  paid_from?: IsoDate | undefined;
  paid_to?: IsoDate | undefined;
  due_from?: IsoDate | undefined;
  due_to?: IsoDate | undefined;
  /** true: only settled (with paid_at); false: only unsettled */
  paid?: boolean | undefined;
}

export function listExpenses(tx: Tx, f: ExpenseFilters, page: PageRequest): PageOf<Expense> {
  // a paid_at range only matches settled expenses (NULL never compares true)
  const w = tx.expenses
    .where()
    .eq('supplier_id', f.supplier_id)
    .eq('chart_of_accounts_id', f.chart_of_accounts_id)
    .eq('bank_account_id', f.bank_account_id)
    .gte('paid_at', f.paid_from)
    .lte('paid_at', f.paid_to)
    .gte('due_at', f.due_from)
    .lte('due_at', f.due_to);
  if (f.paid === true) w.ne('paid_at', null);
  if (f.paid === false) w.eq('paid_at', null);
  return tx.expenses.page(w, ['due_at', 'id'], page);
}

const cents = (v: number | null | undefined) => (v == null ? null : decimalToCents(v));

/** What a settled expense takes out of the account: amount + fine + interest - discount. */
export function expensePaidCents(e: Expense): number {
  return (
    e.amount_cents +
    (e.fine_amount_cents ?? 0) +
    (e.interest_amount_cents ?? 0) -
    (e.discount_amount_cents ?? 0)
  );
}

export function createExpense(tx: Tx, body: ExpenseCreate, now: Date): Expense {
  const fields = referenceErrors(tx, body);
  const paidAt = body.paid_at ?? null;
  let account: BankAccount | undefined;
  if (paidAt !== null && !fields.bank_account_id) {
    account = body.bank_account_id != null ? tx.bankAccounts.get(body.bank_account_id) : paymentAccountOf(tx);
    if (!account) fields.bank_account_id = ['is required for a paid expense (there is no payment account)'];
  }
  const draft: Omit<Expense, 'id' | 'entry_id'> = {
    supplier_id: body.supplier_id ?? null,
    chart_of_accounts_id: body.chart_of_accounts_id,
    bank_account_id: account?.id ?? body.bank_account_id ?? null,
    amount_cents: decimalToCents(body.amount),
    fine_amount_cents: cents(body.fine_amount),
    interest_amount_cents: cents(body.interest_amount),
    discount_amount_cents: cents(body.discount_amount),
    description: body.description,
    payee: body.payee ?? null,
    document_number: body.document_number ?? null,
    payment_method: body.payment_method ?? null,
    notes: body.notes ?? null,
    due_at: body.due_at,
    paid_at: paidAt,
    installment: null,
    created_at: now.toISOString(),
  };
  const paid = expensePaidCents({ ...draft, id: 0, entry_id: null });
  if (paid <= 0) fields.discount_amount = ['must be less than amount + fine_amount + interest_amount'];
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  if (paidAt !== null) refuseClosedPeriod(tx, paidAt, 'paid_at', now);

  const expense: Expense = { ...draft, id: tx.nextId('expenses'), entry_id: null };
  if (paidAt !== null && account) {
    const supplier = expense.supplier_id === null ? undefined : tx.suppliers.get(expense.supplier_id);
    const entry = recordEntry(tx, now, {
      type: 'expense',
      chart_of_accounts_id: expense.chart_of_accounts_id,
      bank_account_id: account.id,
      unit_id: null,
      supplier_id: expense.supplier_id,
      amount_cents: paid,
      description: expense.description,
      payee: expense.payee ?? supplier?.name ?? null,
      document_number: expense.document_number,
      payment_method: expense.payment_method,
      due_at: expense.due_at,
      paid_at: paidAt,
      source: 'expense',
      transfer_id: null,
      reconciled: false,
    });
    expense.entry_id = entry.id;
  }
  return tx.expenses.insert(expense);
}

export function createInstallments(tx: Tx, body: ExpenseInstallmentsCreate, now: Date): Expense[] {
  const fields = referenceErrors(tx, body);
  const total = decimalToCents(body.total_amount);
  if (total < body.count) fields.total_amount = [`must be at least 0.01 per installment (${body.count})`];
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  const amounts = splitIntoInstallments(total, body.count);
  const dues = amounts.map((_, i) => installmentDueDate(body.first_due_at, i, body.monthly_interval_days));
  const groupId = newUlid(now.getTime());
  const created = amounts.map(
    (amount, i): Expense => ({
      id: tx.nextId('expenses'),
      supplier_id: body.supplier_id ?? null,
      chart_of_accounts_id: body.chart_of_accounts_id,
      bank_account_id: body.bank_account_id ?? null,
      amount_cents: amount,
      fine_amount_cents: null,
      interest_amount_cents: null,
      discount_amount_cents: null,
      description: `${body.description} (${i + 1}/${body.count})`,
      payee: null,
      document_number: null,
      payment_method: body.payment_method ?? null,
      notes: null,
      due_at: dues[i] as IsoDate,
      paid_at: null,
      installment: { group_id: groupId, number: i + 1, count: body.count },
      entry_id: null,
      created_at: now.toISOString(),
    }),
  );
  return created.map((e) => tx.expenses.insert(e));
}
