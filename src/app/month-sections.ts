/**
 * The prestação de contas as sections (#52): the headings, tables, totals and notes the PDF (cli/month-document.ts)
 * and the HTML page (cli/month-html.ts) both draw, worded once, from the one model (month.ts). Each renderer
 * decides only how a section looks: a PDF's column widths in points, a page's wrapping.
 */
import { formatDateBr } from '../domain/dates.js';
import { formatDocument } from '../domain/documents.js';
import { formatReais, sumCents } from '../domain/money.js';
import { balancesCents, type MonthReport, owedCents } from '../domain/month-report.js';
import { percentAgainst } from './month-budget.js';
import { balanceGaps, FORMAS, fateWords, monthName, payeeOf, pendingWords, plural } from './month-words.js';

export interface DocColumn<T> {
  title: string;
  value: (row: T) => string;
  /** its width on an A4 page, in points (the text area is 493 points wide) */
  width: number;
  /** an amount or a count: aligned right, never broken */
  right?: boolean;
  /** a payee's name or the bank's reason: wraps, never cut */
  wrap?: boolean;
  /** a CNPJ, a date: never broken across lines */
  nowrap?: boolean;
}

export interface DocTable<T = never> {
  columns: DocColumn<T>[];
  rows: readonly T[];
  total?: string[];
}

export type Block =
  | { kind: 'heading'; text: string; newPage?: boolean }
  | { kind: 'subheading'; text: string }
  | { kind: 'table'; table: DocTable<unknown> }
  | { kind: 'note'; text: string }
  | { kind: 'charts' }
  | { kind: 'signatures'; text: string; lines: string[] };

const table = <T>(t: DocTable<T>): Block => ({ kind: 'table', table: t as unknown as DocTable<unknown> });

/** The document's title: "Prestação de contas de novembro de 2026". */
export const documentTitle = (r: MonthReport) => `Prestação de contas de ${monthName(r.month)}`;

/** The cover's lines, top to bottom. */
export function coverOf(r: MonthReport) {
  const c = r.cover;
  const a = c.administradora;
  return {
    title: documentTitle(r),
    name: c.name,
    document: c.document ? `CNPJ ${formatDocument(c.document)}` : null,
    position: `Posição em ${formatDateBr(r.cut_off)}`,
    administradora: a
      ? {
          lines: [
            a.name ? `Administradora: ${a.name}` : 'Administradora',
            ...(a.document ? [`CNPJ ${formatDocument(a.document)}`] : []),
            ...(a.crc ? [`CRC ${a.crc.replace(/^CRC[\s-]*/i, '')}`] : []),
          ],
          logo: a.logo_file,
        }
      : null,
    issued: `Emitida em ${formatDateBr(c.issued_on)}`,
  };
}

/** Every section after the cover, in the order a council reads them. */
export function monthBlocks(r: MonthReport): Block[] {
  return [...summaryBlocks(r), ...moneyBlocks(r), ...budgetBlocks(r), ...owedBlocks(r), ...closingBlocks(r)];
}

/** The month at a glance: revenue, expense, result and arrears, then each account's balances. */
function summaryBlocks(r: MonthReport): Block[] {
  const cut = formatDateBr(r.cut_off);
  const known = (b: MonthReport['balances'][number], cents: number) =>
    b.balance_known ? formatReais(cents) : 'não informado';
  return [
    { kind: 'heading', text: 'Resumo do mês' },
    table({
      columns: [
        { title: 'Receitas', width: 123, value: () => formatReais(r.revenue.total_cents), right: true },
        { title: 'Despesas', width: 123, value: () => formatReais(r.paid.total_cents), right: true },
        {
          title: 'Resultado',
          width: 123,
          value: () => formatReais(r.revenue.total_cents - r.paid.total_cents),
          right: true,
        },
        {
          title: 'Inadimplência',
          width: 124,
          value: () => formatReais(r.defaulters.outstanding_cents),
          right: true,
        },
      ],
      rows: [null],
    }),
    table({
      columns: [
        { title: 'Conta', width: 148, value: (b) => b.name, wrap: true },
        { title: 'Saldo inicial', width: 86, value: (b) => known(b, b.start_cents), right: true },
        { title: 'Entradas', width: 82, value: (b) => known(b, b.in_cents), right: true },
        { title: 'Saídas', width: 82, value: (b) => known(b, b.out_cents), right: true },
        { title: 'Saldo final', width: 95, value: (b) => known(b, b.end_cents), right: true },
      ],
      rows: r.balances,
      total: [
        'Total',
        formatReais(balancesCents(r, 'start_cents')),
        formatReais(sumCents(r.balances.map((b) => b.in_cents))),
        formatReais(sumCents(r.balances.map((b) => b.out_cents))),
        formatReais(balancesCents(r, 'end_cents')),
      ],
    }),
    {
      kind: 'note',
      text: `Saldo final na posição de ${cut}: o que tem data depois dela aparece como agendado, não como pago. Saldos como o banco os mostra: os lançamentos do razão e as movimentações do extrato ainda sem lançamento. ${
        r.defaulters.units === 0
          ? 'Nenhuma unidade em atraso.'
          : `${plural(r.defaulters.units, 'unidade', 'unidades')} em atraso.`
      }`,
    },
    ...balanceGaps(r).map((gap): Block => ({ kind: 'note', text: gap.pt })),
  ];
}

