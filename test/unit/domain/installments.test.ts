import { describe, expect, test } from 'vitest';
import {
  installmentDueDate,
  installmentSchedule,
  splitIntoInstallments,
} from '../../../src/domain/installments.js';

describe('installments', () => {
  test('splits a total exactly, the remainder one cent at a time over the first installments', () => {
    expect(splitIntoInstallments(10_000, 3)).toEqual([3334, 3333, 3333]);
    expect(splitIntoInstallments(10_002, 4)).toEqual([2501, 2501, 2500, 2500]);
    expect(splitIntoInstallments(9, 3)).toEqual([3, 3, 3]);
    expect(splitIntoInstallments(0, 2)).toEqual([0, 0]);
  });

  test.each([
    [1, 2],
    [99_999_999_999, 60],
    [123_457, 7],
    [5, 5],
    [1_000_001, 13],
  ])('%i cents in %i installments add up and differ by at most a cent', (total, count) => {
    const parts = splitIntoInstallments(total, count);
    expect(parts).toHaveLength(count);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    expect(parts.every(Number.isInteger)).toBe(true);
    expect([...parts].sort((a, b) => b - a)).toEqual(parts);
  });

  test('a 31st becomes the last day of shorter months and comes back to the 31st', () => {
    const dates = installmentSchedule({ count: 6, totalCents: 60_000, firstDue: '2027-01-31' }).map(
      (i) => i.dueDate,
    );
    expect(dates).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
  });

  test('leap February, the 30th and the 29th, and a year boundary', () => {
    expect(installmentDueDate('2027-12-31', 2)).toBe('2028-02-29');
    expect(installmentDueDate('2028-01-30', 1)).toBe('2028-02-29');
    expect(installmentDueDate('2028-01-30', 2)).toBe('2028-03-30');
    expect(installmentDueDate('2026-11-15', 3)).toBe('2027-02-15');
  });

  test('interval days instead of months', () => {
    const s = installmentSchedule({ count: 3, totalCents: 100, firstDue: '2027-02-20', intervalDays: 15 });
    expect(s).toEqual([
      { number: 1, count: 3, dueDate: '2027-02-20', amountCents: 34 },
      { number: 2, count: 3, dueDate: '2027-03-07', amountCents: 33 },
      { number: 3, count: 3, dueDate: '2027-03-22', amountCents: 33 },
    ]);
  });

  test('refuses a total smaller than one cent per installment, and bad counts or intervals', () => {
    expect(() => installmentSchedule({ count: 3, totalCents: 2, firstDue: '2027-01-01' })).toThrow(
      RangeError,
    );
    expect(() => splitIntoInstallments(100, 0)).toThrow(RangeError);
    expect(() => splitIntoInstallments(1.5, 2)).toThrow(RangeError);
    expect(() =>
      installmentSchedule({ count: 2, totalCents: 100, firstDue: '2027-01-01', intervalDays: 0 }),
    ).toThrow(RangeError);
  });
});
