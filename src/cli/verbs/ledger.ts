import { CHART_ACCOUNT_STATES, ENTRY_TYPES } from '../../domain/ledger.js';
import { ENTRY_FIELDS, TRANSFER_FIELDS } from '../body-fields.js';
import { declared, group, verb } from '../declare.js';
import { PAGING_FLAGS } from './flags.js';

const handlers = () => import('../commands/ledger.js');

export const commands = [
  group(
    'ledger',
    {
      en: 'chart of accounts, entries, transfers between bank accounts, a month summary',
      pt: 'plano de contas, lançamentos, transferências entre contas, resumo do mês',
    },
    [
      verb({
        name: 'chart',
        summary: { en: 'list the chart of accounts (plano de contas)', pt: 'lista o plano de contas' },
        flags: [
          {
            flag: '--type <type>',
            help: { en: 'revenue or expense', pt: 'receita ou despesa' },
            values: ENTRY_TYPES,
          },
          {
            flag: '--state <state>',
            help: { en: 'active or inactive', pt: 'ativa ou inativa' },
            values: CHART_ACCOUNT_STATES,
          },
        ],
        examples: ['condo ledger chart --type expense --state active'],
        run: async (deps, { opts }) => (await handlers()).chart(deps, declared(opts)),
      }),
      group(
        'entries',
        { en: 'ledger entries: list (default) or create', pt: 'lançamentos: listar (padrão) ou criar' },
        [
          verb({
            name: 'list',
            isDefault: true,
            summary: {
              en: 'list ledger entries (revenue and expense)',
              pt: 'lista os lançamentos (receitas e despesas)',
            },
            flags: [
              { flag: '--from <date>', help: { en: 'paid on or after', pt: 'pago a partir de' } },
              { flag: '--to <date>', help: { en: 'paid on or before', pt: 'pago até' } },
              {
                flag: '--chart-account <account>',
                help: {
                  en: 'chart account: id, code (2.3.05) or part of its name',
                  pt: 'conta contábil: id, código (2.3.05) ou parte do nome',
                },
              },
              { flag: '--bank-account <id>', help: { en: 'bank account id', pt: 'id da conta bancária' } },
              {
                flag: '--type <type>',
                help: { en: 'revenue or expense', pt: 'receita ou despesa' },
                values: ENTRY_TYPES,
              },
              ...PAGING_FLAGS,
            ],
            examples: ['condo ledger entries list --type expense --from 2026-11-01'],
            run: async (deps, { opts }) => (await handlers()).entries(deps, declared(opts)),
          }),
          verb({
            name: 'create',
            summary: {
              en: 'create a revenue or expense entry in an open financial period',
              pt: 'cria um lançamento de receita ou despesa num período aberto',
            },
            fields: [ENTRY_FIELDS],
            flags: [
              {
                flag: '--from-file <file>',
                help: {
                  en: 'JSON entry body (API fields, decimal reais), or an array of them',
                  pt: 'corpo JSON de lançamento (campos da API, reais decimais), ou uma lista deles',
                },
              },
            ],
            examples: [
              'condo ledger entries create --type revenue --chart-account 7 --amount 350,00 --description "Locação do salão" --paid today --bank-account 1',
            ],
            writes: true,
            run: async (deps, { opts }) => (await handlers()).createEntries(deps, declared(opts)),
          }),
        ],
      ),
      verb({
        name: 'transfer',
        summary: {
          en: 'move money between two bank accounts (an outgoing and an incoming entry)',
          pt: 'transfere entre duas contas bancárias (um lançamento de saída e um de entrada)',
        },
        fields: [TRANSFER_FIELDS],
        flags: [
          {
            flag: '--from-file <file>',
            help: {
              en: 'JSON transfer body (API fields, decimal reais), or an array of them',
              pt: 'corpo JSON de transferência (campos da API, reais decimais), ou uma lista deles',
            },
          },
        ],
        examples: ['condo ledger transfer --from 1 --to 2 --amount 5.000,00 --date today --chart-account 3'],
        writes: true,
        run: async (deps, { opts }) => (await handlers()).ledgerTransfer(deps, declared(opts)),
      }),
      verb({
        name: 'summary',
        summary: {
          en: "a month's revenue and expense per chart account and bank account; or months side by side, with a chart",
          pt: 'receitas e despesas do mês por conta contábil e conta bancária; ou meses lado a lado, com gráfico',
        },
        flags: [
          { flag: '--month <YYYY-MM>', help: { en: 'the month', pt: 'o mês' } },
          {
            flag: '--from <YYYY-MM>',
            help: {
              en: 'the first month of a range (with --to; default: --to)',
              pt: 'o primeiro mês do intervalo (com --to; padrão: --to)',
            },
          },
          {
            flag: '--to <YYYY-MM>',
            help: {
              en: 'the last month of a range (default: this month)',
              pt: 'o último mês do intervalo (padrão: este mês)',
            },
          },
          {
            flag: '--last <n>',
            help: {
              en: 'the last N months up to --to (instead of --from)',
              pt: 'os últimos N meses até --to (em vez de --from)',
            },
          },
        ],
        examples: [
          'condo ledger summary --month 2026-11',
          'condo ledger summary --from 2026-06 --to 2026-11',
          {
            line: 'condo --all-profiles ledger summary --month 2026-11   # the month per condominium',
            pt: 'o mês por condomínio',
          },
        ],
        across: 'read',
        run: async (deps, { opts }) => (await handlers()).summary(deps, declared(opts)),
      }),
    ],
  ),
];
