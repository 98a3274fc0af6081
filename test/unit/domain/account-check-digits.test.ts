import { isValidBankAccount } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import {
  accountDigitProblems,
  bbAccountDigit,
  bbAgencyDigit,
  bradescoAccountDigit,
  bradescoAgencyDigit,
  caixaAccountDigit,
  itauDac,
  santanderAccountDigit,
  withCheckDigits,
} from '../../../src/domain/account-check-digits.js';

// The worked examples of the banks' rules as the account validators publish them (sources in the module's header):
// an oracle independent of the code under test.
describe('account check digits, by each bank’s algorithm', () => {
  it('Itaú: one DAC over agência and conta, module 10', () => {
    expect(itauDac('2545', '02366')).toBe('1');
    expect(itauDac('1874', '10009')).toBe('0');
    expect(itauDac('0910', '00988')).toBe('5');
  });
  it('Banco do Brasil: module 11, 10 is X', () => {
    expect(bbAgencyDigit('1584')).toBe('9');
    expect(bbAgencyDigit('1852')).toBe('X');
    expect(bbAccountDigit('00210169')).toBe('6');
    expect(bbAccountDigit('10089934')).toBe('X');
  });
  it('Bradesco: module 11, 10 is P on the agência, rest 1 is P on the conta', () => {
    expect(bradescoAgencyDigit('1425')).toBe('7');
    expect(bradescoAgencyDigit('8221')).toBe('P');
    expect(bradescoAccountDigit('0238069')).toBe('2');
    expect(bradescoAccountDigit('0301357')).toBe('P');
    expect(bradescoAccountDigit('0325620')).toBe('0');
  });
  it('Caixa: agência, operação and conta together', () => {
    expect(caixaAccountDigit('2004', '001', '00000448')).toBe('6');
  });
  it('Santander: agência, 00 and conta, the units of each product', () => {
    expect(santanderAccountDigit('0189', '01017417')).toBe('9');
  });
  it('names the digit that is wrong and what it should be; a bank it does not know is not judged', () => {
    expect(
      accountDigitProblems({ bank: '341', agency: '2545', account: '02366', accountDigit: '1' }),
    ).toEqual([]);
    expect(
      accountDigitProblems({ bank: '341', agency: '2545', account: '02366', accountDigit: '7' }),
    ).toEqual([{ field: 'account_digit', given: '7', expected: '1' }]);
    expect(
      accountDigitProblems({
        bank: '001',
        agency: '1584',
        agencyDigit: '8',
        account: '00210169',
        accountDigit: '6',
      }),
    ).toEqual([{ field: 'agency_digit', given: '8', expected: '9' }]);
    // Caixa's operação rides in the conta field: 0001 + 8 digits, as a CNAB 240 header writes it
    expect(
      accountDigitProblems({ bank: '104', agency: '2004', account: '000100000448', accountDigit: '6' }),
    ).toEqual([]);
    // without its operação a Caixa conta cannot be judged
    expect(
      accountDigitProblems({ bank: '104', agency: '2004', account: '00000448', accountDigit: '1' }),
    ).toEqual([]);
    expect(
      accountDigitProblems({ bank: '260', agency: '0001', account: '9384756', accountDigit: '1' }),
    ).toEqual([]);
  });
});

describe('against an independent implementation (brazilian-utils)', () => {
  it('every account condo numbers (withCheckDigits, as the seed does) is valid by its rule, and one digit off is not', () => {
    let checked = 0;
    for (const bank of ['341', '001', '237', '104', '033']) {
      const width = bank === '341' ? 5 : bank === '237' ? 7 : 8;
      for (let n = 1; n <= 60; n++) {
        const agency = String(1000 + ((n * 379) % 9000)).padStart(4, '0');
        const number = String(10_000 + n * 7_919)
          .padStart(width, '0')
          .slice(-width);
        const { account } = withCheckDigits(bank, agency, number, { operation: n % 2 ? '003' : '022' });
        const [body = '', digit = ''] = account.split('-');
        const plain = body.replace('.', '');
        expect(
          isValidBankAccount({ bankCode: bank, agency, account: plain, digit }),
          `${bank} ${agency} ${account}`,
        ).toBe(true);
        const other = digit === '0' ? '1' : '0';
        expect(isValidBankAccount({ bankCode: bank, agency, account: plain, digit: other })).toBe(false);
        expect(accountDigitProblems({ bank, agency, account: plain, accountDigit: digit })).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBe(300);
  });
});
