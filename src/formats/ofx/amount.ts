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
