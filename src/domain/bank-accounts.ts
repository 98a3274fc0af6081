/**
 * Which of the condominium's bank accounts a bank file names, read the tolerant way banks write them: shared by
 * the sandbox (a statement for another account is refused) and the CLI (a statement or return finds its account).
 */
import { digitsOnly } from './digits.js';

const noLeadingZeros = (text: string) => text.replace(/^0+(?=\d)/, '');

/**
 * Whether a statement's bank id names this account's bank: compared as a bank code (digits, leading zeros
 * dropped: `0341`, `341` and `341` are Itaú). A bank id without digits, or longer than a bank code (a US routing
 * number), does not match. Null when the statement names no bank.
 */
export function bankMatches(account: { bank_code: string }, bankId: string | null): boolean | null {
  if (bankId === null || bankId.trim() === '') return null;
  const given = digitsOnly(bankId);
  if (given === '') return false;
  const code = noLeadingZeros(given);
  return code.length <= 3 && code === noLeadingZeros(digitsOnly(account.bank_code));
}

/**
 * Whether a statement's account id names this account, tolerant of how banks write it: digits only, leading
 * zeros dropped, with or without the check digit, with or without the agency in front (`12345-6`, `123456`,
 * `0350123456`, `0350/12345-6`, `000012345` all name agency 0350 account 12345-6). Null when the statement
 * names no account.
 */
export function accountMatches(
  account: { agency: string; account_number: string },
  accountId: string | null,
): boolean | null {
  if (accountId === null || accountId.trim() === '') return null;
  const given = noLeadingZeros(digitsOnly(accountId));
  if (given === '') return false;
  const full = digitsOnly(account.account_number);
  const dash = account.account_number.lastIndexOf('-');
  const base = dash > 0 ? digitsOnly(account.account_number.slice(0, dash)) : full;
  const agency = digitsOnly(account.agency);
  const forms = new Set(
    [full, base, agency + full, agency + base].filter((f) => f !== '').map(noLeadingZeros),
  );
  return forms.has(given);
}

/**
 * The accounts a file's bank and account ids name: an account matches when its number does and the bank, if the
 * file names one, is its bank. Several statements in one file must all name the same account.
 */
export function accountsNamed<A extends { bank_code: string; agency: string; account_number: string }>(
  accounts: readonly A[],
  named: readonly { bank_id: string | null; account_id: string | null }[],
): A[] {
  if (named.length === 0 || named.every((n) => !n.account_id)) return [];
  return accounts.filter((a) =>
    named.every((n) => accountMatches(a, n.account_id) === true && bankMatches(a, n.bank_id) !== false),
  );
}
