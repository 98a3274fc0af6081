import { describe, expect, test } from 'vitest';
import { returnOwners, statementAccounts } from '../../../src/app/import-routing.js';

/** Two condominiums of a firm, each with its accounts; a third that could not be asked. */
const alfa = {
  name: 'alfa',
  accountsRead: [{ id: 1, bank_code: '341', agency: '1234', account_number: '56789-0' }],
};
const beta = {
  name: 'beta',
  accountsRead: [
    { id: 7, bank_code: '001', agency: '0001', account_number: '12345-6' },
    { id: 8, bank_code: '341', agency: '1234', account_number: '99999-9' },
  ],
};
const down = { name: 'gama', failure: new Error('unreachable') };

describe('which condominium a bank file goes to (#54: the application layer, no terminal)', () => {
  test("a return: the condominiums whose accounts hold its header's account, at its bank", () => {
    expect(
      returnOwners([alfa, beta, down], { bankCode: '341', account: '56789-0' }).map((c) => c.name),
    ).toEqual(['alfa']);
    // the account however written (zeros, no dash); the bank named otherwise is no match
    expect(returnOwners([alfa, beta], { bankCode: '0341', account: '000567890' }).map((c) => c.name)).toEqual(
      ['alfa'],
    );
    expect(returnOwners([alfa, beta], { bankCode: '237', account: '56789-0' })).toEqual([]);
    // no account in the header: every condominium that answered may hold it (its batches decide)
    expect(returnOwners([alfa, beta, down], { bankCode: '341', account: null }).map((c) => c.name)).toEqual([
      'alfa',
      'beta',
    ]);
  });

  test('a statement: the one account its bank and account fit, among every condominium’s', () => {
    const fits = statementAccounts([alfa, beta, down], [{ bank_id: '001', account_id: '12345-6' }]);
    expect(fits.map((f) => [f.candidate.name, f.account.id])).toEqual([['beta', 7]]);
    expect(statementAccounts([alfa, beta], [{ bank_id: '033', account_id: '12345-6' }])).toEqual([]);
    // a file that names no account fits nothing: it is refused, not guessed
    expect(statementAccounts([alfa, beta], [{ bank_id: '341', account_id: null }])).toEqual([]);
  });
});
