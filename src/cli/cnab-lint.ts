/**
 * `cnab lint` on one file (commands/cnab.ts runs it over each): the findings printed as a table, tsv or JSON, and,
 * with a profile, the paying account and the file sequence (NSA) checked against the condominium's.
 */
import { lintCnabFile } from '../app/files.js';
import { checkCompanyAccount, checkSequence } from '../app/lint-server.js';
import type { Text } from '../domain/text.js';
import type { LintFinding, LintReport } from '../formats/cnab240/lint.js';
import type { Deps } from './context.js';
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
  const summary = {
    en: `${path}: ${errors}, ${warnings} (${report.pack} rules, bank ${report.bank_code ?? '?'})`,
    pt: `${path}: ${errors}, ${warnings} (regras ${report.pack}, banco ${report.bank_code ?? '?'})`,
  };
  if (deps.format === 'table')
    writeLine(
      deps.io.stdout,
      paint(deps.io, report.errors > 0 ? 'red' : 'bold', wrapMessage(deps.io, t(summary), deps.io.stdout)),
    );
  else deps.info(summary, true);
  if (report.findings.length === 0) return;
  if (deps.format === 'table') writeLine(deps.io.stdout);
  const file: Column<LintFinding>[] =
    ofMany && deps.format !== 'table' ? [{ header: { en: 'FILE', pt: 'ARQUIVO' }, value: () => path }] : [];
  await printList(deps, report.findings, [
    ...file,
    { header: { en: 'LINE', pt: 'LINHA' }, value: (f) => f.line },
    { header: 'COL', value: (f) => f.column },
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
    await deps.app(checkSequence, path, report);
    await deps.app(checkCompanyAccount, report);
  }
  if (deps.format === 'json') printJson(deps, { file: path, ...report });
  else await printLint(deps, path, report, label.file !== undefined);
  return { code: report.errors > 0 ? 1 : 0, remessaUnchecked: !named && report.direction === 'remessa' };
}
