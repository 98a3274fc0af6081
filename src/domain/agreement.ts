/**
 * An agreement's arithmetic (#70, acordo): an updated debt split into installments so that three sums hold at
 * once. The installments' totals are equal but for one cent (the total split by largest remainder, the cents to the
 * first ones); each column (principal, correction, fine, interest, fees) adds up exactly to the debt's; every
 * installment's parts add up to its total. Splitting each column alone (installments.ts) meets the last two but can
 * put five cents between the first installment and the last: here the columns are rounded against the rows' totals
 * (controlled rounding), each cell within a cent of its column's even share.
 */
import { splitIntoInstallments } from './installments.js';

export const PARTS = ['principal', 'correction', 'fine', 'interest', 'fees'] as const;
export type Part = (typeof PARTS)[number];
export type Parts = Record<Part, number>;

export const zeroParts = (): Parts => ({ principal: 0, correction: 0, fine: 0, interest: 0, fees: 0 });
export const partsTotal = (p: Parts): number => PARTS.reduce((t, k) => t + p[k], 0);

/**
 * `columns` split over `count` installments: row i's total is the i-th part of the whole by largest remainder (the
 * extra cents to the first rows); each column's cells are its floor share or one cent more, the extra cents placed
 * where the rows still lack them (the largest lack first, the earlier row on a tie), which always closes: the rows'
 * lacks differ by at most one and no column has more extra cents than rows (Gale–Ryser).
 */
export function controlledSplit(columns: Parts, count: number): Parts[] {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`count ${count} must be at least 1`);
  const total = partsTotal(columns);
  if (total < 0) throw new RangeError(`a debt of ${total} cents cannot be split`);
  const rowTotals = splitIntoInstallments(total, count);
  const rows = rowTotals.map(() => zeroParts());
  const extra: [Part, number][] = [];
  for (const k of PARTS) {
    const base = Math.floor(columns[k] / count);
    for (const r of rows) r[k] = base;
    extra.push([k, columns[k] - base * count]);
  }
  const lack = rowTotals.map((t, i) => t - partsTotal(rows[i] as Parts));
  // the columns with most extra cents first: each takes the rows that lack most
  for (const [k, cents] of [...extra].sort((a, b) => b[1] - a[1])) {
    const order = lack.map((l, i) => [l, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    for (const [, i] of order.slice(0, cents)) {
      (rows[i] as Parts)[k] += 1;
      lack[i] = (lack[i] as number) - 1;
    }
  }
  if (lack.some((l) => l !== 0)) throw new Error(`controlled rounding did not close: ${lack.join(',')}`);
  return rows;
}

/** One late quota's parts, by its due date: what an entry payment pays, oldest first. */
export interface QuotaParts {
  readonly id: string;
  readonly due_date: string;
  readonly parts: Omit<Parts, 'fees'>;
}

/**
 * What an entry payment of `cents` pays (CC arts. 354 and 355): the oldest quota first and, within a quota, its
 * interest, then its fine, then its correction, then its principal; fees are left to the installments. Refused
 * above the quotas' total.
 */
export function entryPays(quotas: readonly QuotaParts[], cents: number): { paid: Parts; settled: string[] } {
  const paid = zeroParts();
  const settled: string[] = [];
  let left = cents;
  const order: (keyof QuotaParts['parts'])[] = ['interest', 'fine', 'correction', 'principal'];
  for (const q of [...quotas].sort(
    (a, b) => a.due_date.localeCompare(b.due_date) || a.id.localeCompare(b.id),
  )) {
    let owed = 0;
    for (const k of order) {
      const take = Math.max(0, Math.min(left, q.parts[k]));
      paid[k] += take;
      left -= take;
      owed += q.parts[k] - take;
    }
    if (owed <= 0) settled.push(q.id);
    if (left === 0) break;
  }
  if (left > 0) throw new RangeError(`an entry of ${cents} cents is more than the debt`);
  return { paid, settled };
}

/** `a - b`, part by part. */
export const minusParts = (a: Parts, b: Parts): Parts =>
  Object.fromEntries(PARTS.map((k) => [k, a[k] - b[k]])) as Parts;
