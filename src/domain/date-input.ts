/** Dates as a person types them on the command line, business days included. */
import { nextBusinessDay } from './business-days.js';
import { addDays, type IsoDate, isIsoDate } from './dates.js';
import type { Message } from './message.js';
import { refusal } from './refusals.js';
import { fail, ok, type Result } from './result.js';

/**
 * What a day and month without a year mean: in a filter (`--due-to 31/12`) the current year; for a date still to
 * come (a new record's due date, a payment date) the next such date, this year's or next year's.
 */
export type DayMonthReading = 'this-year' | 'next';

/**
 * A date as a person types it: `DD/MM/YYYY` (as every screen shows dates), `DD/MM`, `YYYY-MM-DD`, `today`,
 * `tomorrow`, `yesterday`, `+Nd`, `-Nd`, or `next-business-day` (the first bank business day after today), and
 * the same words in Portuguese (`hoje`, `amanhã`, `ontem`, `próximo-dia-útil`). A
 * two-digit year is refused: 31/12/26 could be 1926 or 2026, and a payment date must not be guessed.
 */
export function parseDateInput(
  input: string,
  today: IsoDate,
  dayMonth: DayMonthReading = 'this-year',
): Result<IsoDate, Message> {
  const text = input.trim().toLowerCase();
  const br = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d+))?$/.exec(text);
  if (br) {
    const [, d = '', m = '', y] = br;
    if (y !== undefined && y.length !== 4)
      return fail(
        refusal('date.two-digit-year', {
          input,
          guess: `${d.padStart(2, '0')}/${m.padStart(2, '0')}/${y.length === 2 ? `20${y}` : 'AAAA'}`,
        }),
      );
    const at = (year: string) => `${year}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
    let iso = at(y ?? today.slice(0, 4));
    if (!isIsoDate(iso)) return fail(refusal('date.not-calendar', { input }));
    if (y === undefined && dayMonth === 'next' && iso < today) {
      iso = at(String(Number(today.slice(0, 4)) + 1));
      if (!isIsoDate(iso)) return fail(refusal('date.not-calendar-next-year', { input }));
    }
    return ok(iso);
  }
  // the words in English or as a Brazilian types them, with or without accents (#53)
  const word = text.normalize('NFD').replace(/\p{M}/gu, '');
  if (word === 'today' || word === 'hoje') return ok(today);
  if (word === 'tomorrow' || word === 'amanha') return ok(addDays(today, 1));
  if (word === 'next-business-day' || word === 'proximo-dia-util')
    return ok(nextBusinessDay(addDays(today, 1)));
  if (word === 'yesterday' || word === 'ontem') return ok(addDays(today, -1));
  const rel = /^([+-])(\d{1,4})d$/.exec(text);
  if (rel) return ok(addDays(today, (rel[1] === '-' ? -1 : 1) * Number(rel[2])));
  if (isIsoDate(text)) return ok(text);
  return fail(refusal('date.not-date', { input }));
}
