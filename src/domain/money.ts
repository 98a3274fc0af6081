import type { Message } from './message.js';
import { refusal } from './refusals.js';
import { fail, ok, type Result } from './result.js';

/**
 * Money is held as integer cents everywhere; these are the only conversions to and from text or decimal numbers.
 * No float arithmetic on money: decimals are parsed from their text, digit by digit.
 */

const GROUPED = /^\d{1,3}([.,]\d{3})+$/;

/**
 * Parses an amount in reais as a person types it: `1234.56`, `1234,56`, `1.234,56`, `1,234.56`, `R$ 1.234,56`,
 * `10`. Ambiguous input (`1,234`, `1.234`: thousands or three decimals?) and more than two decimals are refused.
 */
export function parseReais(input: string): Result<number, Message> {
  let text = input.trim().replace(/^R\$\s*/i, '');
  let sign = 1;
  if (text.startsWith('-')) {
    sign = -1;
    text = text.slice(1).trim();
  }
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return fail(refusal('reais.not-amount', { input }));
  const lastSep = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  let integer = text;
  let fraction = '';
  if (lastSep >= 0) {
    const sepChar = text[lastSep];
    const tail = text.slice(lastSep + 1);
    const head = text.slice(0, lastSep);
    const sepCount = text.split(sepChar as string).length - 1;
    const otherSep = sepChar === '.' ? ',' : '.';
    if (tail.length === 3 && !head.includes(otherSep)) {
      // `1,234` or `1.234`, or `1.234.567`: grouping only, or three decimals? Only a full grouping is safe to read.
      if (sepCount > 1 && GROUPED.test(text))
        return ok(sign * Number(text.replaceAll(sepChar as string, '')) * 100);
      return fail(refusal('reais.ambiguous', { input }));
    }
    if (sepCount > 1) return fail(refusal('reais.not-amount', { input }));
    if (tail.length > 2) return fail(refusal('reais.decimals', { input }));
    if (tail.length === 0) return fail(refusal('reais.not-amount', { input }));
    fraction = tail;
    integer = head;
    if (head.includes(otherSep)) {
      if (!GROUPED.test(head)) return fail(refusal('reais.not-amount', { input }));
      integer = head.replaceAll(otherSep, '');
    }
  }
  if (!/^\d+$/.test(integer)) return fail(refusal('reais.not-amount', { input }));
  const cents = Number(integer) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return fail(refusal('reais.too-large', { input }));
  return ok(sign * cents);
}

/** `123456` -> `R$ 1.234,56` (a real's thousands dot and decimal comma). */
export function formatReais(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const integer = Math.trunc(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}R$ ${integer},${fraction}`;
}

/** True when a JSON number has at most two decimals (`12.5`, `12.34`), read from its shortest text form. */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(value);
  if (/e/i.test(text)) return Number.isInteger(value);
  const dot = text.indexOf('.');
  return dot < 0 || text.length - dot - 1 <= 2;
}

/** A decimal amount from the API (`1234.5`) to cents (`123450`), exactly, from the number's text form. */
export function decimalToCents(value: number): number {
  if (!hasAtMostTwoDecimals(value)) throw new RangeError(`${value} has more than two decimals`);
  const text = String(Math.abs(value));
  const [integer = '0', fraction = ''] = text.includes('e')
    ? [BigInt(Math.abs(value)).toString(), '']
    : text.split('.');
  const cents = Number(integer) * 100 + Number(fraction.padEnd(2, '0'));
  return value < 0 ? -cents : cents;
}

/** Cents as plain decimal text, `-1234.56`: for files (OFX, CSV, tsv output) and messages. */
export function centsToText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents to the decimal number the API carries for invoices, expenses, entries and transfers. */
export function centsToDecimal(cents: number): number {
  return Number(centsToText(cents));
}

/**
 * A decimal amount as a server sent it (a number, or a numeric string on a tolerant server) to cents, exactly;
 * a missing amount counts as zero.
 */
export function centsOf(value: unknown): number {
  if (typeof value === 'number') return decimalToCents(value);
  if (typeof value === 'string' && /^-?\d+(\.\d{1,2})?$/.test(value.trim())) {
    return decimalToCents(Number(value.trim()));
  }
  if (value === null || value === undefined) return 0;
  throw new RangeError(`${JSON.stringify(value)} is not an amount in reais`);
}

/** Amounts in integer cents, added up. */
export const sumCents = (cents: readonly number[]): number => cents.reduce((a, b) => a + b, 0);
