import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { controlledSplit, entryPays, PARTS, type Parts, partsTotal } from '../../../src/domain/agreement.js';
import { splitIntoInstallments } from '../../../src/domain/installments.js';

/** #70: an agreement's installments add up three ways at once. */
const debt = fc
  .record({
    principal: fc.integer({ min: 0, max: 50_000_000 }),
    correction: fc.integer({ min: -500_000, max: 5_000_000 }),
    fine: fc.integer({ min: 0, max: 1_000_000 }),
    interest: fc.integer({ min: 0, max: 5_000_000 }),
    fees: fc.integer({ min: 0, max: 5_000_000 }),
  })
  .filter((d) => partsTotal(d) >= 0);

describe('controlled rounding', () => {
  test('for any debt and any N from 2 to 60: totals equal but for a cent (the first ones larger), every column exact, every row adding up, each cell within a cent of its even share', () => {
    fc.assert(
      fc.property(debt, fc.integer({ min: 2, max: 60 }), (columns: Parts, n) => {
        const rows = controlledSplit(columns, n);
        expect(rows).toHaveLength(n);
        const totals = rows.map(partsTotal);
        expect(totals).toEqual(splitIntoInstallments(partsTotal(columns), n));
        expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(1);
        for (const k of PARTS) {
          expect(rows.reduce((t, r) => t + r[k], 0)).toBe(columns[k]);
          for (const r of rows) expect(Math.abs(r[k] - columns[k] / n)).toBeLessThan(1);
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('where splitting each column alone puts cents apart, the rows stay within one', () => {
    // five columns of 4 cents over 5 installments: alone, each gives its 4 extra cents to the first four rows, so
    // the first row has 5 cents more than the last; controlled, the 20 cents go 4 to each row
    const columns = { principal: 4, correction: 4, fine: 4, interest: 4, fees: 4 };
    const alone = PARTS.map((k) => splitIntoInstallments(columns[k], 5));
    const aloneTotals = [0, 1, 2, 3, 4].map((i) => alone.reduce((t, c) => t + (c[i] as number), 0));
    expect(Math.max(...aloneTotals) - Math.min(...aloneTotals)).toBe(5);
    expect(controlledSplit(columns, 5).map(partsTotal)).toEqual([4, 4, 4, 4, 4]);
  });
});

describe('an entry payment', () => {
  const quotas = [
    {
      id: 'b',
      due_date: '2024-11-10',
      parts: { principal: 85_000, correction: 7_000, fine: 1_800, interest: 11_000 },
    },
    {
      id: 'a',
      due_date: '2024-07-10',
      parts: { principal: 85_000, correction: 9_000, fine: 1_900, interest: 14_000 },
    },
  ];
  test('pays the oldest quota first, its interest, fine and correction before its principal (CC arts. 354 and 355)', () => {
    const { paid, settled } = entryPays(quotas, 30_000);
    expect(paid).toEqual({ interest: 14_000, fine: 1_900, correction: 9_000, principal: 5_100, fees: 0 });
    expect(settled).toEqual([]);
    const more = entryPays(quotas, 109_900 + 11_000);
    expect(more.settled).toEqual(['a']);
    expect(more.paid.interest).toBe(25_000);
    expect(() => entryPays(quotas, 1_000_000)).toThrow(/more than the debt/);
  });
});
