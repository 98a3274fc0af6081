import { digitsToCents } from '../statement/money.js';

export type OfxAmountResult = { ok: true; cents: number; note?: string } | { ok: false; reason: string };

const PLAIN = /^([+-])?\s*(\d*)(?:[.,](\d*))?$/;
const GROUPED = /^([+-])?\s*(\d{1,3}(?:([.,])\d{3})+)([.,])(\d{1,2})$/;

/**
 * OFX amounts: optional sign, digits, `.` or `,` as the decimal separator (OFX allows both), surrounding
 * padding. Thousands separators are not OFX but are read, with a note, when the grouping is unambiguous
 * (`1.234,56`). More than two decimals are rounded to the cent, with a note when that changed the value.
 */
export function parseOfxAmount(raw: string): OfxAmountResult {
  const value = raw.trim();
  if (value === '') return { ok: false, reason: 'is empty' };
  const plain = PLAIN.exec(value);
  if (plain) {
    const [, sign, whole = '', frac = ''] = plain;
    if (whole === '' && frac === '') return { ok: false, reason: `'${value}' is not a number` };
    const r = digitsToCents(whole, frac, sign === '-');
    if (!r) return { ok: false, reason: `'${value}' is too large` };
    return r.rounded
      ? { ok: true, cents: r.cents, note: `'${value}' has more than 2 decimals; rounded` }
      : { ok: true, cents: r.cents };
  }
  const grouped = GROUPED.exec(value);
  if (grouped && grouped[3] !== grouped[4]) {
    const [, sign, whole = '', group = '', , frac = ''] = grouped;
    const r = digitsToCents(whole.split(group).join(''), frac, sign === '-');
    if (!r) return { ok: false, reason: `'${value}' is too large` };
    return { ok: true, cents: r.cents, note: `'${value}' has thousands separators` };
  }
  return { ok: false, reason: `'${value.length > 30 ? `${value.slice(0, 30)}...` : value}' is not a number` };
}
