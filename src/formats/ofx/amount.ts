import type { Message } from '../../domain/message.js';
import { statementFinding as finding } from '../statement/findings.js';
import { digitsToCents } from '../statement/money.js';

export type OfxAmountResult = { ok: true; cents: number; note?: Message } | { ok: false; reason: Message };

const PLAIN = /^([+-])?\s*(\d*)(?:[.,](\d*))?$/;
const GROUPED = /^([+-])?\s*(\d{1,3}(?:([.,])\d{3})+)([.,])(\d{1,2})$/;

/**
 * OFX amounts: optional sign, digits, `.` or `,` as the decimal separator (OFX allows both), surrounding
 * padding. Thousands separators are not OFX but are read, with a note, when the grouping is unambiguous
 * (`1.234,56`). More than two decimals are rounded to the cent, with a note when that changed the value.
 */
export function parseOfxAmount(raw: string): OfxAmountResult {
  const value = raw.trim();
  const cents = plainCents(value);
  if (cents !== undefined) return { ok: true, cents };
  if (value === '') return { ok: false, reason: finding('value.empty', {}) };
  const plain = PLAIN.exec(value);
  if (plain) {
    const [, sign, whole = '', frac = ''] = plain;
    if (whole === '' && frac === '') return { ok: false, reason: finding('value.not-number', { value }) };
    const r = digitsToCents(whole, frac, sign === '-');
    if (!r) return { ok: false, reason: finding('value.too-large', { value }) };
    return r.rounded
      ? { ok: true, cents: r.cents, note: finding('value.rounded', { value }) }
      : { ok: true, cents: r.cents };
  }
  const grouped = GROUPED.exec(value);
  if (grouped && grouped[3] !== grouped[4]) {
    const [, sign, whole = '', group = '', , frac = ''] = grouped;
    const r = digitsToCents(whole.split(group).join(''), frac, sign === '-');
    if (!r) return { ok: false, reason: finding('value.too-large', { value }) };
    return { ok: true, cents: r.cents, note: finding('value.thousands', { value }) };
  }
  return {
    ok: false,
    reason: finding('value.not-number', { value: value.length > 30 ? `${value.slice(0, 30)}...` : value }),
  };
}

/** Digits a plain amount's whole part may have and still be counted in cents exactly. */
const MAX_WHOLE_DIGITS = 13;

/**
 * The amount most banks write, `-1234.56` (a sign, digits, a `.` or `,` and up to two decimals), counted by its
 * characters (#73: the expression and the texts it makes were a tenth of a 200,000-line read); undefined for any
 * other form, which PLAIN and GROUPED read.
 */
function plainCents(value: string): number | undefined {
  let i = 0;
  const sign = value.charCodeAt(0);
  if (sign === 45 || sign === 43) i = 1;
  let whole = 0;
  const wholeFrom = i;
  for (let c = value.charCodeAt(i); c >= 48 && c <= 57; c = value.charCodeAt(++i))
    whole = whole * 10 + (c - 48);
  const wholeDigits = i - wholeFrom;
  if (wholeDigits > MAX_WHOLE_DIGITS) return undefined;
  let fraction = 0;
  let decimals = 0;
  const separator = value.charCodeAt(i);
  if (separator === 46 || separator === 44) {
    for (let c = value.charCodeAt(++i); c >= 48 && c <= 57 && decimals < 3; c = value.charCodeAt(++i)) {
      fraction = fraction * 10 + (c - 48);
      decimals++;
    }
    if (decimals === 3) return undefined;
  }
  if (i !== value.length || wholeDigits + decimals === 0) return undefined;
  const cents = whole * 100 + (decimals === 1 ? fraction * 10 : fraction);
  return sign === 45 && cents !== 0 ? -cents : cents;
}
