import { describe, expect, test } from 'vitest';
import {
  addDays,
  addMonthsClamped,
  daysBetween,
  formatDateBr,
  isIsoDate,
  parseDateInput,
  todayIn,
} from '../../../src/domain/dates.js';

describe('dates', () => {
  test('calendar validity', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
  });

  test.each([
    ['today', '2026-11-22'],
    ['tomorrow', '2026-11-23'],
    ['yesterday', '2026-11-21'],
    ['+10d', '2026-12-02'],
    ['-22d', '2026-10-31'],
    ['2027-01-05', '2027-01-05'],
    [' TODAY ', '2026-11-22'],
  ])('%s relative to 2026-11-22 is %s', (input, expected) => {
    expect(parseDateInput(input, '2026-11-22')).toEqual({ ok: true, value: expected });
  });

  test.each(['2026-02-30', '22/11/2026', 'next week', '+d', '10d'])('%s is refused', (input) => {
    expect(parseDateInput(input, '2026-11-22').ok).toBe(false);
  });

  test('month arithmetic keeps the day or falls back to the last day of the month', () => {
    expect(addMonthsClamped('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsClamped('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsClamped('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonthsClamped('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonthsClamped('2026-02-28', 1, 31)).toBe('2026-03-31');
  });

  test('day arithmetic across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-01-01', '2026-03-01')).toBe(59);
  });

  test("today is Brasília's date, not UTC's", () => {
    // 01:30 UTC on the 23rd is still 22:30 on the 22nd in São Paulo.
    expect(todayIn(new Date('2026-11-23T01:30:00Z'))).toBe('2026-11-22');
  });

  test('Brazilian display', () => {
    expect(formatDateBr('2026-11-22')).toBe('22/11/2026');
  });
});
