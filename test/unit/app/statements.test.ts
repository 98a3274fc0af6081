import { describe, expect, test } from 'vitest';
import { accountOfStatement } from '../../../src/app/statements.js';
import { UsageError } from '../../../src/domain/errors.js';
import { servedSandbox } from './served.js';

/** The account a statement goes into, found by what the file says (#72 point 1: was cli/statement-import.ts's). */
const served = servedSandbox();

const statement = (bank_id: string | null, account_id: string | null) => ({
  statements: [{ bank_id, account_id }],
});

describe("a statement's account by what the file names", () => {
  test('with or without its check digit and leading zeros; an account none has is refused naming them all', async () => {
    const [account] = await served.client.bankAccounts.list();
    if (!account?.account_number || !account.bank_code) throw new Error('the seed has no bank account');
    const number = String(account.account_number);
    const found = await accountOfStatement(
      served.client,
      'x.ofx',
      statement(String(account.bank_code), number),
    );
    expect(found).toMatchObject({ id: account.id });
    const padded = `000${number.replace(/\D/g, '')}`;
    expect(
      (await accountOfStatement(served.client, 'x.ofx', statement(String(account.bank_code), padded))).id,
    ).toBe(account.id);
    const none = accountOfStatement(served.client, 'x.ofx', statement('999', '123'));
    await expect(none).rejects.toBeInstanceOf(UsageError);
    await expect(none).rejects.toThrow(
      /^x\.ofx: the file names bank 999 account 123, none of this condominium's accounts: .*give --account$/,
    );
  });
});
