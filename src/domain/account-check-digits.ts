/**
 * The check digits banks give their agências and contas, by each bank's own algorithm. A bank refuses a file
 * whose paying account's digit is wrong (FEBRABAN's AG: "agência/conta corrente/DV inválido"), so `cnab lint`
 * checks it offline, before the file goes.
 *
 * Sources (the algorithms are the banks' own, published for account validation):
 * - FEBRABAN / Banco Central, "Regras de Validação de Conta Corrente" (collected by the validators
 *   herbertscruz/br-bank-account-validator, doc/Regras Validacao Conta Corrente VI_EPS.pdf, @3f5254f6, and
 *   wirecardBrasil/bank-account-validator-js, src/*_check_number_calculator.js, @12ed1366), whose worked
 *   examples are this module's tests (test/unit/domain/account-check-digits.test.ts):
 *   - Itaú (341): one DAC over agência (4) and conta (5), module 10, weights 2,1,2,1… from the left, the digits
 *     of each product summed (ex. 2545 / 02366-1);
 *   - Banco do Brasil (001): agência (4) weights 5,4,3,2 and conta (8) weights 9…2, module 11, 11 − rest,
 *     10 → X, 11 → 0 (ex. 1584-9, 00210169-6);
 *   - Bradesco (237): agência (4) weights 5,4,3,2, 10 → P, 11 → 0; conta (7) weights 2,7,6,5,4,3,2, rest 0 → 0,
 *     rest 1 → P, otherwise 11 − rest (ex. 0238069-2, 0301357-P);
 *   - Caixa (104): agência (4), operação (3) and conta (8) together, weights 8,7,6,5,4,3,2,9,8,7,6,5,4,3,2,
 *     the digit (sum × 10) mod 11, 10 → 0 (ex. 2004 / 001 / 00000448-6);
 *   - Santander (033): agência (4), "00" and conta (8), weights 9,7,3,1,0,0,9,7,1,3,1,9,7,3, the units of each
 *     product summed, 10 − the sum's units, 10 → 0 (ex. 0189 / 01017417-9).
 * Other banks' algorithms are not known here: their digits are not judged.
 */

const digitsOf = (text: string) => text.replace(/\D/g, '');

