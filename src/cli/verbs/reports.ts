import { UsageError } from '../../domain/errors.js';
import { SERIES_CODES } from '../../domain/index-series.js';
import { PAID_GROUPS } from '../../domain/month-report.js';
import { declared, group, verb } from '../declare.js';

const handlers = () => import('../commands/reports.js');
const indexHandlers = () => import('../commands/indexes.js');

export const commands = [
  group('report', { en: 'reports people ask for every month', pt: 'os relatórios pedidos todo mês' }, [
    verb({
      name: 'month [month]',
      summary: {
        en: "a condominium's month for its council: paid, rejected, to pay, revenue, defaulters, balances",
        pt: 'o mês de um condomínio para o conselho: pago, rejeitado, a pagar, receita, inadimplentes, saldos',
      },
      flags: [
        {
          flag: '--pdf <file>',
          help: {
            en: 'the month as a document to sign: an A4 PDF in Portuguese (prestação de contas); over profiles, a folder',
            pt: 'o mês como documento para assinar: um PDF A4 em português (prestação de contas); em vários perfis, uma pasta',
          },
        },
        {
          flag: '--html <file>',
          help: {
            en: 'the same document as one self-contained HTML page (charts inline), for e-mail or a portal',
            pt: 'o mesmo documento como uma página HTML autossuficiente (gráficos embutidos), para e-mail ou portal',
          },
        },
        {
          flag: '--force',
          help: {
            en: 'overwrite a document already there (a signed one is otherwise kept)',
            pt: 'sobrescreve um documento que já exista (senão um assinado é mantido)',
          },
        },
        {
          // as billing and nfse deadlines take it: a person types either
          flag: '--month <month>',
          help: {
            en: 'the month, as the argument (MM/YYYY or YYYY-MM)',
            pt: 'o mês, como o argumento (MM/AAAA ou AAAA-MM)',
          },
        },
      ],
      examples: [
        'condo report month 2026-11',
        'condo report month 2026-11 --pdf prestacao-2026-11.pdf',
        {
          line: 'condo --all-profiles report month 2026-11 --pdf prestacoes/   # one AAAA-MM-slug.pdf each',
          pt: 'um AAAA-MM-slug.pdf cada',
        },
      ],
      across: 'read',
      run: async (deps, { args: [month], opts }) => {
        const { month: flag, ...rest } = declared(opts) as {
          month?: string;
          pdf?: string;
          html?: string;
          force?: boolean;
        };
        if (flag !== undefined && month !== undefined && flag !== month)
          throw new UsageError({
            en: `give the month once: ${month} or --month ${flag}`,
            pt: `dê o mês uma vez: ${month} ou --month ${flag}`,
          });
        return (await handlers()).reportMonth(deps, month ?? flag, rest);
      },
    }),
    verb({
      name: 'paid',
      summary: {
        en: 'what was paid in a month: each payment, or by supplier or chart account, with the total',
        pt: 'o que foi pago no mês: cada pagamento, ou por fornecedor ou conta contábil, com o total',
      },
      flags: [
        {
          flag: '--month <YYYY-MM>',
          help: { en: 'the month (default: this one)', pt: 'o mês (padrão: este)' },
        },
        {
          flag: '--by <group>',
          help: {
            en: `sum by ${PAID_GROUPS.join(' or ')}`,
            pt: 'soma por supplier (fornecedor) ou chart-account (conta contábil)',
          },
          values: PAID_GROUPS,
        },
      ],
      examples: [
        'condo report paid',
        'condo report paid --month 2026-10 --by supplier',
        'condo -o csv report paid --by chart-account > pagos.csv',
      ],
      run: async (deps, { opts }) => (await handlers()).reportPaid(deps, declared(opts)),
    }),
  ]),
  verb({
    name: 'defaulters',
    summary: {
      en: 'delinquency snapshot per unit: overdue invoices, total outstanding, days overdue',
      pt: 'inadimplência por unidade: cobranças vencidas, total em aberto, dias de atraso',
    },
    flags: [
      {
        flag: '--as-of <date>',
        help: {
          en: 'the day the snapshot is taken (default: today)',
          pt: 'o dia da fotografia (padrão: hoje)',
        },
      },
      {
        flag: '--min-days <n>',
        help: {
          en: 'only units at least this many days overdue',
          pt: 'só unidades com pelo menos estes dias de atraso',
        },
      },
      {
        flag: '--min-amount <reais>',
        help: { en: 'only units owing at least this much', pt: 'só unidades devendo pelo menos isto' },
      },
    ],
    examples: [
      'condo defaulters --min-days 60 --min-amount 1.000,00',
      {
        line: 'condo --all-profiles defaulters                       # behind, across all buildings',
        pt: 'em atraso, em todos os prédios',
      },
    ],
    across: 'read',
    run: async (deps, { opts }) => (await handlers()).listDefaulters(deps, declared(opts)),
  }),
  group(
    'indexes',
    {
      en: 'monetary indexes: the ones the server names, their monthly values and where each came from',
      pt: 'índices de correção: os que o servidor informa, seus valores mensais e de onde veio cada um',
    },
    [
      verb({
        name: 'list',
        isDefault: true,
        summary: {
          en: 'monetary indexes (IPCA, IGPM, INPC, INCC, TJSP) used to correct overdue amounts',
          pt: 'índices de correção (IPCA, IGPM, INPC, INCC, TJSP) dos valores em atraso',
        },
        examples: ['condo indexes list'],
        run: async (deps) => (await indexHandlers()).listIndexes(deps),
      }),
      verb({
        name: 'show <code>',
        summary: {
          en: "an index's months, their accumulated factor and the table each came from (imported, shipped, the server's)",
          pt: 'os meses de um índice, o fator acumulado e a tabela de onde veio cada um (importada, a do condo, a do servidor)',
        },
        argValues: SERIES_CODES,
        flags: [
          { flag: '--from <month>', help: { en: 'first month (MM/YYYY)', pt: 'primeiro mês (MM/AAAA)' } },
          {
            flag: '--to <month>',
            help: { en: 'last month (default: this one)', pt: 'último mês (padrão: o atual)' },
          },
        ],
        examples: ['condo indexes show IPCA --from 01/2025 --to 12/2025'],
        run: async (deps, { args, opts }) => (await indexHandlers()).showIndex(deps, args[0], declared(opts)),
      }),
      verb({
        name: 'import <file>',
        summary: {
          en: "an official table kept under the config folder with its hash: the TJSP's factors, a BCB series (CSV)",
          pt: 'uma tabela oficial guardada na pasta de configuração com seu hash: os fatores do TJSP, uma série do BCB (CSV)',
        },
        flags: [
          {
            flag: '--index <code>',
            help: {
              en: `which index the file holds (${SERIES_CODES.join(', ')}); a TJSP table says it itself`,
              pt: `qual índice o arquivo traz (${SERIES_CODES.join(', ')}); a tabela do TJSP já diz`,
            },
          },
        ],
        examples: [
          'condo indexes import tabela_debitos_judiciais.csv',
          'condo indexes import bcdata.sgs.4390.csv --index SELIC',
        ],
        run: async (deps, { args, opts }) =>
          (await indexHandlers()).importIndex(deps, args[0], declared(opts)),
      }),
    ],
  ),
];
