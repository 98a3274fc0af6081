import type { Message } from '../../domain/message.js';
import { isCalendarDate } from '../ofx/dates.js';
import { statementFinding as finding } from '../statement/findings.js';
import { digitsToCents } from '../statement/money.js';

export type CsvAmountResult = { ok: true; cents: number; rounded: boolean } | { ok: false; reason: Message };

/**
 * Amounts as bank exports write them: `-1.234,56`, `1,234.56`, `1234.56`, `R$ 1.234,56`, `$1,036.47`,
 * `11'373.94`, `(12.00)`, `12,00-`, `12,00 D`/`C`. The decimal separator is the last `.` or `,` unless it is
 * followed by exactly three digits after a 1-3 digit group (`1.000`, `2,500`), which is read as thousands.
 */
export function parseCsvAmount(raw: string): CsvAmountResult {
  let s = raw.trim();
  if (s === '') return { ok: false, reason: finding('value.empty', {}) };
  let negative = false;
  // `12,00 D`: the letter alone at the end. Found from the end without backtracking over what comes before (a
  // pattern like /^(.*?)\s*\b([DC])$/ took seconds on a field of a few thousand spaces).
  const dc = /\b([DC])$/i.exec(s);
  const beforeDc = dc ? s.slice(0, dc.index).trimEnd() : '';
  if (dc && /\d/.test(beforeDc)) {
    negative = dc[1]!.toUpperCase() === 'D';
    s = beforeDc;
  }
  if (/^\(.*\)$/.test(s)) {
    negative = !negative;
    s = s.slice(1, -1).trim();
  }
  s = s.replace(/R\$|US\$|[$€£¥]|\b(BRL|USD|EUR|GBP|CHF|CAD)\b/gi, '').replace(/[\s\u00a0'’]/g, '');
  if (/^[-−]/.test(s)) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  else if (/[-−]$/.test(s)) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  if (!/^\d[\d.,]*$|^[.,]\d+$/.test(s))
    return { ok: false, reason: finding('value.not-amount', { value: clip(raw) }) };
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let whole = s;
  let frac = '';
  if (lastDot !== -1 || lastComma !== -1) {
    const decimalAt = Math.max(lastDot, lastComma);
    const sep = s[decimalAt]!;
    const other = sep === '.' ? ',' : '.';
    const occurrences = s.split(sep).length - 1;
    const hasOther = s.includes(other);
    const after = s.slice(decimalAt + 1);
    const before = s.slice(0, decimalAt);
    const groupsOk = (text: string, group: string) => new RegExp(`^\\d{1,3}(\\${group}\\d{3})*$`).test(text);
    if (!hasOther && (occurrences > 1 || (after.length === 3 && /^[1-9]\d{0,2}$/.test(before)))) {
      // Only thousands separators.
      if (!groupsOk(s, sep)) return { ok: false, reason: finding('value.not-amount', { value: clip(raw) }) };
      whole = s.split(sep).join('');
    } else {
      if (occurrences > 1) return { ok: false, reason: finding('value.not-amount', { value: clip(raw) }) };
      if (hasOther && !groupsOk(before, other))
        return { ok: false, reason: finding('value.not-amount', { value: clip(raw) }) };
      whole = before.split(other).join('');
      frac = after;
    }
  }
  const r = digitsToCents(whole, frac, negative);
  if (!r) return { ok: false, reason: finding('value.too-large', { value: clip(raw) }) };
  return { ok: true, cents: r.cents, rounded: r.rounded };
}

export type DateOrder = 'YMD' | 'DMY' | 'MDY';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  fev: 2,
  fevereiro: 2,
  mar: 3,
  apr: 4,
  abr: 4,
  may: 5,
  mai: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  ago: 8,
  sep: 9,
  sept: 9,
  set: 9,
  oct: 10,
  out: 10,
  nov: 11,
  dec: 12,
  dez: 12,
};

const DATE_PARTS =
  /^(\d{1,4})([/.-])(\d{1,2}|[A-Za-zç]{3,9})\2(\d{2,4})(?:(?:[ T]|\s+)\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2}|[A-Z]{2,5})?)?$/;