/** Revenue by chart account, then each expense account's payments and the expenses' total. */
function moneyBlocks(r: MonthReport): Block[] {
  return [
    { kind: 'heading', text: 'Receitas' },
    table({
      columns: [
        { title: 'Conta do plano', width: 313, value: (g) => g.name, wrap: true },
        { title: 'Lançamentos', width: 80, value: (g) => String(g.count), right: true },
        { title: 'Valor', width: 100, value: (g) => formatReais(g.total_cents), right: true },
      ],
      rows: r.revenue.by_chart_account,
      total: ['Total', String(r.revenue.entries), formatReais(r.revenue.total_cents)],
    }),
    { kind: 'heading', text: 'Despesas' },
    ...r.paid.by_chart_account.flatMap((g): Block[] => [
      { kind: 'subheading', text: `${g.name} — ${formatReais(g.total_cents)}` },
      table({
        columns: [
          { title: 'Data', width: 58, value: (p) => formatDateBr(p.date), nowrap: true },
          // an entry with no payee (a bank fee booked by a rule) says what it was
          { title: 'Favorecido', width: 133, value: payeeOf, wrap: true },
          {
            title: 'CPF/CNPJ',
            width: 98,
            value: (p) => (p.document ? formatDocument(p.document) : ''),
            nowrap: true,
          },
          { title: 'Forma', width: 56, value: (p) => (p.forma ? (FORMAS[p.forma] ?? p.forma) : '') },
          {
            title: 'Lote',
            // room for the widest six letters of a ULID (WWWWWW in DejaVu Sans, 8.5 points) and the ellipsis:
            // a narrower column cut some batches' ends to "…DWH…", by their letters
            width: 68,
            value: (p) => (p.batch_id ? `…${p.batch_id.slice(-6)}` : ''),
            nowrap: true,
          },
          { title: 'Valor', width: 80, value: (p) => formatReais(p.amount_cents), right: true },
        ],
        rows: r.payments.filter((p) => p.chart_account === g.name),
      }),
    ]),
    table({
      columns: [
        { title: '', width: 393, value: () => '' },
        { title: '', width: 100, value: () => '', right: true },
      ],
      rows: [],
      total: [
        `Total das despesas (${plural(r.paid.payments, 'pagamento', 'pagamentos')})`,
        formatReais(r.paid.total_cents),
      ],
    }),
  ];
}

/** What is still owed: payments the bank refused, bills unpaid at the cut-off, units in arrears. */
/** The difference and its percentage of the forecast ("+12,5%"); none where nothing was forecast. */
const against = (actual: number, forecast: number) => ({
  diff: formatReais(actual - forecast),
  pct: percentAgainst(actual, forecast)?.pt ?? '—',
});

/** #68: orçado × realizado, each expense line and each revenue account; a month without a budget says so. */
function budgetBlocks(r: MonthReport): Block[] {
  const b = r.budget;
  if (b === undefined) return [];
  if (b === null)
    return [
      { kind: 'heading', text: 'Orçado × realizado' },
      {
        kind: 'note',
        text: 'Este mês não tem orçamento: condo config set budget ARQUIVO (ou a pasta da administradora, config set --firm budgets PASTA) o põe aqui.',
      },
    ];
  if (b.expenses.length === 0)
    return [
      { kind: 'heading', text: 'Orçado × realizado' },
      { kind: 'note', text: `O orçamento (${b.source}) não lista despesas para comparar com o razão.` },
    ];
  type Expense = (typeof b.expenses)[number];
  type Revenue = (typeof b.revenue)[number];
  return [
    { kind: 'heading', text: 'Orçado × realizado' },
    ...(['month', 'year'] as const).flatMap((span): Block[] => {
      const forecast = (x: Expense) => (span === 'month' ? x.forecast_cents : x.year_forecast_cents);
      const actual = (x: Expense) => (span === 'month' ? x.actual_cents : x.year_actual_cents);
      const total = (f: (x: Expense) => number) => sumCents(b.expenses.map(f));
      return [
        {
          kind: 'subheading',
          text:
            span === 'month'
              ? 'Despesas no mês: a previsão do orçamento contra o lançado em cada conta'
              : `Despesas no ano, de janeiro a ${monthName(r.month).split(' ')[0]}`,
        },
        table<Expense>({
          columns: [
            { title: 'Despesa', width: 173, value: (x) => `${x.name} (${x.account_code})`, wrap: true },
            { title: 'Orçado', width: 80, value: (x) => formatReais(forecast(x)), right: true },
            { title: 'Realizado', width: 80, value: (x) => formatReais(actual(x)), right: true },
            {
              title: 'Diferença',
              width: 80,
              value: (x) => against(actual(x), forecast(x)).diff,
              right: true,
            },
            { title: '%', width: 80, value: (x) => against(actual(x), forecast(x)).pct, right: true },
          ],
          rows: b.expenses,
          total: [
            'Total',
            formatReais(total(forecast)),
            formatReais(total(actual)),
            against(total(actual), total(forecast)).diff,
            against(total(actual), total(forecast)).pct,
          ],
        }),
      ];
    }),
    { kind: 'subheading', text: 'Receitas: o emitido no mês contra o recebido, por conta' },
    table<Revenue>({
      columns: [
        {
          title: 'Receita',
          width: 178,
          value: (x) => `${x.names.join(', ')} (${x.account_code})`,
          wrap: true,
        },
        { title: 'Emitido', width: 80, value: (x) => formatReais(x.billed_cents), right: true },
        { title: 'Recebido', width: 80, value: (x) => formatReais(x.received_cents), right: true },
        {
          title: 'Diferença',
          width: 80,
          value: (x) => against(x.received_cents, x.billed_cents).diff,
          right: true,
        },
        { title: '%', width: 75, value: (x) => against(x.received_cents, x.billed_cents).pct, right: true },
      ],
      rows: b.revenue,
    }),
  ];
}

