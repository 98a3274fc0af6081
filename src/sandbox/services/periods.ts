/**
 * Financial periods (competências): one per month. The current month (in America/Sao_Paulo) is open, the
 * twelve before it are seeded closed, and as the clock moves on the months left behind are closed.
 */
import { addMonthsClamped, type IsoDate, monthOf, todayIn } from '../../domain/dates.js';
import type { Tx } from '../db/tx.js';
import type { FinancialPeriod } from '../model.js';
import { domainRule } from './errors.js';

export const CLOSED_HISTORY_MONTHS = 12;

/** The months a condominium must have on `today`: the current one and the twelve before it. */
function wantedMonths(today: IsoDate): string[] {
  const current = monthOf(today);
  const months: string[] = [];
  for (let i = CLOSED_HISTORY_MONTHS; i >= 0; i--)
    months.push(monthOf(addMonthsClamped(`${current}-01`, -i)));
  return months;
}

/** The periods list of the seed: every wanted month, earlier ones closed. */
export function seededPeriods(today: IsoDate): FinancialPeriod[] {
  const current = monthOf(today);
  return wantedMonths(today).map((period) => ({ period, state: period < current ? 'closed' : 'open' }));
}

/** Makes sure the current month exists and is open and every earlier month is closed. */
export function rollPeriods(tx: Tx, today: IsoDate): void {
  const current = monthOf(today);
  for (const period of wantedMonths(today)) {
    if (!tx.periods.get(period)) tx.periods.insert({ period, state: 'open' });
  }
  for (const p of tx.periods.find(tx.periods.where().lt('period', current).eq('state', 'open')))
    p.state = 'closed';
}

/** The state of the period a date falls in; months after the current one are open (not yet closed). */
export function periodStateOf(tx: Tx, date: IsoDate, today: IsoDate): FinancialPeriod['state'] {
  const month = monthOf(date);
  const found = tx.periods.get(month);
  if (found) return found.state;
  return month >= monthOf(today) ? 'open' : 'closed';
}

/** 422 period_closed when `date` falls in a closed period; `field` names the body field that carries it. */
export function refuseClosedPeriod(tx: Tx, date: IsoDate, field: string, now: Date): void {
  if (periodStateOf(tx, date, todayIn(now)) === 'closed') {
    throw domainRule(
      'period_closed',
      `the financial period ${monthOf(date)} is closed`,
      { [field]: [`falls in the closed period ${monthOf(date)}`] },
      { params: { period: monthOf(date) } },
    );
  }
}
