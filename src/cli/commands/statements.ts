/** `condo statements import|list|show|reconcile`: the verbs; an import's and a rules run's work are statement-import.ts and rules-run.ts. */
import { stat } from 'node:fs/promises';
import { expandFileArgs } from '../../app/file-args.js';
import { statementDetail, statementsPage } from '../../app/statements.js';
import type { StatementRecord } from '../../client/index.js';
import { formatDateBr } from '../../domain/dates.js';
import { UsageError } from '../../domain/errors.js';
import type { Deps } from '../context.js';
import { intFlag } from '../flags.js';
import { writeLine } from '../io.js';
import { type PagingFlags, showList } from '../lists.js';
import { type Column, fieldColumns, printJson, printList, printRecord } from '../output.js';
import { eachFile, nothingToImport } from '../per-file.js';
import { namer, resolvePublicId } from '../resolve.js';
import type { ReconcileOptions } from '../rules-run.js';
import { type ImportOptions, importStatement, statementReadOptions } from '../statement-import.js';

/**
 * Each file in turn, one result (or one error line naming the file) each; the exit code is the worst one. A
 * cron job hands it a folder's files: `condo statements import /srv/extratos/*.ofx`.
 */
export async function importStatements(deps: Deps, given: string[], opts: ImportOptions): Promise<number> {
  const paths = await expandFileArgs(given, opts);
  if (paths.length === 0) return nothingToImport(deps, given);
  return eachFile(deps, paths, (path, label) => importStatement(deps, path, opts, label));
}

/** The statement imports that ran, newest first: when, which file, what was new, matched and left unmatched. */
export async function listStatements(deps: Deps, opts: PagingFlags & { account?: string }): Promise<number> {
  const filters = opts.account ? { bank_account_id: intFlag('--account', opts.account) } : {};
  await showList(deps, opts, STATEMENT_COLUMNS, (o) => deps.app(statementsPage, filters, o));
  return 0;
}

const STATEMENT_COLUMNS: Column<StatementRecord>[] = [
  { header: 'ID', value: (r) => r.statement_id },
  // at 80 columns (#53): the period and what matched stay; the file, the repeats, when and the account go first
  { header: { en: 'IMPORTED', pt: 'IMPORTADO EM' }, value: (r) => r.imported_at, kind: 'instant', drop: 3 },
  { header: { en: 'ACCOUNT', pt: 'CONTA' }, value: (r) => r.bank_account_id, drop: 4 },
  {
    header: { en: 'PERIOD', pt: 'PERÍODO' },
    value: (r) => (r.period ? `${formatDateBr(r.period.start)}–${formatDateBr(r.period.end)}` : ''),
    // two dates: never cut
    fixed: true,
  },
  { header: { en: 'NEW', pt: 'NOVOS' }, value: (r) => r.imported },
  { header: { en: 'DUPLICATES', pt: 'REPETIDOS' }, value: (r) => r.duplicates, drop: 2 },
  { header: { en: 'MATCHED', pt: 'CONCILIADOS' }, value: (r) => r.reconciled },
  {
    header: { en: 'UNMATCHED', pt: 'SEM PAR' },
    value: (r) => r.unmatched,
    style: (r) => ((r.unmatched ?? 0) > 0 ? 'yellow' : undefined),
  },
  { header: { en: 'FILE', pt: 'ARQUIVO' }, value: (r) => r.file_name, drop: 1 },
];

