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
 * `0350123456`, `0350/12345-6`, `000012345` all name agency 0350 account 12345-6), a Caixa conta with or without
 * its operação (`022.00023456-3`, `00023456-3`). Null when the statement names no account.
 */
export function accountMatches(
  account: { agency: string; account_number: string },
  accountId: string | null,
): boolean | null {
  if (accountId === null || accountId.trim() === '') return null;
  const given = noLeadingZeros(digitsOnly(accountId));
  if (given === '') return false;
  // a Caixa conta is written after its operação (`022.00023456-3`); its statements may leave the operação out
  const numbers = [account.account_number];
  const dot = account.account_number.indexOf('.');
  if (dot > 0) numbers.push(account.account_number.slice(dot + 1));
  const agency = digitsOnly(account.agency.split('-')[0] ?? '');
  const forms = new Set(
    numbers
      .flatMap((n) => {
        const full = digitsOnly(n);
        const base = numberAndDigit(n).number;
        return [full, base, agency + full, agency + base];
      })
      .filter((f) => f !== '')
      .map(noLeadingZeros),
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

/**
 * How a bank file header's paying account (agência, conta and its digit, each in its own field) stands to an
 * account of the registry: the same account; the same agência and conta with another digit (a typo the bank
 * refuses); or another account. Leading zeros do not count; an agência's own digit (`1234-5`) is left out.
 */
export function headerAccountMatch(
  account: { agency: string; account_number: string },
  header: { agency: string; account: string; digit: string },
): 'same' | 'digit-differs' | 'other' {
  const agencyOf = (text: string) => noLeadingZeros(digitsOnly(text.split('-')[0] ?? ''));
  if (agencyOf(account.agency) !== agencyOf(header.agency)) return 'other';
  const { number, digit } = numberAndDigit(account.account_number);
  const given = noLeadingZeros(digitsOnly(header.account));
  if (digit === null)
    // a registry number without its digit apart: the header's number, with or without its digit, is it
    return [given, noLeadingZeros(digitsOnly(header.account + header.digit))].includes(noLeadingZeros(number))
      ? 'same'
      : 'other';
  if (noLeadingZeros(number) !== given) return 'other';
  return digit === header.digit.trim().toUpperCase() ? 'same' : 'digit-differs';
}

/**
 * A registry's account number as its number and its digit, where a dash sets the digit apart (`12345-6`); with no
 * dash, the digits whole and no digit apart.
 */
function numberAndDigit(accountNumber: string): { number: string; digit: string | null } {
  const dash = accountNumber.lastIndexOf('-');
  return dash > 0
    ? {
        number: digitsOnly(accountNumber.slice(0, dash)),
        digit: accountNumber
          .slice(dash + 1)
          .trim()
          .toUpperCase(),
      }
    : { number: digitsOnly(accountNumber), digit: null };
}
