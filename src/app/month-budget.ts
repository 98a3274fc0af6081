/**
 * Budget against actual (#68 point 4, orçado × realizado): the expense forecast of the budget against what the
 * ledger booked in each line's account, in the month and in the year to the cut-off; and each revenue account of
 * the budget's components, what the month's invoices billed to it against what was received. Pure over what
 * `readMonth` read.
 */

import { centsOf } from '../domain/money.js';
import type { BudgetAgainstActual } from '../domain/month-report.js';
import type { Text } from '../domain/text.js';

/**
 * How far the actual is from the forecast, as a percentage of it ("+16.7%" / "+16,7%"); undefined where nothing
 * was forecast (no percentage of nothing).
 */
export function percentAgainst(actual: number, forecast: number): Text | undefined {
  if (forecast === 0) return undefined;
  const text = `${actual > forecast ? '+' : ''}${(((actual - forecast) / forecast) * 100).toFixed(1)}%`;
  return { en: text, pt: text.replace('.', ',') };
}

/** What the month reads of a budget: its expense lines and its components' revenue accounts. */
export interface MonthBudget {
  source: string;
  expenses: readonly { name: string; account: string; cents: number }[];
  components: readonly { name: string; account: string }[];
}

interface Entry {
  type?: unknown;
  amount?: unknown;
  chart_of_accounts_id?: unknown;
  paid_at?: unknown;
}

interface BilledInvoice {
  state?: unknown;
  subtotal?: unknown;
  items?: readonly { chart_of_accounts_id: number; amount: unknown }[] | null;
}

/**
 * What an invoice billed, by revenue account: its items (the billing run's), or, without them (an invoice made by
 * hand, one of before the run), its subtotal to the budget's first component's account, the quota's.
 */
function billedParts(
  inv: BilledInvoice,
  codeOf: ReadonlyMap<number, string>,
  quotaCode: string | undefined,
): { code: string | undefined; cents: number }[] {
  const items = inv.items ?? [];
  if (items.length > 0)
    return items.map((i) => ({ code: codeOf.get(i.chart_of_accounts_id), cents: centsOf(i.amount) }));
  return [{ code: quotaCode, cents: centsOf(inv.subtotal) }];
}

export function budgetAgainstActual(
  budget: MonthBudget,
  read: {
    month: string;
    cutOff: string;
    entries: readonly Entry[];
    chart: readonly { id: number; code?: unknown }[];
    invoices: readonly BilledInvoice[];
  },
): BudgetAgainstActual {
  const codeOf = new Map(read.chart.map((a) => [a.id, String(a.code ?? '')]));
  const on = (e: Entry) => (typeof e.paid_at === 'string' ? e.paid_at.slice(0, 10) : null);
  const first = `${read.month}-01`;
  const yearFirst = `${read.month.slice(0, 4)}-01-01`;
  const booked = (type: string, code: string, from: string) =>
    read.entries
      .filter((e) => {
        const d = on(e);
        return (
          e.type === type &&
          d !== null &&
          d >= from &&
          d <= read.cutOff &&
          codeOf.get(Number(e.chart_of_accounts_id)) === code
        );
      })
      .reduce((a, e) => a + centsOf(e.amount), 0);
  const monthsOfYear = Number(read.month.slice(5, 7));
  const accounts = [...new Set(budget.components.map((c) => c.account))];
  return {
    source: budget.source,
    expenses: budget.expenses.map((x) => ({
      name: x.name,
      account_code: x.account,
      forecast_cents: x.cents,
      actual_cents: booked('expense', x.account, first),
      year_forecast_cents: x.cents * monthsOfYear,
      year_actual_cents: booked('expense', x.account, yearFirst),
    })),
    revenue: accounts.map((code) => ({
      names: budget.components.filter((c) => c.account === code).map((c) => c.name),
      account_code: code,
      billed_cents: read.invoices
        .filter((inv) => inv.state !== 'canceled')
        .flatMap((inv) => billedParts(inv, codeOf, budget.components[0]?.account))
        .filter((part) => part.code === code)
        .reduce((a, part) => a + part.cents, 0),
      received_cents: booked('revenue', code, first),
    })),
  };
}
