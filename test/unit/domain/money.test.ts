import { describe, expect, test } from 'vitest';
import {
  centsToDecimal,
  decimalToCents,
  formatReais,
  hasAtMostTwoDecimals,
  parseReais,
} from '../../../src/domain/money.js';

describe('parseReais: amounts as a person types them, exactly in cents', () => {
  test.each([
    ['1234.56', 123456],
    ['1234,56', 123456],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['R$ 1.234,56', 123456],
    ['r$1.234,56', 123456],
    ['10', 1000],
    ['0,1', 10],
    ['0,01', 1],
    ['1.234.567,89', 123456789],
    ['1.234.567', 123456700],
    ['-5,00', -500],
    ['  7,5 ', 750],
  ])('%s -> %i cents', (text, cents) => {
    expect(parseReais(text)).toEqual({ ok: true, value: cents });
  });

  test.each([
    '1,234',
    '1.234',
    '12.345',
    '10,123',
    '1.2345',
    'abc',
    '',
    '1,2,3',
    '1.23.4',
    'R$',
    '1e3',
    '12,',
  ])('%j is refused', (text) => {
    const r = parseReais(text);
    expect(r.ok).toBe(false);
  });

  test('ambiguous input says how to write it', () => {
    const r = parseReais('1,234');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/ambiguous/);
  });
});

describe('formatReais', () => {
  test.each([
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [123456, 'R$ 1.234,56'],
    [100000000, 'R$ 1.000.000,00'],
    [-250, '-R$ 2,50'],
  ])('%i -> %s', (cents, text) => expect(formatReais(cents)).toBe(text));

  test('round trips with parseReais', () => {
    for (const cents of [1, 99, 100, 101, 123456, 987654321]) {
      expect(parseReais(formatReais(cents))).toEqual({ ok: true, value: cents });
    }
  });
});

describe('decimals on the wire', () => {
  test('two decimals at most, read from the number text, not by float multiplication', () => {
    expect(hasAtMostTwoDecimals(0.29)).toBe(true);
    expect(hasAtMostTwoDecimals(10.125)).toBe(false);
    expect(decimalToCents(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(decimalToCents(1.1)).toBe(110);
    expect(decimalToCents(1005)).toBe(100500);
    expect(decimalToCents(-12.3)).toBe(-1230);
    expect(() => decimalToCents(1.001)).toThrow(/more than two decimals/);
  });

  test('cents back to a decimal', () => {
    expect(centsToDecimal(29)).toBe(0.29);
    expect(centsToDecimal(123456)).toBe(1234.56);
    expect(centsToDecimal(-5)).toBe(-0.05);
  });
});
