/**
 * Reconciliation rules run over a bank account's unmatched lines (#35): each line judged, the rules' actions done
 * through the API (or only shown, --dry-run), stale rules warned of, and the run's exit code. Shared by
 * `statements reconcile` and `statements import --rules`; what a rule decides is app/reconcile.ts's.
 */

import { monthBr } from '../app/month-words.js';
import type { Judged } from '../app/reconcile.js';
import type { StatementRecord } from '../client/index.js';
import { formatDateBr, lastDayOf } from '../domain/dates.js';
import { CondoError, UsageError } from '../domain/errors.js';
import type { Rule, RuleAction, RuleLine } from '../domain/statement-rules.js';
import type { Text } from '../domain/text.js';
import { errorWords } from './api-errors.js';
import type { Deps } from './context.js';
import { ExitCode, exitCodeOf, outcomeOf } from './exit-codes.js';
import { monthFlag } from './flags.js';
import { printJson, printList } from './output.js';
import { chargesPlaceOf } from './profile-settings.js';
import { configDirOf } from './tables-at-hand.js';

/** The month's unmatched lines of a bank account, and the rules' actions done through the API (unless --dry-run). */
export async function reconcileAccount(
  deps: Deps,
  target: string,
  rules: Rule[],
  opts: ReconcileOptions,
): Promise<number> {
  if (!/^\d+$/.test(target))
    throw new UsageError({
      en: `ACCOUNT: "${target}" is neither a bank account's id nor a statement file`,
      pt: `ACCOUNT: "${target}" não é o id de uma conta bancária nem um arquivo de extrato`,
    });
  const accountId = Number(target);
  const month = monthFlag('--month', opts.month ?? deps.today().slice(0, 7));
  // the account's imports, read once: its lines of the month, and how far back its statements go
  const { accountImports, unmatchedMovements } = await import('../app/movements.js');
  const imports = await deps.app(accountImports, accountId);
  const lines = await deps.app(unmatchedMovements, imports, { from: `${month}-01`, to: lastDayOf(month) });
  const run = applyRules(deps, accountId, rules, lines, opts);
  const matched = new Set<string>();
  const source = `${deps.t({ en: 'account', pt: 'conta' })} ${accountId} ${deps.t({ en: month, pt: monthBr(month) })}`;
  const left = await printReconciliation(
    deps,
    rules,
    async (each) => {
      for await (const j of run.judged()) {
        if (j.verdict.rule) matched.add(j.verdict.rule.id);
        each(j);
      }
    },
    opts,
    source,
    (n) => rulesRunCode(run, n),
  );
  await warnStaleRules(deps, imports, accountId, month, rules, matched);
  sayLeftForPerson(deps, left);
  return rulesRunCode(run, left);
}

/** A rule that has matched nothing for a quarter: the bank changed its words, or the rule is dead. */
export async function warnStaleRules(
  deps: Deps,
  imports: readonly StatementRecord[],
  accountId: number,
  month: string,
  rules: Rule[],
  matched: ReadonlySet<string>,
): Promise<void> {
  const { unusedRules } = await import('../app/reconcile.js');
  const stale = await deps.app(unusedRules, imports, accountId, month, rules, matched);
  for (const rule of stale.rules)
    deps.warn({
      en: `rule ${rule.id} (line ${rule.line}) has matched nothing since ${stale.since}: fix it or remove it`,
      pt: `a regra ${rule.id} (linha ${rule.line}) não casa com nada desde ${formatDateBr(stale.since)}: corrija-a ou remova-a`,
    });
}

/**
 * The late quota's debt a settled payment is set against (#70): by the charges file where one is found (the
 * profile's, the firm's, ./encargos.yaml); none, and payments are recorded without the comparison.
 */
async function lateDebtFor(deps: Deps) {
  const { readCharges } = await import('../app/debt-calc.js');
  const rules = await readCharges(await chargesPlaceOf(deps)).catch(() => undefined);
  if (!rules) return undefined;
  const [{ lateDebtOf }, { importedTables, tablesOver }] = await Promise.all([
    import('../app/debt-update.js'),
    import('../app/index-tables.js'),
  ]);
  const imported = await importedTables(await configDirOf(deps));
  return deps.app(lateDebtOf, rules.rules, (served) => tablesOver(imported, served));
}

/**
 * The rules over lines a server keeps: each line's verdict and, unless a dry run, the action done (an entry, an
 * invoice settled), a line the rule cannot act on left for a person, a refusal counted as a failure.
 */
