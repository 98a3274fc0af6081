import { INVOICE_FILTER_STATES } from '../../domain/invoices.js';
import { INVOICE_FIELDS } from '../body-fields.js';
import { declared, group, verb } from '../declare.js';
import { DUE_RANGE_FLAGS, PAGING_FLAGS } from './flags.js';

const handlers = () => import('../commands/invoices.js');

export const commands = [
  group(
    'invoices',
    {
      en: 'invoices (cobranças): create drafts, issue boleto and PIX, show payment options',
      pt: 'cobranças: criar rascunhos, emitir boleto e PIX, mostrar as formas de pagamento',
    },
    [
      verb({
        name: 'list',
        summary: { en: 'list invoices', pt: 'lista as cobranças' },
        flags: [
          {
            flag: '--state <state>',
            help: {
              en: `filter by state: ${INVOICE_FILTER_STATES.join(', ')}`,
              pt: `filtra por estado: ${INVOICE_FILTER_STATES.join(', ')}`,
            },
            values: INVOICE_FILTER_STATES,
          },
          {
            flag: '--unit <id>',
            help: {
              en: 'filter by unit id (see condo units list)',
              pt: 'filtra pelo id da unidade (veja condo units list)',
            },
          },
          {
            flag: '--party <id>',
            help: { en: 'filter by party (payer) id', pt: 'filtra pelo id do pagador' },
          },
          ...DUE_RANGE_FLAGS,
          ...PAGING_FLAGS,
        ],
        examples: [
          'condo invoices list --state overdue',
          'condo invoices list --unit 6 --due-from 2026-01-01',
        ],
        across: 'read',
        run: async (deps, { opts }) => (await handlers()).invoicesList(deps, declared(opts)),
      }),
      verb({
        name: 'show <id>',
        summary: { en: 'show one invoice in detail', pt: 'mostra uma cobrança em detalhe' },
        flags: [
          {
            flag: '--pdf <file>',
            help: {
              en: "the resident's page of it (A4: its parts, the linha digitável and bar code, the PIX)",
              pt: 'a página do condômino (A4: as partes, a linha digitável e o código de barras, o PIX)',
            },
          },
          {
            flag: '--plans <dir>',
            help: {
              en: "where the billing run's plan files are, for what each part is of (with --pdf)",
              pt: 'onde estão os arquivos de plano da emissão, para dizer de que é cada parte (com --pdf)',
            },
            default: '.',
          },
        ],
        examples: [
          'condo invoices show 01M87...',
          {
            line: 'condo invoices show 01M87... --pdf cobranca.pdf --plans planos/   # the page a resident asks for',
            pt: 'a página que um condômino pede',
          },
        ],
        run: async (deps, { args: [id], opts }) => (await handlers()).showInvoice(deps, id, declared(opts)),
      }),
      verb({
        name: 'create',
        summary: {
          en: 'create a draft invoice in the open financial period',
          pt: 'cria uma cobrança em rascunho no período aberto',
        },
        fields: [INVOICE_FIELDS],
        flags: [
          {
            flag: '--from-file <file>',
            help: {
              en: 'JSON invoice body (API fields, decimal reais), or an array of them',
              pt: 'corpo JSON de cobrança (campos da API, reais decimais), ou uma lista deles',
            },
          },
        ],
        examples: [
          'condo invoices create --unit 6 --bank-account 1 --billing-type BOLETO_PIX --due +10d --subtotal 850',
        ],
        writes: true,
        run: async (deps, { opts }) => (await handlers()).createInvoices(deps, declared(opts)),
      }),
      verb({
        name: 'issue <id>',
        summary: {
          en: 'issue the payment options (registered boleto and PIX QR) of a draft invoice',
          pt: 'emite as formas de pagamento (boleto registrado e QR PIX) de uma cobrança em rascunho',
        },
        examples: ['condo invoices issue 01M87...'],
        writes: true,
        run: async (deps, { args: [id] }) => (await handlers()).invoicesIssue(deps, id),
      }),
      verb({
        name: 'payment <id>',
        summary: {
          en: 'linha digitável, boleto URL and PIX copia e cola of an issued invoice (QR code on a terminal)',
          pt: 'linha digitável, URL do boleto e PIX copia e cola de uma cobrança emitida (QR code no terminal)',
        },
        examples: ['condo invoices payment 01M87...'],
        run: async (deps, { args: [id] }) => (await handlers()).showPayment(deps, id),
      }),
    ],
  ),
];
