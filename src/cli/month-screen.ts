/**
 * The month's report on a terminal (`condo reports month`, #52/#53): its title, then a section for each of what
 * was paid, rejected, still to pay, received, owed by units and held by the bank, each a table.
 */
import stringWidth from 'string-width';
import { percentAgainst } from '../app/month-budget.js';
import { balanceGaps, fateWords, monthName, pendingWords, shownPayee } from '../app/month-words.js';
import { formatDateBr } from '../domain/dates.js';
import { formatReais } from '../domain/money.js';
import {
  type Group,
  type MonthRejection,
  type MonthReport,
  owedCents,
  type Rejected,
} from '../domain/month-report.js';
import type { Text } from '../domain/text.js';
import { explainReturnCode, returnCode } from '../formats/cnab240/explain.js';
import type { Deps } from './context.js';
import { paint, writeLine } from './io.js';
import {
  CHART_ACCOUNT_HEADING,
  type Column,
  printList,
  SUPPLIER_HEADING,
  screenWidth,
  wrapMessage,
} from './output.js';

export async function printMonthScreen(deps: Deps, report: MonthReport, month: string): Promise<void> {
  const heading = (text: string | Text) =>
    writeLine(deps.io.stdout, paint(deps.io, 'bold', `\n${deps.t(text)}`));
  const none = () =>
    writeLine(deps.io.stdout, paint(deps.io, 'dim', deps.t({ en: '(none)', pt: '(nenhuma)' })));
  const section = async <T>(title: string | Text, rows: readonly T[], columns: Column<T>[]) => {
    heading(title);
    if (rows.length === 0) none();
    else await printList(deps, rows, columns);
  };
  // the condominium as people call it: the cover's name (its slug where the server gave no name)
  // and the day its figures stand at (#52); a month as its reader writes it (#53): "novembro de 2026" in
  // Portuguese, ISO in English. On a terminal too narrow for one line, the name has a line of its own
  const cut = formatDateBr(report.cut_off);
  const when = deps.t({ en: `${month} · as of ${cut}`, pt: `${monthName(month)} · posição em ${cut}` });
  const title = `${report.cover.name} · ${when}`;
  const fits = !deps.io.stdout.isTTY || stringWidth(title) <= screenWidth(deps.io);
  for (const line of fits ? [title] : [report.cover.name, when])
    writeLine(deps.io.stdout, paint(deps.io, 'bold', line));
  const groupColumns = (first: Text): Column<Group>[] => [
    { header: first, value: (g) => shownPayee(g.name) },
    { header: { en: 'COUNT', pt: 'QTD' }, value: (g) => g.count },
    { header: 'TOTAL', value: (g) => g.total_cents, kind: 'cents' },
  ];
  await section(
    {
      en: `Paid: ${report.paid.payments} payments, ${formatReais(report.paid.total_cents)}`,
      pt: `Pago: ${report.paid.payments} pagamentos, ${formatReais(report.paid.total_cents)}`,
    },
    report.paid.by_supplier,
    groupColumns(SUPPLIER_HEADING),
  );
  if (report.paid.by_chart_account.length > 0) {
    writeLine(deps.io.stdout);
    await printList(deps, report.paid.by_chart_account, groupColumns(CHART_ACCOUNT_HEADING));
  }
  const rejectionColumns = <T extends Rejected>(): Column<T>[] => [
    { header: { en: 'PAYABLE', pt: 'CONTA A PAGAR' }, value: (p) => p.public_id },
    { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (p) => p.due_date, kind: 'date' },
    { header: { en: 'PAYEE', pt: 'FAVORECIDO' }, value: (p) => p.payee },
    { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (p) => p.amount_cents, kind: 'cents' },
    {
      header: { en: "BANK'S WORD", pt: 'O QUE O BANCO DISSE' },
      value: (p) => `${p.code} ${p.reason}`,
      wrap: true,
    },
    // what the code asks of the reader (cnab explain): correct and send again, or do not pay again; a refusal of
    // the month that has ended (paid since, sent again) says how, and asks nothing (its advice would pay twice)
    {
      header: { en: 'NEXT', pt: 'PRÓXIMO PASSO' },
      value: (p) =>
        'fate' in p && (p as unknown as MonthRejection).fate.state !== 'rejected'
          ? fateWords(p as unknown as MonthRejection)
          : returnCode(p.code)
            ? explainReturnCode(p.code, p.bank_code).next
            : '',
      wrap: true,
    },
  ];
  await section(
    {
      en: `Rejected by the bank in the month's returns: ${report.rejected.length}`,
      pt: `Rejeitadas pelo banco nos retornos do mês: ${report.rejected.length}`,
    },
    report.rejected,
    rejectionColumns<MonthRejection>(),
  );
  await section(
    {
      en: `Still refused by the bank: ${report.still_rejected.length}`,
      pt: `Ainda recusadas pelo banco: ${report.still_rejected.length}`,
    },
    report.still_rejected,
    rejectionColumns<Rejected>(),
  );
  const owed = formatReais(owedCents(report));
  const stillToPay = {
    en: `Still to pay: ${report.pending.length}, ${owed}`,
    pt: `A pagar: ${report.pending.length}, ${owed}`,
  };
  await section(stillToPay, report.pending, [
    { header: { en: 'PAYABLE', pt: 'CONTA A PAGAR' }, value: (p) => p.public_id ?? '' },
    { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (p) => p.due_date, kind: 'date' },
    // a payee and a state are read whole: wrapped on a narrow terminal, never cut
    { header: { en: 'PAYEE', pt: 'FAVORECIDO' }, value: (p) => p.payee, wrap: true },
    { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (p) => p.amount_cents, kind: 'cents' },
    {
      header: { en: 'STATE', pt: 'ESTADO' },
      value: (p) => pendingWords(p, report.cover.issued_on),
      wrap: true,
    },
  ]);
  await section(
    {
      en: `Revenue received: ${formatReais(report.revenue.total_cents)}`,
      pt: `Receita recebida: ${formatReais(report.revenue.total_cents)}`,
    },
    report.revenue.by_chart_account,
    groupColumns(CHART_ACCOUNT_HEADING),
  );
  await budgetSection(deps, report, heading, section);
  await section(
    {
      en: `Defaulters: ${report.defaulters.units} units, ${formatReais(report.defaulters.outstanding_cents)} overdue`,
      pt: `Inadimplentes: ${report.defaulters.units} unidades, ${formatReais(report.defaulters.outstanding_cents)} em atraso`,
    },
    report.defaulters.rows,
    [
      { header: { en: 'UNIT', pt: 'UNIDADE' }, value: (d) => d.unit },
      { header: { en: 'INVOICES', pt: 'COBRANÇAS' }, value: (d) => d.invoices },
      { header: { en: 'OUTSTANDING', pt: 'EM ABERTO' }, value: (d) => d.outstanding_cents, kind: 'cents' },
      { header: { en: 'DAYS OVERDUE', pt: 'DIAS DE ATRASO' }, value: (d) => d.days_overdue },
    ],
  );
  const known =
    (cents: (b: MonthReport['balances'][number]) => number) => (b: MonthReport['balances'][number]) =>
      b.balance_known ? cents(b) : '';
  await section({ en: 'Bank balances', pt: 'Saldos bancários' }, report.balances, [
    // an account's name gives way before its four amounts do (#53: a table at 80 columns, not a block each)
    { header: { en: 'ACCOUNT', pt: 'CONTA' }, value: (b) => b.name, cut: true },
    { header: { en: 'START', pt: 'SALDO INICIAL' }, value: known((b) => b.start_cents), kind: 'cents' },
    { header: { en: 'IN', pt: 'ENTRADAS' }, value: known((b) => b.in_cents), kind: 'cents' },
    { header: { en: 'OUT', pt: 'SAÍDAS' }, value: known((b) => b.out_cents), kind: 'cents' },
    { header: { en: 'END', pt: 'SALDO FINAL' }, value: known((b) => b.end_cents), kind: 'cents' },
  ]);
  // which balance the bank has not confirmed (#52), rather than figures that look checked
  const gaps = balanceGaps(report);
  if (gaps.length > 0) writeLine(deps.io.stdout);
  for (const gap of gaps)
    writeLine(deps.io.stdout, paint(deps.io, 'dim', wrapMessage(deps.io, deps.t(gap), deps.io.stdout)));
}

