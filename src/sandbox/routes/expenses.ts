/**
 * Expenses (despesas): expenses.read for the list, expenses.write for creating one (settled when it has
 * `paid_at`) or N installments. Filters: `supplier_id`, `chart_of_accounts_id`, `bank_account_id`,
 * `paid_from`/`paid_to` (paid_at; only settled expenses), `due_from`/`due_to`, `paid` (true|false).
 */
import type { FastifyInstance } from 'fastify';
import { centsToDecimal } from '../../domain/money.js';
import type { SandboxContext } from '../http/context.js';
import { serve } from '../http/operation.js';
import { commit, created, readTx } from '../http/transaction.js';
import type { Expense } from '../model.js';
import { createExpense, createInstallments, listExpenses } from '../services/expenses.js';

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

export const expenseView = (e: Expense) => ({
  id: e.id,
  supplier_id: e.supplier_id,
  chart_of_accounts_id: e.chart_of_accounts_id,
  bank_account_id: e.bank_account_id,
  amount: centsToDecimal(e.amount_cents),
  fine_amount: money(e.fine_amount_cents),
  interest_amount: money(e.interest_amount_cents),
  discount_amount: money(e.discount_amount_cents),
  description: e.description,
  payee: e.payee,
  document_number: e.document_number,
  payment_method: e.payment_method,
  notes: e.notes,
  due_at: e.due_at,
  paid_at: e.paid_at,
  installment: e.installment ? { ...e.installment } : null,
  entry_id: e.entry_id,
  created_at: e.created_at,
});

export function expensesRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  serve(app, 'listExpenses', async ({ op, request, query: q }) => {
    const paid = q.dateRange('paid_from', 'paid_to');
    const due = q.dateRange('due_from', 'due_to');
    const settled = q.enum('paid', op.query.paid.enum);
    const filters = {
      supplier_id: q.id('supplier_id'),
      chart_of_accounts_id: q.id('chart_of_accounts_id'),
      bank_account_id: q.id('bank_account_id'),
      paid_from: paid.from,
      paid_to: paid.to,
      due_from: due.from,
      due_to: due.to,
      paid: settled === undefined ? undefined : settled === 'true',
    };
    const page = q.page();
    q.done();
    const list = readTx(ctx, request, (tx) => listExpenses(tx, filters, page));
    return { ...list, data: list.data.map(expenseView) };
  });

  serve(app, 'createExpense', async ({ request, reply, body: input }) => {
    const value = input();
    return commit(ctx, request, reply, (tx) =>
      created({ data: expenseView(createExpense(tx, value, ctx.now())) }),
    );
  });

  serve(app, 'createExpenseInstallments', async ({ request, reply, body: input }) => {
    const value = input();
    return commit(ctx, request, reply, (tx) =>
      created({ data: createInstallments(tx, value, ctx.now()).map(expenseView) }),
    );
  });
}
