import { describe, expect, test } from 'vitest';
import {
  bankHolidays,
  easterSunday,
  nextBusinessDay,
  notBusinessDay,
  paymentDateRefusal,
  paymentDateRefusalText,
} from '../../../src/domain/business-days.js';
import { parseDateInput } from '../../../src/domain/date-input.js';

/** Bank business days: weekends, fixed national holidays and the movable feasts that follow Easter. */
describe('bank business days', () => {
  test('Easter Sunday, as the calendars print it', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  test('the movable bank holidays of 2026: Carnival 16-17 Feb, Good Friday 3 Apr, Corpus Christi 4 Jun', () => {
    const h = bankHolidays(2026);
    expect(h.get('2026-02-16')).toMatch(/Carnaval/);
    expect(h.get('2026-02-17')).toMatch(/Carnaval/);
    expect(h.get('2026-04-03')).toBe('Sexta-feira Santa');
    expect(h.get('2026-06-04')).toBe('Corpus Christi');
    expect(h.size).toBe(13);
  });

  test('20 November is a holiday from 2024 on', () => {
    expect(notBusinessDay('2026-11-20')).toMatch(/Consciência Negra/);
    expect(bankHolidays(2023).has('2023-11-20')).toBe(false);
  });

  test('weekends and holidays are refused, naming the next business day', () => {
    expect(notBusinessDay('2026-11-24')).toBeNull(); // a Tuesday
    expect(paymentDateRefusal('2026-11-28')).toBe(
      '2026-11-28 is a Saturday, not a bank business day; the next one is 2026-11-30',
    );
    expect(paymentDateRefusal('2026-12-25')).toBe(
      '2026-12-25 is a bank holiday (Natal), not a bank business day; the next one is 2026-12-28',
    );
    // as a Brazilian reads it (#53): DD/MM/AAAA, the weekday in Portuguese
    expect(paymentDateRefusalText('2026-11-28')?.pt).toBe(
      '28/11/2026 é sábado, não é dia útil bancário; o próximo é 30/11/2026',
    );
    expect(paymentDateRefusalText('2026-12-25')?.pt).toBe(
      '25/12/2026 é feriado bancário (Natal), não é dia útil bancário; o próximo é 28/12/2026',
    );
    expect(paymentDateRefusalText('2026-11-24')).toBeNull();
    expect(nextBusinessDay('2026-04-03')).toBe('2026-04-06'); // Good Friday, then the weekend
    expect(nextBusinessDay('2026-02-14')).toBe('2026-02-18'); // Saturday before Carnival: Ash Wednesday
  });

  test('`next-business-day` as a date a person types', () => {
    expect(parseDateInput('next-business-day', '2026-11-27')).toEqual({ ok: true, value: '2026-11-30' });
    expect(parseDateInput('next-business-day', '2026-11-24')).toEqual({ ok: true, value: '2026-11-25' });
  });
});
