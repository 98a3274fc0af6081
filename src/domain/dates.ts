/** Calendar dates are `YYYY-MM-DD` strings; arithmetic goes through UTC midnight so no time zone shifts a day. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The last day of a month YYYY-MM, as a date. */
export const lastDayOf = (month: string): IsoDate =>
  `${month}-${String(daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))).padStart(2, '0')}`;

function toUtc(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(d: Date): IsoDate {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

/** Adds calendar months, a 31st becoming the target month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonthsClamped(date: IsoDate, months: number, dayOfMonth?: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(dayOfMonth ?? d, daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/** `YYYY-MM` of a date: the financial period it falls in. */
export function monthOf(date: IsoDate): string {
  return date.slice(0, 7);
}

/** `2026-11` -> `11/2026`, as Brazilians write a month in a table or a range (#53). */
export const formatMonthBr = (month: string): string => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/**
 * Brasília has kept UTC−3 all year since daylight saving time ended on 2019-02-17 (Decree 9.772/2019). An instant
 * from then on is read with that fixed offset: Intl's time-zone data costs ~10 ms to load on a command's first
 * call, which `condo` pays on every run. Earlier instants, and other zones, still go through Intl.
 */
const BRASILIA_FIXED_SINCE = Date.UTC(2019, 1, 17, 2);
const BRASILIA_OFFSET_MS = -3 * 3_600_000;

function brasiliaFixed(at: Date): Date | undefined {
  return at.getTime() >= BRASILIA_FIXED_SINCE ? new Date(at.getTime() + BRASILIA_OFFSET_MS) : undefined;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Today's calendar date in a time zone (Brazil's by default: a condominium's day ends at midnight in Brasília). */
export function todayIn(now: Date, timeZone = 'America/Sao_Paulo'): IsoDate {
  const wall = timeZone === 'America/Sao_Paulo' ? brasiliaFixed(now) : undefined;
  if (wall) return wall.toISOString().slice(0, 10);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** `2026-11-22` -> `22/11/2026`, as a Brazilian reads it. */
let brasilia: Intl.DateTimeFormat | undefined;

/** An instant's wall clock in Brasília (America/Sao_Paulo), to the second: the parts, zero-padded. */
export function brasiliaClock(at: Date): {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
} {
  const wall = brasiliaFixed(at);
  if (wall) {
    return {
      year: String(wall.getUTCFullYear()),
      month: pad2(wall.getUTCMonth() + 1),
      day: pad2(wall.getUTCDate()),
      hour: pad2(wall.getUTCHours()),
      minute: pad2(wall.getUTCMinutes()),
      second: pad2(wall.getUTCSeconds()),
    };
  }
  brasilia ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(brasilia.formatToParts(at).map((p) => [p.type, p.value]));
  const get = (type: string) => parts[type] ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/**
 * An instant as people in Brazil read it, in Brasília time, to the minute: `2026-11-24T14:03:07.412Z` ->
 * `24/11/2026 11:03`. Every human view prints timestamps this one way; machine output keeps the API's ISO text.
 * Text that is not an instant is returned as it came.
 */
export function formatInstantBr(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime()) || !/T\d\d:\d\d/.test(iso)) return iso;
  const c = brasiliaClock(at);
  return `${c.day}/${c.month}/${c.year} ${c.hour}:${c.minute}`;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

export function formatDateBr(date: IsoDate | null | undefined): string {
  if (!date) return '';
  // a list prints thousands: the usual form is cut, not split
  if (ISO_DAY.test(date)) return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
