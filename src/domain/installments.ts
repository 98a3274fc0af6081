import { addDays, addMonthsClamped, type IsoDate } from './dates.js';

/**
 * Installments (parcelas) of an expense: a total split into N amounts and N due dates. Pure, in integer cents, so
 * the CLI can show the schedule before sending and the sandbox can create exactly the same one.
 *
 * - Amounts: the total divided by N, the remainder spread one cent at a time over the first installments
 *   (R$ 100,00 in 3 -> 33,34 + 33,33 + 33,33). They always add up to the total.
 * - Due dates: one calendar month apart keeping the first due date's day, clamped to the month's last day
 *   (Jan 31 -> Feb 28/29 -> Mar 31: the day is taken from the first date each time, never from the clamped one);
 *   or, with `intervalDays`, that many days apart.
 */

export interface InstallmentPlanInput {
  count: number;
  totalCents: number;
  firstDue: IsoDate;
  /** Days between due dates instead of calendar months. */
  intervalDays?: number;
}

export interface Installment {
  /** 1-based. */
  number: number;
  count: number;
  dueDate: IsoDate;
  amountCents: number;
}

/** Splits `totalCents` into `count` integer amounts differing by at most one cent, the larger ones first. */
export function splitIntoInstallments(totalCents: number, count: number): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) {
    throw new RangeError(`total ${totalCents} is not a whole number of cents`);
  }
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`count ${count} must be at least 1`);
  const base = Math.floor(totalCents / count);
  const remainder = totalCents - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < remainder ? 1 : 0));
}

/** The due date of installment `index` (0-based). */
export function installmentDueDate(firstDue: IsoDate, index: number, intervalDays?: number): IsoDate {
  if (intervalDays !== undefined) return addDays(firstDue, index * intervalDays);
  const day = Number(firstDue.slice(8, 10));
  return addMonthsClamped(firstDue, index, day);
}

/** The whole schedule; every installment is at least one cent (else a RangeError). */
export function installmentSchedule(input: InstallmentPlanInput): Installment[] {
  const { count, totalCents, firstDue, intervalDays } = input;
  if (totalCents < count) {
    throw new RangeError(
      `a total of ${totalCents} cents cannot pay ${count} installments of at least 1 cent`,
    );
  }
  if (intervalDays !== undefined && (!Number.isSafeInteger(intervalDays) || intervalDays < 1)) {
    throw new RangeError(`interval of ${intervalDays} days must be a whole number of at least 1`);
  }
  return splitIntoInstallments(totalCents, count).map((amountCents, i) => ({
    number: i + 1,
    count,
    dueDate: installmentDueDate(firstDue, i, intervalDays),
    amountCents,
  }));
}
