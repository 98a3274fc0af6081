import { EXPENSE_FIELDS, INSTALLMENTS_FIELDS } from '../body-fields.js';
import { declared, group, verb } from '../declare.js';
import { PAGING_FLAGS } from './flags.js';

const handlers = () => import('../commands/expenses.js');

export const commands = [
  group(
    'expenses',
    {
      en: 'expenses (despesas): register bills and installment series',
      pt: 'despesas: registrar contas e parcelamentos',
    },
    [
      verb({
        name: 'list',
        summary: { en: 'list expenses', pt: 'lista as despesas' },
        flags: [
          {
            flag: '--supplier <supplier>',
            help: {
              en: 'filter by supplier: its id, or a name that matches one supplier',
              pt: 'filtra por fornecedor: o id, ou um nome que identifique um só fornecedor',
            },
          },
          {
            flag: '--chart-account <account>',
            help: {
              en: 'filter by chart account: id, code (2.3.05) or part of its name',
              pt: 'filtra pela conta contábil: id, código (2.3.05) ou parte do nome',
            },
          },
          { flag: '--paid-from <date>', help: { en: 'paid on or after', pt: 'pago a partir de' } },
          { flag: '--paid-to <date>', help: { en: 'paid on or before', pt: 'pago até' } },
          ...PAGING_FLAGS,
        ],
        examples: ['condo expenses list --paid-from 2026-11-01'],
        run: async (deps, { opts }) => (await handlers()).expensesList(deps, declared(opts)),
      }),
      verb({
        name: 'create',
        summary: {
          en: 'register an expense (paid ones become ledger entries in their financial period)',
          pt: 'registra uma despesa (as pagas viram lançamentos no período delas)',
        },
        fields: [EXPENSE_FIELDS],
        flags: [
          {
            flag: '--from-file <file>',
            help: {
              en: 'JSON expense body (API fields, decimal reais), or an array of them',
              pt: 'corpo JSON de despesa (campos da API, reais decimais), ou uma lista deles',
            },
          },
        ],
        examples: [
          'condo expenses create --chart-account 19 --description "Energia elétrica" --amount 2.318,47 --due today --paid today --bank-account 1 --method boleto',
        ],
        writes: true,
        run: async (deps, { opts }) => (await handlers()).createExpenses(deps, declared(opts)),
      }),
      verb({
        name: 'installments',
        after: {
          en:
            'The schedule is printed before anything is sent. On a terminal it asks to\n' +
            'confirm (--yes skips); without one (pipe, cron, CI, --no-input) it proceeds\n' +
            'without asking, as scripts expect.',
          pt:
            'O cronograma é mostrado antes de qualquer envio. No terminal, pede confirmação\n' +
            '(--yes pula); sem terminal (pipe, cron, CI, --no-input) segue sem perguntar,\n' +
            'como os scripts esperam.',
        },
        summary: {
          en: 'split a total into N linked expenses with monthly due dates',
          pt: 'divide um total em N despesas ligadas, com vencimentos mensais',
        },
        fields: [INSTALLMENTS_FIELDS],
        flags: [
          {
            flag: '--dry-run',
            help: {
              en: 'print the schedule and exit; sends nothing, needs no credentials',
              pt: 'imprime o cronograma e sai; não envia nada, não precisa de credenciais',
            },
          },
          {
            flag: '-y, --yes',
            help: { en: 'do not ask for confirmation on a terminal', pt: 'não pede confirmação no terminal' },
          },
          {
            flag: '--from-file <file>',
            help: {
              en: 'JSON installments body (API fields, decimal reais), or an array of them',
              pt: 'corpo JSON de parcelamento (campos da API, reais decimais), ou uma lista deles',
            },
          },
        ],
        examples: [
          'condo expenses installments --count 10 --total 12.000,00 --first-due +30d --chart-account 23 --description "Reforma do elevador" --dry-run',
        ],
        writes: true,
        run: async (deps, { opts }) => (await handlers()).expensesInstallments(deps, declared(opts)),
      }),
    ],
  ),
];
