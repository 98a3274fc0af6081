/**
 * A total split among units to the cent (#67, rateio): by largest remainder, so the parts add up to the total
 * exactly, with fractions read as decimals of fixed precision, never as floats. Superlógica's own example charges
 * 4 × 333,33 + 166,67 = R$ 1.499,99 of R$ 1.500,00; here the cent left over by the rounding goes to the unit whose
 * share lost the most to it, and a tie goes to the unit that comes first (the caller's order: by unit id).
 */

/** A non-negative decimal as written: `units` × 10^-`scale` (0,0417 is 417 at scale 4). */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

/** "0,0417", "0.0417", "12", "1.000,5" is refused (one separator only); undefined when it is not a decimal. */
export function parseDecimal(text: string): Decimal | undefined {
  const m = /^\s*(\d+)(?:[.,](\d+))?\s*$/.exec(text);
  if (!m) return undefined;
  const decimals = m[2] ?? '';
  return { units: BigInt(`${m[1]}${decimals}`), scale: decimals.length };
}

/** A number a server sent (an ideal fraction, 0.0417) as the decimal it prints as: its shortest text. */
export function decimalOfNumber(value: number): Decimal | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const text = String(value);
  return /e/i.test(text) ? parseDecimal(value.toFixed(12).replace(/0+$/, '')) : parseDecimal(text);
}

/** The decimals at one scale, to be added and compared as integers. */
export function atOneScale(values: readonly Decimal[]): { units: bigint[]; scale: number } {
  const scale = Math.max(0, ...values.map((v) => v.scale));
  return { units: values.map((v) => v.units * 10n ** BigInt(scale - v.scale)), scale };
}

/** A decimal as text with a comma, its scale's digits kept (0,0417). */
export function decimalText(d: Decimal, separator = ','): string {
  // the sign apart, so that -0,23 is not written "-,23"
  const sign = d.units < 0n ? '-' : '';
  const digits = (d.units < 0n ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  return `${sign}${d.scale === 0 ? digits : `${digits.slice(0, -d.scale)}${separator}${digits.slice(-d.scale)}`}`;
}

export interface Split {
  /** each weight's part, in cents, in the weights' order; they add up to the total */
  readonly cents: number[];
  /** whether each part took a cent of the rounding (its share's remainder was among the largest) */
  readonly roundedUp: boolean[];
  /**
   * each part against its share rounded to the nearest cent (half up): +1 a cent more (the cent left over went
   * to it), -1 a cent less (one was missing), 0 as plain rounding gives; what explains two equal shares apart
   */
  readonly againstNearest: (-1 | 0 | 1)[];
}

/**
 * `totalCents` split by `weights` (any non-negative integers, one scale, not all zero) by largest remainder: each
 * part is its exact share rounded down, and the cents left go one each to the largest remainders, a tie to the
 * earlier weight. A negative total (a credit) is split as its size and given back negative.
 */
export function splitCents(totalCents: number, weights: readonly bigint[]): Split {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError(`not a whole number of cents: ${totalCents}`);
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (weights.some((w) => w < 0n) || sum <= 0n)
    throw new RangeError('the weights must be non-negative, not all zero');
  const sign = totalCents < 0 ? -1 : 1;
  const total = BigInt(Math.abs(totalCents));
  const floors = weights.map((w) => (total * w) / sum);
  const remainders = weights.map((w) => (total * w) % sum);
  let left = Number(total - floors.reduce((a, b) => a + b, 0n));
  const order = weights
    .map((_, i) => i)
    .sort((a, b) => {
      const ra = remainders[a] as bigint;
      const rb = remainders[b] as bigint;
      return ra === rb ? a - b : ra > rb ? -1 : 1;
    });
  const roundedUp = weights.map(() => false);
  for (const i of order) {
    if (left === 0) break;
    roundedUp[i] = true;
    left -= 1;
  }
  return {
    cents: floors.map((f, i) => sign * (Number(f) + (roundedUp[i] ? 1 : 0)) || 0),
    roundedUp,
    againstNearest: weights.map((_, i) => {
      const nearestUp = (remainders[i] as bigint) * 2n >= sum;
      return roundedUp[i] === nearestUp ? 0 : roundedUp[i] ? 1 : -1;
    }),
  };
}

/** `percent` (a decimal, 5 or 2,5) of `cents`, rounded half up to the cent (half away from zero for a credit). */
export function percentOfCents(cents: number, percent: Decimal): number {
  const sign = cents < 0 ? -1n : 1n;
  const scaled = BigInt(Math.abs(cents)) * percent.units;
  const divisor = 100n * 10n ** BigInt(percent.scale);
  const whole = scaled / divisor;
  const rounded = (scaled % divisor) * 2n >= divisor ? whole + 1n : whole;
  return Number(sign * rounded) || 0;
}

/** A quantity times a price in reais (12,5 m³ at R$ 9,8765 the m³), in cents rounded half up: R$ 123,46. */
export function productCents(quantity: Decimal, reais: Decimal): number {
  const scaled = quantity.units * reais.units * 100n;
  const divisor = 10n ** BigInt(quantity.scale + reais.scale);
  const whole = scaled / divisor;
  return Number((scaled % divisor) * 2n >= divisor ? whole + 1n : whole);
}
