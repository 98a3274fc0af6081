/** Exact decimal-string to integer cents conversion (no floating point). */

export interface CentsResult {
  cents: number;
  /** True when digits beyond the cent were not zero and the value was rounded (half away from zero). */
  rounded: boolean;
}

/**
 * `integerDigits` and `fractionDigits` are plain digit strings (either may be empty, not both).
 * Returns null when the value is too large to be held exactly.
 */
export function digitsToCents(
  integerDigits: string,
  fractionDigits: string,
  negative: boolean,
): CentsResult | null {
  const whole = integerDigits.replace(/^0+(?=\d)/, '') || '0';
  const frac = fractionDigits.padEnd(2, '0');
  let cents = Number(whole) * 100 + Number(frac.slice(0, 2));
  const rest = frac.slice(2);
  const rounded = /[1-9]/.test(rest);
  if (rest.length > 0 && rest.charCodeAt(0) >= 53 /* '5' */) cents += 1;
  if (!Number.isSafeInteger(cents)) return null;
  return { cents: negative && cents !== 0 ? -cents : cents, rounded };
}

/** Formats cents as a plain decimal (`-1234.56`), for messages. */
export { centsToText as formatCents } from '../../domain/money.js';
