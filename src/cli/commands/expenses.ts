import { enterExpense, enterExpenses, enterInstallments, expensesPage } from '../../app/expenses.js';
import type { Expense } from '../../client/index.js';
import { formatDateBr } from '../../domain/dates.js';
import { UsageError } from '../../domain/errors.js';
import { type Installment, installmentSchedule } from '../../domain/installments.js';
import { centsToDecimal, decimalToCents, formatReais } from '../../domain/money.js';
import type { ExpenseInstallmentsCreate } from '../../domain/request-bodies.js';
import { bodiesFromFile, createFromFile, refuseFlagsWithFile, validated } from '../bodies.js';
import { EXPENSE_FIELDS, type FlagsOf, INSTALLMENTS_FIELDS } from '../body-fields.js';
import type { Deps } from '../context.js';
import { ExitCode } from '../exit-codes.js';
import { bodyFromFlags, flagOf } from '../fields.js';
import { dateFlag } from '../flags.js';
import { english } from '../i18n.js';
import { printable, writeLine } from '../io.js';
import { type PagingFlags, showList } from '../lists.js';
import { type Column, narration, type Out, printJson, printList, wrapMessage, writeDone } from '../output.js';
import { resolveChartAccountId, resolveSupplierId, withNamedIds } from '../resolve.js';

/**
 * Expenses (despesas): a bill registered against an expense chart account (recorded as a ledger entry once paid),
 * or a series of installments (parcelas) splitting a total. Amounts are decimal reais on the wire.
 */

const installmentOf = (e: Expense) =>
  e.installment ? `${e.installment.number ?? '?'}/${e.installment.count ?? '?'}` : '';

const LIST_COLUMNS: Column<Expense>[] = [
  { header: 'ID', value: (e) => e.id },
  { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (e) => e.due_at, kind: 'date' },
  { header: { en: 'PAID', pt: 'PAGO EM' }, value: (e) => e.paid_at, kind: 'date' },
  { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (e) => e.amount, kind: 'reais' },
  { header: { en: 'ACCOUNT', pt: 'CONTA' }, value: (e) => e.chart_of_accounts_id },
  { header: { en: 'SUPPLIER', pt: 'FORNECEDOR' }, value: (e) => e.supplier_id },
  { header: { en: 'INSTALLMENT', pt: 'PARCELA' }, value: installmentOf },
  { header: { en: 'DESCRIPTION', pt: 'DESCRIÇÃO' }, value: (e) => e.description, drop: 1 },
];

export interface ListOptions extends PagingFlags {
  supplier?: string;
  chartAccount?: string;
  paidFrom?: string;
  paidTo?: string;
}

export async function expensesList(deps: Deps, opts: ListOptions): Promise<number> {
  const today = deps.today();
  const filters = {
    ...(opts.supplier ? { supplier_id: await resolveSupplierId(deps, '--supplier', opts.supplier) } : {}),
    ...(opts.chartAccount
      ? { chart_of_accounts_id: await resolveChartAccountId(deps, '--chart-account', opts.chartAccount) }
      : {}),
    ...(opts.paidFrom ? { paid_from: dateFlag('--paid-from', opts.paidFrom, today) } : {}),
    ...(opts.paidTo ? { paid_to: dateFlag('--paid-to', opts.paidTo, today) } : {}),
  };
  await showList(deps, opts, LIST_COLUMNS, (o) => deps.app(expensesPage, filters, o));
  return 0;
}

export type ExpenseFlags = FlagsOf<typeof EXPENSE_FIELDS> & { fromFile?: string };

export const expenseBodyFromFlags = (f: ExpenseFlags, today: string) =>
  bodyFromFlags(EXPENSE_FIELDS, f, today);

function printExpense(deps: Deps, e: Expense): void {
  if (deps.format === 'json') printJson(deps, e);
  else if (deps.format === 'table') {
    const amount = typeof e.amount === 'number' ? formatReais(decimalToCents(e.amount)) : '';
    const day = (d: string | null | undefined) => (d ? formatDateBr(d) : '?');
    writeDone(deps, {
      en: `created expense ${e.id} (${amount}, ${e.paid_at ? `paid ${e.paid_at}` : `due ${e.due_at ?? '?'}`}${e.entry_id ? `, ledger entry ${e.entry_id}` : ''})`,
      pt: `despesa ${e.id} criada (${amount}, ${e.paid_at ? `paga em ${day(e.paid_at)}` : `vence em ${day(e.due_at)}`}${e.entry_id ? `, lançamento ${e.entry_id}` : ''})`,
    });
  } else writeLine(deps.io.stdout, String(e.id));
}

export async function createExpenses(deps: Deps, flags: ExpenseFlags): Promise<number> {
  if (flags.fromFile) {
    refuseFlagsWithFile({ ...flags });
    const { bodies, single } = await bodiesFromFile(flags.fromFile, 'ExpenseCreate', 'expenses');
    if (single) {
      printExpense(deps, await deps.app(enterExpense, bodies[0]!));
      return 0;
    }
    return createFromFile(
      deps,
      flags.fromFile,
      bodies,
      (items, opts) => deps.app(enterExpenses, items, opts),
      (e) => String(e.id),
    );
  }
  const body = expenseBodyFromFlags(await withNamedIds(deps, flags), deps.today());
  const payload = await validated('ExpenseCreate', body, flagOf(EXPENSE_FIELDS));
  printExpense(deps, await deps.app(enterExpense, payload));
  return 0;
}

export type InstallmentFlags = FlagsOf<typeof INSTALLMENTS_FIELDS> & {
  dryRun?: boolean;
  yes?: boolean;
  fromFile?: string;
};

