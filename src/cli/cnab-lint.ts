/**
 * `cnab lint` on one file (commands/cnab.ts runs it over each): the findings printed as a table, tsv or JSON, and,
 * with a profile, the paying account and the file sequence (NSA) checked against the condominium's.
 */
import { lintCnabFile } from '../app/files.js';
import { bankMatches, headerAccountMatch } from '../domain/bank-accounts.js';
import type { Text } from '../domain/text.js';
import { cnabFinding } from '../formats/cnab240/findings.js';
import type { LintFinding, LintReport } from '../formats/cnab240/lint.js';
import type { Deps } from './context.js';
import { sha256File } from './files.js';
import { paint, writeLine } from './io.js';
import { type Column, printJson, printList, wrapMessage } from './output.js';
import type { FileLabel } from './per-file.js';

/** A lint's findings checked in a file of the user's: the file first, whatever its kind, named by its argument. */
const SEVERITY_NAMES: Readonly<Record<LintFinding['severity'], Text>> = {
  error: { en: 'error', pt: 'erro' },
  warning: { en: 'warning', pt: 'aviso' },
};

/** The findings of a lint: a line saying how many and by which pack, then one row each. */
export async function printLint(
  deps: Deps,
  path: string,
  report: LintReport,
  /** one of many files: a script's rows name it (its heading goes to stderr), as a table's heading does */
  ofMany = false,
): Promise<void> {
  const { ruleReference } = await import('../formats/cnab240/lint-rules.js');
  const t = deps.t;
  const count = (n: number, one: Text, many: Text) => `${n} ${t(n === 1 ? one : many)}`;
  const errors = count(report.errors, { en: 'error', pt: 'erro' }, { en: 'errors', pt: 'erros' });
  const warnings = count(report.warnings, { en: 'warning', pt: 'aviso' }, { en: 'warnings', pt: 'avisos' });
  const said = t({
    en: `${path}: ${errors}, ${warnings} (${report.pack} rules, bank ${report.bank_code ?? '?'})`,
    pt: `${path}: ${errors}, ${warnings} (regras ${report.pack}, banco ${report.bank_code ?? '?'})`,
  });
  if (deps.format === 'table')
    writeLine(
      deps.io.stdout,
      paint(deps.io, report.errors > 0 ? 'red' : 'bold', wrapMessage(deps.io, said, deps.io.stdout)),
    );
  else deps.info(said, true);
  if (report.findings.length === 0) return;
  if (deps.format === 'table') writeLine(deps.io.stdout);
  const file: Column<LintFinding>[] =
    ofMany && deps.format !== 'table' ? [{ header: { en: 'FILE', pt: 'ARQUIVO' }, value: () => path }] : [];
  await printList(deps, report.findings, [
    ...file,
    { header: { en: 'LINE', pt: 'LINHA' }, value: (f) => f.line },
    { header: { en: 'COL', pt: 'COL' }, value: (f) => f.column },
    {
      header: { en: 'SEVERITY', pt: 'GRAVIDADE' },
      value: (f) => SEVERITY_NAMES[f.severity],
      style: (f) => (f.severity === 'error' ? 'red' : 'yellow'),
    },
    { header: { en: 'RULE', pt: 'REGRA' }, value: (f) => f.rule, fixed: true },
    // the reader's words, in Portuguese where its catalogue has them
    {
      header: { en: 'FINDING', pt: 'ACHADO' },
      value: (f) => ({ en: f.message, pt: t(f.finding ?? f.message) }),
      wrap: true,
    },
    { header: { en: 'REFERENCE', pt: 'REFERÊNCIA' }, value: (f) => ruleReference(f.rule), drop: 1 },
  ]);
}

export async function lintOne(
  deps: Deps,
  path: string,
  bank: string | undefined,
  label: FileLabel,
): Promise<{ code: number; remessaUnchecked: boolean }> {
  const report = await lintCnabFile(path, bank);
  // with a profile named, the file's NSA against the server's batches (a number a bank has seen is refused) and
  // its paying account against the condominium's (a file for another account, or a mistyped digit, is refused)
  const named = Boolean(deps.globals.profile ?? deps.io.env.CONDO_PROFILE);
  if (named && report.direction === 'remessa') {
    await checkSequence(deps, path, report);
    await checkCompanyAccount(deps, report);
  }
  if (deps.format === 'json') printJson(deps, { file: path, ...report });
  else await printLint(deps, path, report, label.file !== undefined);
  return { code: report.errors > 0 ? 1 : 0, remessaUnchecked: !named && report.direction === 'remessa' };
}

/**
 * The file header's paying account must be one of the condominium's accounts at the file's bank, digit and all:
 * the bank refuses a file for an account not of its contract (HD) or with a wrong digit (AG). A digit other than
 * the registered one is an error; an account the registry does not list, a warning (the server's list is the
 * condominium's view, not the bank's contract).
 */
async function checkCompanyAccount(deps: Deps, report: LintReport): Promise<void> {
  const header = report.company_account;
  if (!header || report.bank_code === null) return;
  const { addFinding } = await import('../formats/cnab240/lint.js');
  // an account the server lists without its bank, agência or number cannot be compared
  const bank = report.bank_code;
  const atBank = (await (await deps.client()).bankAccounts.list()).flatMap((a) =>
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
async function checkSequence(deps: Deps, path: string, report: LintReport): Promise<void> {
  const nsa = report.file_sequence;
  if (nsa === null) return;
  const { addFinding } = await import('../formats/cnab240/lint.js');
  const own = await sha256File(path);
  const batches = await (await deps.client()).batches.list({ all: true });
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