function owedBlocks(r: MonthReport): Block[] {
  const cut = formatDateBr(r.cut_off);
  const owed = owedCents(r);
  return [
    { kind: 'heading', text: 'Pagamentos recusados pelo banco' },
    r.rejected.length === 0
      ? { kind: 'note', text: 'Nenhum pagamento recusado pelo banco no mês.' }
      : table({
          columns: [
            { title: 'Favorecido', width: 128, value: (x) => x.payee, wrap: true },
            { title: 'Vencimento', width: 66, value: (x) => formatDateBr(x.due_date), nowrap: true },
            {
              title: 'Motivo do banco',
              width: 130,
              value: (x) => `${x.code} ${x.reason}`.trim(),
              wrap: true,
            },
            { title: 'Situação', width: 94, value: (x) => fateWords(x).pt, wrap: true },
            { title: 'Valor', width: 75, value: (x) => formatReais(x.amount_cents), right: true },
          ],
          rows: r.rejected,
        }),
    { kind: 'heading', text: `Contas a pagar em ${cut}` },
    r.pending.length === 0
      ? { kind: 'note', text: 'Nenhuma conta vencida ou a vencer no mês ficou por pagar.' }
      : table({
          columns: [
            { title: 'Favorecido', width: 218, value: (x) => x.payee, wrap: true },
            { title: 'Vencimento', width: 70, value: (x) => formatDateBr(x.due_date), nowrap: true },
            {
              title: 'Situação',
              width: 115,
              value: (x) => pendingWords(x, r.cover.issued_on).pt,
              wrap: true,
            },
            { title: 'Valor', width: 90, value: (x) => formatReais(x.amount_cents), right: true },
          ],
          rows: r.pending,
          total: ['Total a pagar', '', '', formatReais(owed)],
        }),
    { kind: 'heading', text: 'Inadimplência por unidade' },
    r.defaulters.rows.length === 0
      ? { kind: 'note', text: 'Nenhuma unidade em atraso.' }
      : table({
          columns: [
            { title: 'Unidade', width: 198, value: (x) => x.unit, wrap: true },
            { title: 'Cobranças', width: 80, value: (x) => String(x.invoices), right: true },
            { title: 'Dias de atraso', width: 100, value: (x) => String(x.days_overdue), right: true },
            { title: 'Em aberto', width: 115, value: (x) => formatReais(x.outstanding_cents), right: true },
          ],
          rows: r.defaulters.rows,
          total: ['Total', '', '', formatReais(r.defaulters.outstanding_cents)],
        }),
  ];
}

/** The charts, and the approval page the síndico and the council sign. */
function closingBlocks(r: MonthReport): Block[] {
  const cut = formatDateBr(r.cut_off);
  return [
    { kind: 'heading', text: 'Gráficos', newPage: true },
    { kind: 'charts' },
    { kind: 'heading', text: 'Aprovação', newPage: true },
    {
      kind: 'signatures',
      text: `Declaramos que examinamos as contas de ${monthName(r.month)} do ${r.cover.name}, na posição de ${cut}, com as receitas, as despesas e os saldos acima.`,
      lines: ['Síndico(a)', 'Conselho fiscal', 'Conselho fiscal', 'Conselho fiscal'].map(
        (who) => `${who} — nome, assinatura e data`,
      ),
    },
  ];
}

/** The charts' colours, the same on paper and on a page. */
export const COLORS = { revenue: '#2f855a', expense: '#c05621', balance: '#2b6cb0' } as const;

/** The charts' titles and what their legends say. */
export const CHARTS = {
  expenses: 'Despesas do mês por conta do plano',
  months: 'Receitas e despesas, últimos 12 meses',
  balance: (r: MonthReport) => `Saldo ao longo do mês, todas as contas (até ${formatDateBr(r.cut_off)})`,
  // the position on the month's first day: one day to draw, no line (#66: an empty chart, its dates on each other);
  // not 'no movement yet': the first day may have its own
  oneDay: 'um dia só até aqui: o saldo ao fim dele',
  legend: [
    ['Receitas', COLORS.revenue],
    ['Despesas', COLORS.expense],
  ] as [string, string][],
};