/** The schedule the server is asked to create, computed here in cents (see src/domain/installments.ts). */
export function scheduleOf(body: ExpenseInstallmentsCreate, where: string): Installment[] {
  const totalCents = decimalToCents(body.total_amount);
  if (totalCents < body.count) {
    throw new UsageError({
      en: `${where}: ${formatReais(totalCents)} cannot be split into ${body.count} installments of at least R$ 0,01`,
      pt: `${where}: ${formatReais(totalCents)} não se divide em ${body.count} parcelas de pelo menos R$ 0,01`,
    });
  }
  return installmentSchedule({
    count: body.count,
    totalCents,
    firstDue: body.first_due_at,
    ...(body.monthly_interval_days !== undefined ? { intervalDays: body.monthly_interval_days } : {}),
  });
}

const SCHEDULE_COLUMNS: Column<Installment>[] = [
  { header: { en: 'INSTALLMENT', pt: 'PARCELA' }, value: (i) => `${i.number}/${i.count}` },
  { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (i) => i.dueDate, kind: 'date' },
  { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (i) => i.amountCents, kind: 'cents' },
];

const scheduleJson = (s: Installment[]) =>
  s.map((i) => ({
    number: i.number,
    count: i.count,
    due_at: i.dueDate,
    amount: centsToDecimal(i.amountCents),
  }));

async function printSchedule(out: Out, body: ExpenseInstallmentsCreate, s: Installment[]) {
  if (out.format === 'table') {
    const total = formatReais(decimalToCents(body.total_amount));
    const said = (out.t ?? english)({
      en: `${body.description}: ${total} in ${s.length} installments`,
      pt: `${body.description}: ${total} em ${s.length} parcelas`,
    });
    writeLine(out.io.stdout, wrapMessage(out.io, printable(said), out.io.stdout));
  }
  await printList(out, s, SCHEDULE_COLUMNS);
}

/**
 * Installments: the schedule is computed and printed before anything is sent (on stderr; on stdout with
 * --dry-run, which needs no credentials), then, on a terminal, confirmed (--yes skips the question). Without a
 * terminal (a pipe, cron, CI or --no-input) there is nobody to ask: it proceeds, as scripts expect.
 */
export async function expensesInstallments(deps: Deps, flags: InstallmentFlags): Promise<number> {
  let plans: { body: ExpenseInstallmentsCreate; where: string }[];
  if (flags.fromFile) {
    refuseFlagsWithFile({ ...flags }, ['dryRun', 'yes']);
    const path = flags.fromFile;
    const { bodies, single } = await bodiesFromFile(path, 'ExpenseInstallmentsCreate', 'installment series');
    plans = bodies.map((body, i) => ({ body, where: single ? path : `${path}[${i}]` }));
  } else {
    const body = bodyFromFlags(INSTALLMENTS_FIELDS, await withNamedIds(deps, flags), deps.today());
    plans = [
      {
        body: await validated('ExpenseInstallmentsCreate', body, flagOf(INSTALLMENTS_FIELDS)),
        where: '--total',
      },
    ];
  }
  const schedules = plans.map((p) => scheduleOf(p.body, p.where));

  if (flags.dryRun) {
    if (deps.format === 'json') {
      printJson(deps, plans.length === 1 ? scheduleJson(schedules[0]!) : schedules.map(scheduleJson));
    } else {
      for (const [i, p] of plans.entries()) await printSchedule(deps, p.body, schedules[i]!);
    }
    deps.info({ en: 'dry run: nothing sent', pt: 'simulação: nada foi enviado' });
    return 0;
  }

  if (!deps.globals.quiet) {
    // The schedule is narration here: stdout carries the created expenses.
    const out = narration(deps.io, deps.t);
    for (const [i, p] of plans.entries()) await printSchedule(out, p.body, schedules[i]!);
  }
  if (!flags.yes) {
    const ask = await deps.prompter();
    const count = schedules.reduce((n, s) => n + s.length, 0);
    const target = await deps.target();
    const question = {
      en: `Create these ${count} expenses in ${target}?`,
      pt: `Criar estas ${count} despesas em ${target}?`,
    };
    if (ask && !(await ask.confirm(question, true))) {
      deps.info({ en: 'nothing sent', pt: 'nada foi enviado' });
      return ExitCode.refused;
    }
  }

  const created: Expense[] = [];
  for (const [i, p] of plans.entries()) {
    const series = await deps.app(enterInstallments, p.body);
    checkAgainstSchedule(deps, series, schedules[i]!);
    created.push(...series);
  }
  if (deps.format === 'json') printJson(deps, created);
  else {
    await printList(deps, created, [
      { header: 'ID', value: (e) => e.id },
      { header: { en: 'INSTALLMENT', pt: 'PARCELA' }, value: installmentOf },
      { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (e) => e.due_at, kind: 'date' },
      { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (e) => e.amount, kind: 'reais' },
      { header: { en: 'GROUP', pt: 'GRUPO' }, value: (e) => e.installment?.group_id },
    ]);
    deps.info({ en: `${created.length} expenses created`, pt: `${created.length} despesas criadas` });
  }
  return 0;
}

/** A server that split the total differently is worth a warning: the schedule shown was not what was created. */
function checkAgainstSchedule(deps: Deps, created: Expense[], schedule: Installment[]): void {
  const differs =
    created.length !== schedule.length ||
    created.some((e, i) => {
      const want = schedule[i]!;
      return (
        e.due_at !== want.dueDate ||
        typeof e.amount !== 'number' ||
        decimalToCents(e.amount) !== want.amountCents
      );
    });
  if (differs)
    deps.warn({
      en: 'the server created a schedule different from the one shown; check condo expenses list',
      pt: 'o servidor criou um parcelamento diferente do mostrado; confira em condo expenses list',
    });
}