export interface DateParts {
  a: number;
  b: number | string;
  c: number;
  aDigits: number;
  cDigits: number;
}

export function splitDate(raw: string): DateParts | null {
  const m = DATE_PARTS.exec(raw.trim());
  if (!m) return null;
  const b = /^\d+$/.test(m[3]!) ? Number(m[3]) : m[3]!.toLowerCase();
  return { a: Number(m[1]), b, c: Number(m[4]), aDigits: m[1]!.length, cDigits: m[4]!.length };
}

function fullYear(y: number, digits: number): number {
  if (digits === 4) return y;
  if (digits !== 2) return Number.NaN;
  return y < 70 ? 2000 + y : 1900 + y;
}

/** A date in a known order; returns `YYYY-MM-DD` or null. */
export function parseCsvDate(raw: string, order: DateOrder): string | null {
  const p = splitDate(raw);
  if (!p) return null;
  let y: number;
  let m: number;
  let d: number;
  const month = (v: number | string) =>
    typeof v === 'number' ? v : (MONTHS[v] ?? MONTHS[v.slice(0, 3)] ?? 0);
  if (order === 'YMD') {
    if (p.aDigits !== 4) return null;
    y = p.a;
    m = month(p.b);
    d = p.c;
    if (String(p.c).length > 2) return null;
  } else {
    if (p.aDigits > 2) return null;
    y = fullYear(p.c, p.cDigits);
    if (typeof p.b === 'string') {
      m = month(p.b);
      d = p.a;
    } else if (order === 'DMY') {
      d = p.a;
      m = p.b;
    } else {
      m = p.a;
      d = p.b as number;
    }
  }
  if (!isCalendarDate(y, m, d)) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The order a date format string names (`DD/MM/YYYY` -> DMY); null when it names none. */
export function orderOfFormat(format: string): DateOrder | null {
  const f = format.toUpperCase();
  const y = f.indexOf('Y');
  const m = f.indexOf('M');
  const d = f.indexOf('D');
  if (y < 0 || m < 0 || d < 0) return null;
  if (y < m && m < d) return 'YMD';
  if (d < m && m < y) return 'DMY';
  if (m < d && d < y) return 'MDY';
  return null;
}

export interface OrderGuess {
  order: DateOrder | null;
  ambiguous: boolean;
  /** How many sampled values did not look like a date at all. */
  invalid: number;
}

/** Decides day/month order from sample values: a first part above 12 means DMY, a second one MDY. */
export function guessDateOrder(samples: string[]): OrderGuess {
  let ymd = 0;
  let firstBig = false;
  let secondBig = false;
  let named = false;
  let valid = 0;
  let invalid = 0;
  for (const s of samples) {
    const p = splitDate(s);
    if (!p) {
      invalid++;
      continue;
    }
    valid++;
    if (p.aDigits === 4) ymd++;
    else if (typeof p.b === 'string') named = true;
    else {
      if (p.a > 12) firstBig = true;
      if (p.b > 12) secondBig = true;
    }
  }
  if (valid === 0) return { order: null, ambiguous: false, invalid };
  if (ymd === valid) return { order: 'YMD', ambiguous: false, invalid };
  if (named && !firstBig && !secondBig) return { order: 'DMY', ambiguous: false, invalid };
  if (firstBig && secondBig) return { order: null, ambiguous: false, invalid };
  if (firstBig) return { order: 'DMY', ambiguous: false, invalid };
  if (secondBig) return { order: 'MDY', ambiguous: false, invalid };
  return { order: 'DMY', ambiguous: true, invalid };
}

function clip(value: string): string {
  return value.length > 30 ? `${value.slice(0, 30)}...` : value;
}
