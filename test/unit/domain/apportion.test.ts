import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  atOneScale,
  decimalOfNumber,
  decimalText,
  parseDecimal,
  percentOfCents,
  splitCents,
} from '../../../src/domain/apportion.js';

/**
 * An oracle written apart, in plain numbers (exact for the small weights it is given): each unit in turn takes the
 * next cent while its exact share is further above what it has than any later unit's (Hamilton's method).
 */
function oracle(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const size = Math.abs(total);
  const parts = weights.map((w) => Math.floor((size * w) / sum));
  const remainder = weights.map((w) => (size * w) % sum);
  let left = size - parts.reduce((a, b) => a + b, 0);
  while (left > 0) {
    let best = -1;
    for (let i = 0; i < weights.length; i++)
      if (remainder[i] !== -1 && (best === -1 || (remainder[i] as number) > (remainder[best] as number)))
        best = i;
    parts[best] = (parts[best] as number) + 1;
    remainder[best] = -1;
    left -= 1;
  }
  return parts.map((p) => (total < 0 ? -p : p) || 0);
}

describe('splitCents: largest remainder', () => {
  test("Superlógica's example, R$ 1.500,00 among 4 × 2/9 and 1/9, adds up to R$ 1.500,00", () => {
    const { cents, roundedUp, againstNearest } = splitCents(150_000, [2n, 2n, 2n, 2n, 1n]);
    expect(cents).toEqual([33_334, 33_333, 33_333, 33_333, 16_667]);
    expect(cents.reduce((a, b) => a + b, 0)).toBe(150_000);
    // the cents of the rounding, and which units took them: a tie to the first
    expect(roundedUp).toEqual([true, false, false, false, true]);
    // against each share rounded to the nearest cent (333,33 and 166,67), only the first took a cent more
    expect(againstNearest).toEqual([1, 0, 0, 0, 0]);
  });

  test('shares that plain rounding already adds up leave no cent more or less (the seed: fees over their sum)', () => {
    // 850/3.170 at nine decimals times R$ 3.170,00 is 84.999,999917 cents: 85.000, as plain rounding gives
    const fractions = [268_138_801n, 340_694_006n, 391_167_193n];
    const split = splitCents(317_000, fractions);
    expect(split.cents).toEqual([85_000, 108_000, 124_000]);
    expect(split.roundedUp).toEqual([true, true, false]);
    expect(split.againstNearest).toEqual([0, 0, 0]);
    // R$ 100,00 in three is 33,33 rounded (99,99): the cent left over to the first
    expect(splitCents(10_000, [1n, 1n, 1n]).againstNearest).toEqual([1, 0, 0]);
    // R$ 200,00 in three is 66,67 rounded (200,01): the last lacks the cent
    expect(splitCents(20_000, [1n, 1n, 1n]).againstNearest).toEqual([0, 0, -1]);
    // seven of 1/7 of R$ 0,04 round to R$ 0,01 each (R$ 0,07): three lack it
    expect(splitCents(4, [1n, 1n, 1n, 1n, 1n, 1n, 1n]).againstNearest).toEqual([0, 0, 0, 0, -1, -1, -1]);
  });

  test('R$ 100,00 among three equal units: every cent given (not R$ 99,99)', () => {
    expect(splitCents(10_000, [1n, 1n, 1n]).cents).toEqual([3334, 3333, 3333]);
  });

  test('a credit is split as its size, negative', () => {
    expect(splitCents(-10_000, [1n, 1n, 1n]).cents).toEqual([-3334, -3333, -3333]);
  });

  test('any total, any fractions adding to 1: the parts add up to the total exactly, each within a cent of its share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 300 }),
        (total, raw) => {
          // fractions at scale 6 adding to 1,000000: the last takes what is left
          const sum = raw.reduce((a, b) => a + b, 0) || 1;
          const weights = raw.map((r) => Math.floor((r * 1_000_000) / sum));
          weights[weights.length - 1] = 1_000_000 - weights.slice(0, -1).reduce((a, b) => a + b, 0);
          const { cents } = splitCents(total, weights.map(BigInt));
          expect(cents.reduce((a, b) => a + b, 0)).toBe(total);
          cents.forEach((c, i) => {
            const share = (total * (weights[i] as number)) / 1_000_000;
            expect(Math.abs(c - share)).toBeLessThan(1);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  test('agrees with an oracle written apart, on small weights where floats are exact', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc
          .array(fc.integer({ min: 0, max: 64 }), { minLength: 1, maxLength: 40 })
          .filter((w) => w.some((x) => x > 0)),
        (total, weights) => {
          expect(splitCents(total, weights.map(BigInt)).cents).toEqual(oracle(total, weights));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('no weights, or all zero, is refused', () => {
    expect(() => splitCents(100, [])).toThrow(RangeError);
    expect(() => splitCents(100, [0n, 0n])).toThrow(RangeError);
  });
});

describe('decimals as written', () => {
  test('a comma or a point, digits kept; a float never', () => {
    expect(parseDecimal('0,0417')).toEqual({ units: 417n, scale: 4 });
    expect(parseDecimal('0.0417')).toEqual({ units: 417n, scale: 4 });
    expect(parseDecimal('12')).toEqual({ units: 12n, scale: 0 });
    for (const bad of ['', 'abc', '-0,1', '1.000,5', '1e-3']) expect(parseDecimal(bad), bad).toBeUndefined();
    expect(decimalOfNumber(0.1 + 0.2)).toEqual({ units: 30000000000000004n, scale: 17 });
    expect(decimalOfNumber(0.0417)).toEqual({ units: 417n, scale: 4 });
    expect(decimalOfNumber(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(
      atOneScale([
        { units: 417n, scale: 4 },
        { units: 5n, scale: 1 },
      ]),
    ).toEqual({ units: [417n, 5000n], scale: 4 });
    expect(decimalText({ units: 417n, scale: 4 })).toBe('0,0417');
    expect(decimalText({ units: 12n, scale: 0 })).toBe('12');
  });

  test('a percentage of cents, half up', () => {
    expect(percentOfCents(1_842_000, { units: 5n, scale: 0 })).toBe(92_100);
    expect(percentOfCents(1_001, { units: 50n, scale: 1 })).toBe(50); // 5,0% of 10,01 is 0,5005 -> 0,50
    expect(percentOfCents(1_010, { units: 5n, scale: 0 })).toBe(51); // 50,5 -> 51
    expect(percentOfCents(-1_010, { units: 5n, scale: 0 })).toBe(-51);
  });
});
