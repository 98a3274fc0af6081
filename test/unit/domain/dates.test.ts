import { describe, expect, test } from 'vitest';
import { parseDateInput } from '../../../src/domain/date-input.js';
import {
  addDays,
  addMonthsClamped,
  daysBetween,
  formatDateBr,
  formatInstantBr,
  isIsoDate,
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
    // as a Brazilian types them (#53), with or without the accents
    ['hoje', '2026-11-22'],
    ['amanhã', '2026-11-23'],
    ['amanha', '2026-11-23'],
    ['ontem', '2026-11-21'],
    ['próximo-dia-útil', '2026-11-23'],
  ])('%s relative to 2026-11-22 is %s', (input, expected) => {
    expect(parseDateInput(input, '2026-11-22')).toEqual({ ok: true, value: expected });
  });

  test.each(['2026-02-30', '22/11/26', 'next week', '+d', '10d'])('%s is refused', (input) => {
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

describe('Brasília without Intl', () => {
  // Intl's own America/Sao_Paulo data is the oracle for the fixed UTC−3 the fast path uses since 2019-02-17
  const intlDate = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const intlTime = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

  test('today and the wall clock agree with Intl on every hour around midnight, 2019 to 2030', () => {
    for (let day = Date.UTC(2019, 1, 17); day < Date.UTC(2030, 0, 1); day += 37 * 86_400_000) {
      for (const hour of [0, 1, 2, 2.99, 3, 3.01, 4, 12, 23.5]) {
        const at = new Date(day + hour * 3_600_000);
        expect(todayIn(at)).toBe(intlDate.format(at));
        expect(formatInstantBr(at.toISOString()).slice(11)).toBe(intlTime.format(at));
      }
    }
  });

  test('an instant of the daylight-saving years is still read with the summer offset', () => {
    // 2018-12-01 02:30Z was 00:30 of the 1st in Brasília under daylight saving (UTC−2), not 23:30 of the 30th
    expect(todayIn(new Date('2018-12-01T02:30:00Z'))).toBe('2018-12-01');
    expect(formatInstantBr('2018-12-01T02:30:00Z')).toBe('01/12/2018 00:30');
    expect(todayIn(new Date('2026-12-01T02:30:00Z'))).toBe('2026-11-30');
  });
});

describe('dates as people type them (#28)', () => {
  const today = '2026-11-25';
  test('DD/MM/YYYY, as every screen shows dates', () => {
    expect(parseDateInput('31/12/2026', today)).toEqual({ ok: true, value: '2026-12-31' });
    expect(parseDateInput('1/2/2027', today)).toEqual({ ok: true, value: '2027-02-01' });
    expect(parseDateInput('31/02/2026', today).ok).toBe(false);
  });
  test('DD/MM: this year in a filter; the next such date for a date still to come', () => {
    expect(parseDateInput('10/01', today)).toEqual({ ok: true, value: '2026-01-10' });
    expect(parseDateInput('10/01', today, 'next')).toEqual({ ok: true, value: '2027-01-10' });
    expect(parseDateInput('25/11', today, 'next')).toEqual({ ok: true, value: '2026-11-25' });
    expect(parseDateInput('29/02', today, 'next').ok).toBe(false); // 2027 has no 29 February
  });
  test('a two-digit year is refused with the reason', () => {
    const r = parseDateInput('31/12/26', today);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error.message).toBe(
        '"31/12/26": the year must have four digits (31/12/2026?): a two-digit year could be of two centuries',
      );
  });
});
