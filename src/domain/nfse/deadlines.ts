/**
 * When a withholding and its obligations are due (#55), by the rules file's `due` and `obligations` and the bank
 * business-day calendar condo keeps (national holidays, 20 November since 2024). A day that is not a business day
 * moves earlier (a payment: INSS on the 20th, the federal ones on the second decêndio's last business day) or later
 * (a declaration: EFD-Reinf and DCTFWeb on the 15th), as each rule says.
 */

import { notBusinessDay } from '../business-days.js';
import { addDays, daysInMonth, type IsoDate } from '../dates.js';
import { type DueRule, NFSE_RULES, type ObligationRule } from './rules.js';

/** The month after `date`'s, as YYYY-MM. */
export function monthAfter(date: IsoDate): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** `day` of `month` (YYYY-MM), moved to a business day the way the rule says. */
export function onBusinessDay(month: string, day: number, move: 'earlier' | 'later'): IsoDate {
  let d = `${month}-${String(day).padStart(2, '0')}`;
  while (notBusinessDay(d)) d = addDays(d, move === 'earlier' ? -1 : 1);
  return d;
}

/** The date a due rule gives, from the month it counts from (the issue's or the payment's). */
export function dueOn(rule: DueRule | ObligationRule, from: IsoDate): IsoDate {
  const month = monthAfter(from);
  // the second decêndio is days 11 to 20: its last business day is the 20th, or the business day before it
  if (rule.day === 'second_decendio_last_business_day') return onBusinessDay(month, 20, 'earlier');
  if (rule.day === 'last_business_day') {
    const [year = 0, m = 0] = month.split('-').map(Number);
    return onBusinessDay(month, daysInMonth(year, m), 'earlier');
  }
  return onBusinessDay(month, rule.day, rule.not_business_day);
}

/** What a withholding's due date counts from: the invoice's issue, or the payment to the supplier. */
export interface DueFrom {
  issue: IsoDate;
  /** the supplier's payment (its payable's due date); unknown: the issue's month is assumed */
  payment?: IsoDate | null;
}

export interface DueDate {
  tax: 'inss' | 'pcc' | 'irrf';
  date: IsoDate;
  rule: string;
}

/** The month a withholding counts in (YYYY-MM), by its rule: the issue's (INSS) or the payment's (the others). */
export function withholdingMonth(rule: DueRule, from: DueFrom): string {
  return (rule.month_after === 'issue' ? from.issue : (from.payment ?? from.issue)).slice(0, 7);
}

/** The rule that says when a tax is due. */
export function dueRuleOf(tax: DueRule['tax']): DueRule {
  const rule = NFSE_RULES.due.find((d) => d.tax === tax);
  if (!rule) throw new Error(`the rules file has no due rule for ${tax}`);
  return rule;
}

/** The due date of each tax withheld, by its rule. */
export function withholdingDue(taxes: readonly ('inss' | 'pcc' | 'irrf')[], from: DueFrom): DueDate[] {
  return NFSE_RULES.due
    .filter((r) => taxes.includes(r.tax))
    .map((r) => ({ tax: r.tax, date: dueOn(r, `${withholdingMonth(r, from)}-01`), rule: r.id }));
}

export interface ObligationDue {
  id: string;
  name: string;
  /** the month it declares, YYYY-MM */
  month: string;
  date: IsoDate;
  citation: string;
}

/** The declarations a month's withholdings call for (EFD-Reinf, DCTFWeb), due the month after. */
export function obligationsOf(month: string, taxes: readonly string[]): ObligationDue[] {
  return NFSE_RULES.obligations
    .filter((o) => o.taxes.some((t) => taxes.includes(t)))
    .map((o) => ({
      id: o.id,
      name: o.name,
      month,
      date: dueOn(o, `${month}-01`),
      citation: o.citation,
    }));
}