export function applyRules(
  deps: Deps,
  accountId: number,
  rules: Rule[],
  lines: readonly RuleLine[],
  opts: { explain?: boolean | undefined; dryRun?: boolean | undefined },
): { judged(): AsyncGenerator<Judged>; failures(): number; worstFailure(): number } {
  let failures = 0;
  let worst = 0;
  async function* judged(): AsyncGenerator<Judged> {
    const { judge } = await import('../domain/statement-rules.js');
    const { judgedDry, LeftForPerson, ruleActions } = await import('../app/reconcile.js');
    // a dry run settles nothing: the charges file and the index tables are read only for a run that does
    const lateDebt = opts.dryRun ? undefined : await lateDebtFor(deps);
    const actions = await deps.app(ruleActions, accountId, lateDebt);
    // every chart account and supplier the rules name, found before anything is done
    await actions.check(rules);
    for (const line of lines) {
      const verdict = judge(rules, line, Boolean(opts.explain));
      if (!verdict.rule || opts.dryRun) {
        yield judgedDry(line, verdict);
        continue;
      }
      try {
        yield { line, verdict, done: await actions.apply(verdict.rule, line) };
      } catch (e) {
        if (e instanceof LeftForPerson) {
          // the rule matched but cannot act on this line: a person looks at it (not a failure of the run)
          yield { line, verdict, done: e.text ?? { en: e.message, pt: e.message }, left: true };
          continue;
        }
        if (!(e instanceof CondoError)) throw e;
        failures++;
        worst = Math.max(worst, exitCodeOf(e));
        // the server's own words, field by field where it gave them
        const fields = Object.entries(e.fields ?? {})
          .map(([field, why]) => `${field}: ${why.join('; ')}`)
          .join('; ');
        deps.warn({
          en: `line ${line.line} (${line.memo ?? ''}): rule ${verdict.rule.id}: ${e.text?.en ?? e.message}${fields ? ` (${fields})` : ''}`,
          pt: `linha ${line.line} (${line.memo ?? ''}): regra ${verdict.rule.id}: ${errorWords(deps.t, e)}${fields ? ` (${deps.t(fields)})` : ''}`,
        });
        yield { line, verdict, done: { en: 'not done', pt: 'não feito' }, failed: true };
      }
    }
  }
  return { judged, failures: () => failures, worstFailure: () => worst };
}

/**
 * A rules run's exit code (#50, the one table): a refused action's own code; else 1 when lines are left for a
 * person (no rule matched them, or the rule that did could not act); else 0.
 */
export function rulesRunCode(run: { failures(): number; worstFailure(): number }, left: number): number {
  if (run.failures() > 0) return run.worstFailure();
  return left > 0 ? ExitCode.attention : ExitCode.ok;
}

/** A dry run calls nothing, so nothing fails. */
export const NO_FAILURES = { failures: () => 0, worstFailure: () => 0 };

/** How many lines a rules run left for a person, on stderr (the table or JSON on stdout lists them). */
export function sayLeftForPerson(deps: Deps, left: number): void {
  if (left > 0)
    deps.warn({
      en: `${left} ${left === 1 ? 'line is' : 'lines are'} left for a person`,
      pt: `${left} ${left === 1 ? 'linha fica' : 'linhas ficam'} para uma pessoa`,
    });
}

/** A judged line as JSON shows it. */
export function judgedRow(
  { line, verdict, done, left, failed }: Judged,
  actionText: (a: RuleAction) => Text,
) {
  return {
    line: line.line,
    date: line.date,
    amount_cents: line.amountCents,
    memo: line.memo,
    fitid: line.fitid,
    rule: verdict.rule?.id ?? null,
    action: verdict.rule ? actionText(verdict.rule.action).en : null,
    closest: verdict.closest?.rule.id ?? null,
    failed: verdict.closest?.failed ?? null,
    ...(done ? { done: done.en, outcome: failed ? 'failed' : left ? 'left_for_a_person' : 'done' } : {}),
  };
}

/** Each line with its rule (or the closest and why not), and what was done. */
export async function printJudged(deps: Deps, judged: readonly Judged[], dryRun: boolean): Promise<void> {
  const { verdictText } = await import('../app/reconcile.js');
  await printList(deps, judged, [
    { header: { en: 'LINE', pt: 'LINHA' }, value: (j) => j.line.line },
    { header: { en: 'DATE', pt: 'DATA' }, value: (j) => j.line.date, kind: 'date' },
    { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (j) => j.line.amountCents, kind: 'cents' },
    { header: { en: 'MEMO', pt: 'HISTÓRICO' }, value: (j) => j.line.memo ?? j.line.name, drop: 1 },
    {
      header: { en: 'RULE', pt: 'REGRA' },
      value: (j) => verdictText(j.verdict, deps.t),
      wrap: true,
      style: (j) => (j.failed ? 'red' : j.verdict.rule && !j.left ? 'green' : 'yellow'),
    },
    ...(dryRun && !judged.some((j) => j.left)
      ? []
      : [
          {
            // a dry run says only what would be left for a person, and why; a run, what came of each line (a
            // line left for a person is not labelled done, #53)
            header: dryRun ? { en: 'NOTE', pt: 'NOTA' } : { en: 'RESULT', pt: 'RESULTADO' },
            value: (j: Judged) => j.done ?? null,
            wrap: true,
          },
        ]),
  ]);
}