/** One import, and the movements it brought that are still unmatched: what someone must look at by hand. */
export async function showStatement(deps: Deps, idArg: string): Promise<number> {
  const id = await resolvePublicId(deps, 'ID', idArg, 'statement');
  const s = await deps.app(statementDetail, id);
  if (deps.format === 'json') {
    printJson(deps, s);
    return 0;
  }
  const { unmatched_transactions: unmatched = [], unmatched_truncated: _t, ...record } = s;
  if (deps.format !== 'table') {
    printRecord(deps, record, fieldColumns(record, {}));
  } else {
    const names = await namer(deps);
    const account = await names.bankAccount(s.bank_account_id);
    printRecord(deps, s, [
      { header: { en: 'Statement import', pt: 'Importação de extrato' }, value: (r) => r.statement_id },
      { header: { en: 'Imported', pt: 'Importado em' }, value: (r) => r.imported_at, kind: 'instant' },
      { header: { en: 'Bank account', pt: 'Conta bancária' }, value: () => account },
      {
        header: { en: 'File', pt: 'Arquivo' },
        value: (r) => `${r.file_name ?? '(no name)'} (${r.format ?? ''})`,
      },
      {
        // the statement's days ("Competência" is a tax guide's or the ledger's month)
        header: { en: 'Period', pt: 'Período' },
        value: (r) =>
          r.period
            ? {
                en: `${formatDateBr(r.period.start)} to ${formatDateBr(r.period.end)}`,
                pt: `${formatDateBr(r.period.start)} a ${formatDateBr(r.period.end)}`,
              }
            : '',
      },
      {
        header: { en: 'Transactions', pt: 'Transações' },
        value: (r) => ({
          en: `${r.transactions}: ${r.imported} new, ${r.duplicates} already imported, ${r.reconciled} matched`,
          pt: `${r.transactions}: ${r.imported} novas, ${r.duplicates} já importadas, ${r.reconciled} conciliadas`,
        }),
      },
      {
        header: { en: 'Unmatched now', pt: 'Sem par agora' },
        value: () => String(unmatched.length),
        style: () => (unmatched.length ? 'yellow' : undefined),
      },
    ]);
  }
  if (unmatched.length === 0) return 0;
  writeLine(deps.io.stdout);
  await printList(deps, unmatched, [
    { header: { en: 'LINE', pt: 'LINHA' }, value: (m) => m.line },
    { header: { en: 'DATE', pt: 'DATA' }, value: (m) => m.date, kind: 'date' },
    { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (m) => m.amount_cents, kind: 'cents' },
    { header: { en: 'MEMO', pt: 'HISTÓRICO' }, value: (m) => [m.name, m.memo].filter(Boolean).join(' · ') },
    { header: 'FITID', value: (m) => m.fitid, drop: 1 },
  ]);
  if (s.unmatched_truncated)
    deps.warn({
      en: 'more unmatched movements than listed',
      pt: 'há mais movimentos sem par do que os listados',
    });
  return 0;
}

/** The rules file: --rules, else CONDO_RULES, else the profile's `rules` (condo config set rules FILE). */
async function rulesPath(deps: Deps, flag: string | undefined): Promise<string> {
  if (flag) return flag;
  if (deps.io.env.CONDO_RULES) return deps.io.env.CONDO_RULES;
  const { profileName } = await deps.credentials().catch(() => ({ profileName: undefined }));
  const fromProfile = (await deps.config()).setting(profileName, 'rules');
  if (fromProfile) return fromProfile;
  throw new UsageError({
    en: '--rules: name the reconciliation rules file (or CONDO_RULES, or condo config set rules FILE)',
    pt: '--rules: indique o arquivo de regras de conciliação (ou CONDO_RULES, ou condo config set rules FILE)',
  });
}

/**
 * `condo statements reconcile ACCOUNT|FILE --rules R [--explain] [--dry-run]` (#35 point 2): the rules over the
 * lines nobody matched. On a statement FILE with --dry-run it works offline, with no server: a rules change is
 * reviewed before it is merged.
 */
export async function reconcileStatements(
  deps: Deps,
  target: string,
  opts: ReconcileOptions,
): Promise<number> {
  // the rules' run loads with the verb that runs it, not with every statements verb (#73)
  const { NO_FAILURES, printReconciliation, reconcileAccount, rulesRunCode, sayLeftForPerson } = await import(
    '../rules-run.js'
  );
  const { loadRules } = await import('../../app/rules-file.js');
  const { rules } = await loadRules(await rulesPath(deps, opts.rules));
  const isFile = (await stat(target).catch(() => undefined))?.isFile() ?? false;
  if (!isFile) return reconcileAccount(deps, target, rules, opts);
  if (!opts.dryRun)
    throw new UsageError({
      en: `${target} is a file: --dry-run shows what the rules make of it offline; to act, import it with --rules`,
      pt: `${target} é um arquivo: --dry-run mostra o que as regras fazem dele sem servidor; para agir, importe-o com --rules`,
    });
  const { readFileLines, judgedDry } = await import('../../app/reconcile.js');
  const { judge } = await import('../../domain/statement-rules.js');
  const parseOptions = { ...statementReadOptions(opts), today: deps.today() };
  const explain = Boolean(opts.explain);
  const left = await printReconciliation(
    deps,
    rules,
    (each) =>
      readFileLines(target, parseOptions, (line) => each(judgedDry(line, judge(rules, line, explain)))),
    opts,
    target,
    (n) => rulesRunCode(NO_FAILURES, n),
  );
  // as the run would end: 1 when it would leave lines for a person
  sayLeftForPerson(deps, left);
  return rulesRunCode(NO_FAILURES, left);
}
