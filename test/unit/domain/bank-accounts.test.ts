import { expect, test } from 'vitest';
import { headerAccountMatch } from '../../../src/domain/bank-accounts.js';

/** #34 point 1: a remittance header's paying account against the condominium's registered accounts. */

const ITAU = { agency: '0350', account_number: '12345-1' };

test('the same agência, conta and digit, however many zeros the header pads them with', () => {
  expect(headerAccountMatch(ITAU, { agency: '00350', account: '000000012345', digit: '1' })).toBe('same');
  expect(headerAccountMatch(ITAU, { agency: '350', account: '12345', digit: '1' })).toBe('same');
});

test('the same agência and conta with another digit is told apart from another account', () => {
  expect(headerAccountMatch(ITAU, { agency: '00350', account: '000000012345', digit: '4' })).toBe(
    'digit-differs',
  );
  expect(headerAccountMatch(ITAU, { agency: '00350', account: '000000054321', digit: '1' })).toBe('other');
  expect(headerAccountMatch(ITAU, { agency: '00351', account: '000000012345', digit: '1' })).toBe('other');
});

test('an agência written with its own digit, a conta digit X, a registry number without its digit apart', () => {
  const bb = { agency: '1234-5', account_number: '98765-X' };
  expect(headerAccountMatch(bb, { agency: '01234', account: '000000098765', digit: 'x' })).toBe('same');
  expect(headerAccountMatch(bb, { agency: '01234', account: '000000098765', digit: '0' })).toBe(
    'digit-differs',
  );
  const plain = { agency: '0350', account_number: '123451' };
  expect(headerAccountMatch(plain, { agency: '00350', account: '000000012345', digit: '1' })).toBe('same');
  expect(headerAccountMatch(plain, { agency: '00350', account: '000000123451', digit: '' })).toBe('same');
  expect(headerAccountMatch(plain, { agency: '00350', account: '000000012345', digit: '9' })).toBe('other');
});