function weighted(digits: string, weights: readonly number[]): number[] {
  return [...digits].map((d, i) => Number(d) * (weights[i] ?? 0));
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

function mod11(digits: string, weights: readonly number[], ten: string): string {
  const r = 11 - (sum(weighted(digits, weights)) % 11);
  return r === 11 ? '0' : r === 10 ? ten : String(r);
}

/** Itaú's DAC over agência (4 digits) and conta (5 digits). */
export function itauDac(agency: string, account: string): string {
  const products = weighted(agency.padStart(4, '0') + account.padStart(5, '0'), [2, 1, 2, 1, 2, 1, 2, 1, 2]);
  const total = sum(products.map((p) => (p > 9 ? p - 9 : p)));
  return String((10 - (total % 10)) % 10);
}

/** Banco do Brasil's agência digit (4 digits, module 11, 10 → X). */
export const bbAgencyDigit = (agency: string) => mod11(agency.padStart(4, '0'), [5, 4, 3, 2], 'X');

/** Banco do Brasil's conta digit (8 digits, module 11, 10 → X). */
export const bbAccountDigit = (account: string) =>
  mod11(account.padStart(8, '0'), [9, 8, 7, 6, 5, 4, 3, 2], 'X');

/** Bradesco's agência digit (4 digits, module 11, 10 → P). */
export const bradescoAgencyDigit = (agency: string) => mod11(agency.padStart(4, '0'), [5, 4, 3, 2], 'P');

/** Bradesco's conta digit (7 digits): rest 0 → 0, rest 1 → P, otherwise 11 − rest. */
export function bradescoAccountDigit(account: string): string {
  const r = sum(weighted(account.padStart(7, '0'), [2, 7, 6, 5, 4, 3, 2])) % 11;
  return r === 0 ? '0' : r === 1 ? 'P' : String(11 - r);
}

/** Caixa's conta digit over agência (4), operação (3) and conta (8). */
export function caixaAccountDigit(agency: string, operation: string, account: string): string {
  const digits = agency.padStart(4, '0') + operation.padStart(3, '0') + account.padStart(8, '0');
  const r = (sum(weighted(digits, [8, 7, 6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])) * 10) % 11;
  return r === 10 ? '0' : String(r);
}

/** Santander's conta digit over agência (4) and conta (8). */
export function santanderAccountDigit(agency: string, account: string): string {
  const digits = `${agency.padStart(4, '0')}00${account.padStart(8, '0')}`;
  const products = weighted(digits, [9, 7, 3, 1, 0, 0, 9, 7, 1, 3, 1, 9, 7, 3]);
  const total = sum(products.map((p) => p % 10));
  return String((10 - (total % 10)) % 10);
}

/**
 * Each bank's rule, in one place for judging a digit and for giving one: how many digits its conta has (Caixa's:
 * its operação's 3 and the conta's 8), the agência's digit where it has one, and the conta's.
 */
interface DigitRule {
  width: number;
  agencyDigit?: (agency: string) => string;
  accountDigit: (agency: string, account: string) => string;
}

const RULES: Readonly<Record<string, DigitRule>> = {
  '341': { width: 5, accountDigit: itauDac },
  '001': { width: 8, agencyDigit: bbAgencyDigit, accountDigit: (_, c) => bbAccountDigit(c) },
  '237': { width: 7, agencyDigit: bradescoAgencyDigit, accountDigit: (_, c) => bradescoAccountDigit(c) },
  '104': { width: 11, accountDigit: (a, c) => caixaAccountDigit(a, c.slice(0, 3), c.slice(3)) },
  '033': { width: 8, accountDigit: santanderAccountDigit },
};

/** The agência's number: a CNAB header writes it in 5 positions (53-57), the number is the last 4. */
export const agencyNumber = (text: string) => digitsOf(text).replace(/^0(?=\d{4}$)/, '');

/** An account as a bank file or the registry gives it: agência, conta (without its digit) and the digits given. */
export interface AccountToCheck {
  bank: string;
  agency: string;
  agencyDigit?: string | undefined;
  account: string;
  accountDigit: string;
}

/** What a check digit should be, where the bank's algorithm says, and what was given. */
export interface DigitProblem {
  field: 'agency_digit' | 'account_digit';
  given: string;
  expected: string;
}

/**
 * The digits of an account its bank's algorithm disagrees with (none when it agrees, or when the bank's algorithm
 * is not known here, or the numbers are not of its form: a Caixa conta without its operação cannot be judged).
 * A digit left blank is not judged (Itaú, Caixa and Santander write no agência digit).
 */
export function accountDigitProblems(a: AccountToCheck): DigitProblem[] {
  const rule = RULES[a.bank.padStart(3, '0')];
  const agency = agencyNumber(a.agency);
  if (!rule || agency.length === 0 || agency.length > 4) return [];
  // the conta without the zeros that fill its field; Caixa's keeps its operação's ("0003" + 8 digits in a header)
  const core = digitsOf(a.account).replace(new RegExp(`^0+(?=\\d{${rule.width === 11 ? 11 : 1}})`), '');
  const problems: DigitProblem[] = [];
  const check = (field: DigitProblem['field'], given: string, expected: string | null) => {
    const said = given.trim().toUpperCase();
    if (expected !== null && said !== '' && said !== expected)
      problems.push({ field, given: said, expected });
  };
  if (rule.agencyDigit) check('agency_digit', a.agencyDigit ?? '', rule.agencyDigit(agency));
  const judged = rule.width === 11 ? core.length === 11 : core.length > 0 && core.length <= rule.width;
  check(
    'account_digit',
    a.accountDigit,
    judged ? rule.accountDigit(agency, core.padStart(rule.width, '0')) : null,
  );
  return problems;
}

/**
 * An agência and conta as a registry writes them, with the digits the bank's algorithm gives: `1607-1` and
 * `00028410-6` at Banco do Brasil, `022.00023456-3` at Caixa (its operação, default 003, before the conta); as
 * given where the bank's algorithm is not known here.
 */
export function withCheckDigits(
  bank: string,
  agency: string,
  account: string,
  options: { operation?: string } = {},
): { agency: string; account: string } {
  const rule = RULES[bank.padStart(3, '0')];
  if (!rule) return { agency, account };
  const operation = rule.width === 11 ? (options.operation ?? '003') : '';
  return {
    agency: rule.agencyDigit ? `${agency}-${rule.agencyDigit(agency)}` : agency,
    account: `${operation ? `${operation}.` : ''}${account}-${rule.accountDigit(agency, operation + account)}`,
  };
}
