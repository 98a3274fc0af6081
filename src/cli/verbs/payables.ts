/** `condo payables …`: the bills the condominium pays, remitted to the bank in CNAB 240 batches. */

import { FORMAS_PAGAMENTO, PAYABLE_STATES } from '../../domain/payables.js';
import { PAYABLE_FIELDS, TRIBUTE_FIELDS } from '../body-fields.js';
import { declared, type FlagDecl, group, verb } from '../declare.js';
import { DUE_RANGE_FLAGS, PAGING_FLAGS } from './flags.js';

const handlers = () => import('../commands/payables.js');

const FROM_FILE = {
  flag: '--from-file <file>',
  help: {
    en: 'JSON payable body (API fields, cents), or an array of them',
    pt: 'corpo JSON de conta a pagar (campos da API, centavos), ou uma lista deles',
  },
} as const satisfies FlagDecl;

export const commands = [
  group(
    'payables',
    {
      en: 'payables (contas a pagar): create, mark for remittance, follow',
      pt: 'contas a pagar: criar, marcar para remessa, acompanhar',
    },
    [
      verb({
        name: 'list',
        summary: { en: 'list payables', pt: 'lista contas a pagar' },
        flags: [
          {
            flag: '--state <state>',
            help: {
              en: `filter by state: ${PAYABLE_STATES.join(', ')}`,
              pt: `filtra por estado: ${PAYABLE_STATES.join(', ')}`,
            },
            values: PAYABLE_STATES,
          },
          {
            flag: '--rejected',
            help: {
              en: 'only payables the bank rejected (pending again, to be fixed and marked)',
              pt: 'só as contas que o banco rejeitou (pendentes de novo, a corrigir e marcar)',
            },
          },
          {
            flag: '--supplier <supplier>',
            help: {
              en: 'filter by supplier: its id, or a name that matches one supplier',
              pt: 'filtra por fornecedor: o id, ou um nome que identifique um só fornecedor',
            },
          },
          {
            flag: '--search <text>',
            help: {
              en: 'the description, payee or document contains this text',
              pt: 'a descrição, o favorecido ou o documento contém este texto',
            },
          },
          {
            flag: '--method <formas>',
            help: {
              en: `only these, comma-separated: ${FORMAS_PAGAMENTO.join(', ')}`,
              pt: `só estas, separadas por vírgula: ${FORMAS_PAGAMENTO.join(', ')}`,
            },
            values: FORMAS_PAGAMENTO,
          },
          ...DUE_RANGE_FLAGS,
          ...PAGING_FLAGS,
        ],
        examples: [
          'condo payables list --due-to +15d',
          'condo payables list --supplier jardins --search "NF 55"',
          {
            line: 'condo --all-profiles payables list --due-to +7d   # due this week, every condominium',
            pt: 'vencendo nesta semana, em todo condomínio',
          },
        ],
        across: 'read',
        run: async (deps, { opts }) => (await handlers()).payablesList(deps, declared(opts)),
      }),
      verb({
        name: 'show <id>',
        summary: {
          en: 'one payable in detail, with its batches (ID: the id, a unique start or end of it, or the seu número)',
          pt: 'uma conta a pagar em detalhe, com seus lotes (ID: o id, um começo ou fim único dele, ou o seu número)',
        },
        examples: [
          'condo payables show 01M8732B422XF4RARCEKM0REBM',
          {
            line: 'condo payables show 2B422XF4RARCEKM0REBM     # the seu número the bank quotes',
            pt: 'o seu número que o banco cita',
          },
          {
            line: 'condo payables show REBM                     # a unique end (or start) of the id',
            pt: 'um fim (ou começo) único do id',
          },
        ],
        run: async (deps, { args: [id] }) => (await handlers()).showPayable(deps, id),
      }),
      verb({
        name: 'create',
        summary: {
          en: 'create payables (prompts for what is missing on a terminal)',
          pt: 'cria contas a pagar (pergunta o que faltar, no terminal)',
        },
        fields: [PAYABLE_FIELDS, TRIBUTE_FIELDS],
        flags: [FROM_FILE],
        examples: [
          'condo payables create --supplier brilho --chart-account 24 --amount 6.800,00 --method ted --due +7d --description "Limpeza do mês"',
          'condo payables create --payee Sabesp --chart-account 20 --amount 174,29 --method boleto --document 8260000000174290... --description Água',
          'condo payables create --from-file contas-de-novembro.json',
        ],
        writes: true,
        run: async (deps, { opts }) => (await handlers()).createPayables(deps, declared(opts)),
      }),
      verb({
        name: 'update <id>',
        summary: { en: 'change a pending payable', pt: 'altera uma conta pendente' },
        fields: [PAYABLE_FIELDS, TRIBUTE_FIELDS],
        flags: [FROM_FILE],
        examples: ['condo payables update REBM --fine 37,00 --notes "multa de 2%"'],
        writes: true,
        run: async (deps, { args: [id], opts }) =>
          (await handlers()).payablesUpdate(deps, id, declared(opts)),
      }),
      verb({
        name: 'delete <ids...>',
        summary: {
          en: 'delete payables not yet in a batch (asks first; - reads ids from stdin)',
          pt: 'exclui contas que ainda não estão em lote (pergunta antes; - lê ids da entrada)',
        },
        flags: [{ flag: '-y, --yes', help: { en: 'delete without asking', pt: 'exclui sem perguntar' } }],
        examples: ['condo payables delete 01M8732B422XF4RARCEKM0REBT --yes'],
        writes: true,
        run: async (deps, { args: [ids], opts }) =>
          (await handlers()).actOnMany(deps, 'deleteMany', 'deleted', ids, declared(opts)),
      }),
      verb({
        name: 'mark <ids...>',
        summary: {
          en: 'mark payables for the next remittance (CNAB 240 batch); - reads ids from stdin',
          pt: 'marca contas para a próxima remessa (lote CNAB 240); - lê ids da entrada',
        },
        flags: [
          {
            flag: '--force',
            help: {
              en: 'mark even a payable the bank said is already paid (ZK), once the statement shows it is not',
              pt: 'marca mesmo uma conta que o banco disse já estar paga (ZK), depois que o extrato mostrar que não está',
            },
          },
        ],
        examples: [
          'condo payables mark REBM REBN',
          'condo payables mark $(condo payables list --state pending --method pix,ted,doc,boleto | cut -f1)',
        ],
        writes: true,
        run: async (deps, { args: [ids], opts }) =>
          (await handlers()).actOnMany(deps, 'markMany', 'marked', ids, declared(opts)),
      }),
      verb({
        name: 'unmark <ids...>',
        summary: {
          en: 'take payables out of the next remittance; - reads ids from stdin',
          pt: 'tira contas da próxima remessa; - lê ids da entrada',
        },
        examples: ['condo payables unmark REBN'],
        writes: true,
        run: async (deps, { args: [ids] }) =>
          (await handlers()).actOnMany(deps, 'unmarkMany', 'unmarked', ids),
      }),
    ],
  ),
];
