/**
 * Financial periods (competências): one per month. The current month (in America/Sao_Paulo) is open, the
 * twelve before it are seeded closed, and as the clock moves on the months left behind are closed.
 */
import { addMonthsClamped, type IsoDate, monthOf, todayIn } from '../../domain/dates.js';
import { domainRule } from '../http/errors.js';
import type { Condominium, FinancialPeriod } from '../model.js';

export const CLOSED_HISTORY_MONTHS = 12;

/** Makes sure the current month exists and is open and every earlier month is closed. */
export function rollPeriods(condo: Condominium, today: IsoDate): void {
  const current = monthOf(today);
  const wanted = new Set<string>();
  for (let i = CLOSED_HISTORY_MONTHS; i >= 0; i--) wanted.add(monthOf(addMonthsClamped(`${current}-01`, -i)));
  const have = new Map(condo.periods.map((p) => [p.period, p]));
  for (const period of wanted) if (!have.has(period)) condo.periods.push({ period, state: 'open' });
  for (const p of condo.periods) if (p.period < current) p.state = 'closed';
  condo.periods.sort((a, b) => a.period.localeCompare(b.period));
}

/** The state of the period a date falls in; months after the current one are open (not yet closed). */
export function periodStateOf(condo: Condominium, date: IsoDate, today: IsoDate): FinancialPeriod['state'] {
  const month = monthOf(date);
  const found = condo.periods.find((p) => p.period === month);
  if (found) return found.state;
  return month >= monthOf(today) ? 'open' : 'closed';
}

/** 422 period_closed when `date` falls in a closed period; `field` names the body field that carries it. */
export function refuseClosedPeriod(condo: Condominium, date: IsoDate, field: string, now: Date): void {
  if (periodStateOf(condo, date, todayIn(now)) === 'closed') {
    throw domainRule('period_closed', `the financial period ${monthOf(date)} is closed`, {
      [field]: [`falls in the closed period ${monthOf(date)}`],
    });
  }
}