/** Each line's verdict (with --explain), or per rule the lines it takes and their total; then a count. */
export async function printReconciliation(
  deps: Deps,
  rules: Rule[],
  /** hands each judged line to `each`, in order */
  feed: (each: (j: Judged) => void) => Promise<void>,
  opts: ReconcileOptions,
  source: string,
  /** the run's exit code from the lines it leaves for a person (#50's table) */
  codeOf: (left: number) => number,
): Promise<number> {
  const { Tally, actionText } = await import('../app/reconcile.js');
  const tally = new Tally(rules);
  const judged: Judged[] = [];
  let done = 0;
  let left = 0;
  await feed((item) => {
    tally.add(item.line, item.verdict);
    if (item.done && !item.left && !item.failed) done++;
    if (item.left) left++;
    if (opts.explain) judged.push(item);
  });
  const none = tally.rows().at(-1)?.lines ?? 0;
  // --json says how the run ends, as every run's result does (#53): a person needed is not a failed call
  const ending = {
    outcome: outcomeOf(codeOf(none + left)),
    left_for_a_person: none + left,
    ...(opts.dryRun ? { dry_run: true } : {}),
  };
  if (opts.explain) {
    if (deps.format === 'json')
      printJson(deps, { ...ending, lines: judged.map((j) => judgedRow(j, actionText)) });
    else await printJudged(deps, judged, Boolean(opts.dryRun));
  } else {
    const rows = tally.rows().filter((r) => r.rule || r.lines > 0);
    if (deps.format === 'json')
      printJson(deps, {
        ...ending,
        rules: rows.map((r) => ({
          rule: r.rule?.id ?? null,
          lines: r.lines,
          total_cents: r.totalCents,
          action: r.rule ? actionText(r.rule.action).en : null,
        })),
      });
    else
      await printList(deps, rows, [
        {
          header: { en: 'RULE', pt: 'REGRA' },
          value: (r) => r.rule?.id ?? deps.t({ en: '(none)', pt: '(nenhuma)' }),
        },
        { header: { en: 'LINES', pt: 'LINHAS' }, value: (r) => r.lines },
        { header: 'TOTAL', value: (r) => r.totalCents, kind: 'cents' },
        {
          header: { en: 'ACTION', pt: 'AÇÃO' },
          value: (r) =>
            r.rule ? actionText(r.rule.action) : { en: 'left for a person', pt: 'fica para uma pessoa' },
          wrap: 'cell',
        },
      ]);
  }
  const all = tally.rows().reduce((n, r) => n + r.lines, 0);
  const matched = all - none;
  deps.info(
    // every line counted once (#53): matched, without a rule, and of the matched those a rule could not act on,
    // said as part of the matched (the warning after sums them with the lines without a rule)
    opts.dryRun
      ? {
          en: `${source}: ${matched} of ${all} lines matched a rule (${left} of them would be left for a person); ${none} without a rule (dry run: nothing was done)`,
          pt: `${source}: ${matched} de ${all} linhas casaram com uma regra (${left} ${left === 1 ? 'delas ficaria' : 'delas ficariam'} para uma pessoa); ${none} sem regra (simulação: nada foi feito)`,
        }
      : {
          en: `${source}: ${matched} of ${all} lines matched a rule: ${done} done, ${left} left for a person; ${none} without a rule`,
          pt: `${source}: ${matched} de ${all} linhas casaram com uma regra: ${done} ${done === 1 ? 'feita' : 'feitas'}, ${left} ${left === 1 ? 'fica' : 'ficam'} para uma pessoa; ${none} sem regra`,
        },
    true,
  );
  // for a person: the lines no rule matched, and those whose rule could not act
  return none + left;
}

export interface ReconcileOptions {
  rules?: string;
  explain?: boolean;
  dryRun?: boolean;
  month?: string;
  format?: string;
  csvColumns?: string;
  dateFormat?: string;
}
