/**
 * `cnab lint` against the server (#54 point 1): a remittance's paying account among the condominium's accounts,
 * and its file sequence (NSA) above every one the condominium's batches used. Findings by code, added to the
 * report in their place; the CLI runs them when a profile is named and prints the report.
 */
import type { Client } from '../client/index.js';
import { bankMatches, headerAccountMatch } from '../domain/bank-accounts.js';
import { cnabFinding } from '../formats/cnab240/findings.js';
import type { LintReport } from '../formats/cnab240/lint.js';
import { sha256File } from './files.js';

/**
 * The file header's paying account must be one of the condominium's accounts at the file's bank, digit and all:
 * the bank refuses a file for an account not of its contract (HD) or with a wrong digit (AG). A digit other than
 * the registered one is an error; an account the registry does not list, a warning (the server's list is the
 * condominium's view, not the bank's contract).
 */
export async function checkCompanyAccount(client: Client, report: LintReport): Promise<void> {
  const header = report.company_account;
  if (!header || report.bank_code === null) return;
  const { addFinding } = await import('../formats/cnab240/lint.js');
  // an account the server lists without its bank, agência or number cannot be compared
  const bank = report.bank_code;
  const atBank = (await client.bankAccounts.list()).flatMap((a) =>
    // the bank by its code however written (341, 0341), as a statement's is
    a.bank_code && bankMatches({ bank_code: a.bank_code }, bank) && a.agency && a.account_number
      ? [{ agency: a.agency, account_number: a.account_number }]
      : [],
  );
  const matches = atBank.map((a) => ({ a, match: headerAccountMatch(a, header) }));
  if (matches.some((m) => m.match === 'same')) return;
  const said = `agência ${header.agency} conta ${header.account}${header.digit ? `-${header.digit}` : ''}`;
  const near = matches.find((m) => m.match === 'digit-differs')?.a;
  const known = atBank.map((a) => `${a.agency}/${a.account_number}`).join(', ');
  addFinding(
    report,
    'company-account',
    1,
    // the digit where it differs (Itaú's DAC at 72, FEBRABAN's at 71), else the account from the agência
    near ? header.digit_column : 53,
    near
      ? cnabFinding('lint.company-account-digit', {
          header: said,
          digit: header.digit,
          account: `${near.agency}/${near.account_number}`,
        })
      : atBank.length > 0
        ? cnabFinding('lint.company-account-other', { header: said, bank: report.bank_code ?? '', known })
        : cnabFinding('lint.company-account-none', { header: said, bank: report.bank_code ?? '' }),
    near ? 'error' : 'warning',
  );
}

/** The file's NSA must be above every other the condominium's batches used (the file's own batch aside). */
export async function checkSequence(client: Client, path: string, report: LintReport): Promise<void> {
  const nsa = report.file_sequence;
  if (nsa === null) return;
  const { addFinding } = await import('../formats/cnab240/lint.js');
  const own = await sha256File(path);
  const batches = await client.batches.list({ all: true });
  const others = batches.filter((b) => b.file_sha256 !== own && typeof b.file_sequence === 'number');
  const last = others.reduce<(typeof others)[number] | undefined>(
    (top, b) => (!top || (b.file_sequence as number) > (top.file_sequence as number) ? b : top),
    undefined,
  );
  if (last && nsa <= (last.file_sequence as number))
    addFinding(
      report,
      'file-sequence',
      1,
      158,
      cnabFinding('lint.file-sequence', {
        nsa,
        last: last.file_sequence as number,
        batch: last.public_id,
      }),
    );
}
