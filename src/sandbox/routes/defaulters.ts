/**
 * Delinquency and indexes (invoices.read): GET /defaulters, a per-unit snapshot on `as_of` (default today in
 * America/Sao_Paulo) filtered by `min_overdue_days` and `min_amount` (decimal reais), sorted by the amount
 * owed, with `meta.totals`; GET /monetary-indexes, and each one's monthly values (an extension, #69).
 */
import type { FastifyInstance } from 'fastify';
import { todayIn } from '../../domain/dates.js';
import { centsToDecimal, decimalToCents } from '../../domain/money.js';
import { AMOUNT_IN_REAIS, MONTH } from '../../domain/operations.js';
import type { SandboxContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { serve } from '../http/operation.js';
import { paginate } from '../http/query.js';
import { readTx } from '../http/transaction.js';
import { type DefaulterRow, defaulters, MONETARY_INDEXES } from '../services/defaulters.js';
import { indexValues } from '../services/index-values.js';

export const defaulterView = (r: DefaulterRow) => ({
  unit_id: r.unit.id,
  unit_label: r.unit.label,
  block: r.unit.block,
  invoices: r.invoices,
  total_outstanding: centsToDecimal(r.total_outstanding_cents),
  oldest_due_date: r.oldest_due_date,
  days_overdue: r.days_overdue,
});

const AMOUNT = new RegExp(AMOUNT_IN_REAIS);

export function defaultersRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  serve(app, 'listDefaulters', async ({ request, query: q }) => {
    const asOf = q.date('as_of') ?? todayIn(ctx.now());
    const minDays = q.integer('min_overdue_days', 0);
    const minAmountText = q.string('min_amount', 20);
    let minAmountCents: number | undefined;
    if (minAmountText !== undefined) {
      if (AMOUNT.test(minAmountText)) minAmountCents = decimalToCents(Number(minAmountText));
      else q.fail('min_amount', 'must be an amount in reais with at most two decimals (e.g. 1500.00)');
    }
    const page = q.page();
    q.done();
    const rows = readTx(ctx, request, (tx) =>
      defaulters(tx, {
        as_of: asOf,
        min_overdue_days: minDays,
        min_amount_cents: minAmountCents,
      }),
    );
    const list = paginate(rows, page);
    return {
      data: list.data.map(defaulterView),
      meta: {
        ...list.meta,
        as_of: asOf,
        totals: {
          units: rows.length,
          invoices: rows.reduce((t, r) => t + r.invoices, 0),
          total_outstanding: centsToDecimal(rows.reduce((t, r) => t + r.total_outstanding_cents, 0)),
        },
      },
    };
  });

  serve(app, 'listMonetaryIndexes', async ({ query: q }) => {
    const page = q.page();
    q.done();
    const list = paginate(MONETARY_INDEXES, page);
    return { ...list, data: list.data.map((i) => ({ ...i })) };
  });

  serve(app, 'listMonetaryIndexValues', async ({ params, query: q }) => {
    const month = new RegExp(MONTH);
    const [from, to] = (['from', 'to'] as const).map((name) => {
      const v = q.string(name, 7);
      if (v !== undefined && !month.test(v)) q.fail(name, 'must be a month YYYY-MM');
      return v;
    });
    if (from && to && to < from) q.fail('to', 'must not be before from');
    const page = q.page();
    q.done();
    const values = indexValues(params.code, todayIn(ctx.now()));
    if (!values) throw notFound('monetary_index');
    const within = values.filter((v) => (!from || v.month >= from) && (!to || v.month <= to));
    return paginate(within, page);
  });
}