/** #68: orçado × realizado, the month's expense lines (the year's and the revenue are in the PDF and the JSON). */
async function budgetSection(
  deps: Deps,
  report: MonthReport,
  heading: (text: string | Text) => void,
  section: <T>(title: string | Text, rows: readonly T[], columns: Column<T>[]) => Promise<void>,
): Promise<void> {
  const noBudget =
    report.budget === null
      ? {
          en: 'No budget for the month (condo config set budget FILE)',
          pt: 'Sem orçamento para o mês (condo config set budget ARQUIVO)',
        }
      : report.budget?.expenses.length === 0
        ? {
            en: `The budget (${report.budget.source}) lists no despesas to set against the ledger`,
            pt: `O orçamento (${report.budget.source}) não lista despesas para comparar com o razão`,
          }
        : undefined;
  if (noBudget) {
    heading({ en: 'Budget against actual', pt: 'Orçado × realizado' });
    writeLine(deps.io.stdout, paint(deps.io, 'dim', wrapMessage(deps.io, deps.t(noBudget), deps.io.stdout)));
  } else if (report.budget) {
    // the month, the year to the cut-off, and the revenue, as the document has them: a table each
    const pct = (actual: number, forecast: number) => {
      const said = percentAgainst(actual, forecast);
      return said ? deps.t(said) : '';
    };
    const against = <T>(
      first: Text,
      name: (x: T) => string,
      budgeted: (x: T) => number,
      actual: (x: T) => number,
      words: [Text, Text] = [
        { en: 'BUDGET', pt: 'ORÇADO' },
        { en: 'ACTUAL', pt: 'REALIZADO' },
      ],
    ): Column<T>[] => [
      { header: first, value: name, cut: true },
      { header: words[0], value: budgeted, kind: 'cents' },
      { header: words[1], value: actual, kind: 'cents' },
      { header: { en: 'DIFFERENCE', pt: 'DIFERENÇA' }, value: (x) => actual(x) - budgeted(x), kind: 'cents' },
      { header: '%', value: (x) => pct(actual(x), budgeted(x)) },
    ];
    type Expense = NonNullable<MonthReport['budget']>['expenses'][number];
    type Revenue = NonNullable<MonthReport['budget']>['revenue'][number];
    const expense = { en: 'EXPENSE', pt: 'DESPESA' };
    const named = (x: Expense) => `${x.name} (${x.account_code})`;
    await section(
      { en: 'Budget against actual: the month', pt: 'Orçado × realizado: o mês' },
      report.budget.expenses,
      against<Expense>(
        expense,
        named,
        (x) => x.forecast_cents,
        (x) => x.actual_cents,
      ),
    );
    await section(
      { en: 'Budget against actual: the year to the cut-off', pt: 'Orçado × realizado: o ano até a posição' },
      report.budget.expenses,
      against<Expense>(
        expense,
        named,
        (x) => x.year_forecast_cents,
        (x) => x.year_actual_cents,
      ),
    );
    await section(
      { en: 'Revenue: billed in the month against received', pt: 'Receitas: emitido no mês contra recebido' },
      report.budget.revenue,
      against<Revenue>(
        { en: 'REVENUE', pt: 'RECEITA' },
        (x) => `${x.names.join(', ')} (${x.account_code})`,
        (x) => x.billed_cents,
        (x) => x.received_cents,
        [
          { en: 'BILLED', pt: 'EMITIDO' },
          { en: 'RECEIVED', pt: 'RECEBIDO' },
        ],
      ),
    );
  }
}
