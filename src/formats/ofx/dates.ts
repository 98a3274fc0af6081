/**
 * OFX date-time values: `YYYYMMDD`, `YYYYMMDDHHMM`, `YYYYMMDDHHMMSS`, optional fraction (`.XXX`, also the `:XXX`
 * some exporters write), optional zone `[-3:BRT]`, `[-0300:BRT]`, `[0:GMT]`, `[-5]`, `[+5.30:IST]`.
 * The calendar date is taken as written (the bank's local date); the zone is validated, not applied.
 */
import type { Message } from '../../domain/message.js';
import { statementFinding as finding } from '../statement/findings.js';

const OFX_DATE =
  /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?(?:[.:](\d{1,6}))?\s*(?:\[\s*([+-]?\d{1,4}(?:[.:]\d{1,2})?)?\s*(?::\s*([A-Za-z][\w+-]*)\s*)?\])?$/;

export type OfxDateResult = { ok: true; date: string } | { ok: false; reason: Message };

/** Whether `value` is eight digits, the bare `YYYYMMDD` most banks write (read without the expression, #73). */
function isBareDate(value: string): boolean {
  if (value.length !== 8) return false;
  for (let i = 0; i < 8; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The last date read and what it gave: a statement's lines share a few days (#73: a month has at most 31). */
let lastRaw = '';
let lastRead: OfxDateResult = readOfxDate(lastRaw);

export function parseOfxDate(raw: string): OfxDateResult {
  if (raw === lastRaw) return lastRead;
  const read = readOfxDate(raw);
  lastRaw = raw;
  lastRead = read;
  return read;
}

function readOfxDate(raw: string): OfxDateResult {
  const value = raw.trim();
  if (value === '') return { ok: false, reason: finding('value.empty', {}) };
  if (isBareDate(value) && value !== '00000000') {
    const [y, mo, d] = [value.slice(0, 4), value.slice(4, 6), value.slice(6, 8)];
    if (isCalendarDate(Number(y), Number(mo), Number(d))) return { ok: true, date: `${y}-${mo}-${d}` };
  }
  const m = OFX_DATE.exec(value);
  if (!m)
    return {
      ok: false,
      reason: finding('value.not-ofx-date', { value: clip(value) }),
    };
  const [, y, mo, d, hh, mi, ss, , offset] = m;
  if (/^0+$/.test(`${y}${mo}${d}`))
    return { ok: false, reason: finding('value.zero-date', { value: clip(value) }) };
  if (!isCalendarDate(Number(y), Number(mo), Number(d))) {
    return { ok: false, reason: finding('value.not-calendar-date', { value: clip(value) }) };
  }
  if (
    (hh !== undefined && Number(hh) > 23) ||
    (mi !== undefined && Number(mi) > 59) ||
    (ss !== undefined && Number(ss) > 60)
  ) {
    return { ok: false, reason: finding('value.bad-time', { value: clip(value) }) };
  }
  if (offset !== undefined && Math.abs(Number.parseFloat(offset.replace(':', '.'))) > 1400) {
    return { ok: false, reason: finding('value.bad-offset', { value: clip(value) }) };
  }
  return { ok: true, date: `${y}-${mo}-${d}` };
}

export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

function clip(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}...` : value;
}
