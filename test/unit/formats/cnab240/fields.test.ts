import { describe, expect, test } from 'vitest';
import { allDigits, allZeros, cpfCnpjOfType, fromCnabDate } from '../../../../src/formats/cnab240/fields.js';

/** The field readers every record passes through: read in place, by loops, and the same answer every time. */
describe('CNAB 240 fields', () => {
  test('a DDMMAAAA date reads as YYYY-MM-DD; blanks, zeros, placeholders and impossible days read as nothing', () => {
    expect(fromCnabDate('01122026')).toBe('2026-12-01');
    expect(fromCnabDate('29022024')).toBe('2024-02-29');
    expect(fromCnabDate('31122099')).toBe('2099-12-31');
    for (const nothing of [
      '29022026',
      '31042026',
      '00122026',
      '01132026',
      '00000000',
      '01010001',
      '        ',
    ])
      expect(fromCnabDate(nothing)).toBeNull();
    for (const notADate of ['0112202', '011220260', '0112 026', '01-12-26', ''])
      expect(fromCnabDate(notADate)).toBeNull();
  });

  test('a date asked again, among others, reads the same (its answer is kept)', () => {
    const days = Array.from(
      { length: 3000 },
      (_, i) =>
        `${String((i % 28) + 1).padStart(2, '0')}${String((i % 12) + 1).padStart(2, '0')}${2000 + (i % 50)}`,
    );
    for (const day of [...days, ...days]) {
      const iso = `${day.slice(4)}-${day.slice(2, 4)}-${day.slice(0, 2)}`;
      expect(fromCnabDate(day)).toBe(iso);
    }
  });

  test('digits and zeros are told apart from blanks and letters', () => {
    expect(allDigits('0123456789')).toBe(true);
    expect(allDigits('')).toBe(false);
    expect(allDigits('12 34')).toBe(false);
    expect(allDigits('12a4')).toBe(false);
    expect(allZeros('0000')).toBe(true);
    expect(allZeros('')).toBe(true);
    expect(allZeros('0010')).toBe(false);
    expect(allZeros('   ')).toBe(false);
  });

  test('a document field reads as a CPF or a CNPJ by its type, or with none by its digits past the padding', () => {
    // typed (segment B): the last 11 or 14 digits
    expect(cpfCnpjOfType('1', '00012345678909')).toBe('12345678909');
    expect(cpfCnpjOfType('2', '011222333000181')).toBe('11222333000181');
    // no type (Itaú's segment A, 15 positions): 11 digits or fewer past the zeros are a CPF, more a CNPJ
    expect(cpfCnpjOfType(null, '000012345678909')).toBe('12345678909');
    expect(cpfCnpjOfType(null, '000000000000191')).toBe('00000000191');
    expect(cpfCnpjOfType(null, '011222333000181')).toBe('11222333000181');
    expect(cpfCnpjOfType(null, '00000123456789012')).toBe('00123456789012');
    expect(cpfCnpjOfType(null, '11222333000181')).toBe('11222333000181');
    expect(cpfCnpjOfType(null, '12345678909')).toBe('12345678909');
    expect(cpfCnpjOfType(null, '123456789012345')).toBe('123456789012345');
    // blank or zeros: none; anything but digits kept as written, to be said as it is
    expect(cpfCnpjOfType(null, '000000000000000')).toBeNull();
    expect(cpfCnpjOfType('2', '               ')).toBeNull();
    expect(cpfCnpjOfType(null, ' 12.345.678/0001-95 ')).toBe('12.345.678/0001-95');
  });
});
