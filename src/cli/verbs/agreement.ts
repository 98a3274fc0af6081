import { declared, group, verb } from '../declare.js';

const handlers = () => import('../commands/agreement.js');

/** The flags that make an agreement: propose shows it, apply creates it, the same flags. */
const TERMS = [
  { flag: '--unit <unit>', help: { en: 'the unit (its label or id)', pt: 'a unidade (o nome ou o id)' } },
  {
    flag: '--installments <n>',
    help: { en: 'how many installments (2 to 60)', pt: 'quantas parcelas (2 a 60)' },
  },
  {
    flag: '--first-due <date>',
    help: {
      en: "the first installment's due date (the entry's, where there is one)",
      pt: 'o vencimento da primeira parcela (o da entrada, quando houver)',
    },
  },
  {
    flag: '--entry <reais>',
    help: {
      en: 'an entry payment: it pays the oldest charges first',
      pt: 'uma entrada: paga primeiro os encargos mais antigos',
    },
  },
  {
    flag: '--fee <fee>',
    help: {
      en: 'a fee on the updated debt, in the subtotal (honorarios=10% or honorarios=500,00)',
      pt: 'um honorário sobre o débito atualizado, no subtotal (honorarios=10% ou honorarios=500,00)',
    },
  },
  {
    flag: '--as-of <date>',
    help: {
      en: 'the day the debt is updated to (default: today)',
      pt: 'o dia da atualização (padrão: hoje)',
    },
  },
  {
    flag: '--rules <file>',
    help: {
      en: "the charges file (default: the profile's or the firm's, else encargos.yaml)",
      pt: 'o arquivo de encargos (padrão: o do perfil ou da firma, senão encargos.yaml)',
    },
  },
  {
    flag: '--pdf <file>',
    help: {
      en: 'the agreement to sign: the quotas settled, the installments, the clauses, the signatures',
      pt: 'o acordo para assinar: as cotas quitadas, as parcelas, as cláusulas, as assinaturas',
    },
  },
] as const;

export const commands = [
  group(
    'agreement',
    {
      en: 'agreements (acordos): a late debt in installments that add up, created once and watched',
      pt: 'acordos: uma dívida em atraso em parcelas que somam, criadas uma vez e acompanhadas',
    },
    [
      verb({
        name: 'propose',
        summary: {
          en: 'the installments of an agreement, each column adding up to the debt: nothing is created',
          pt: 'as parcelas de um acordo, cada coluna somando o débito: nada é criado',
        },
        flags: TERMS,
        examples: [
          "condo agreement propose --unit 'Bloco A - 302' --installments 6 --first-due 10/01/2027 --fee honorarios=10%",
        ],
        run: async (deps, { opts }) => (await handlers()).agreementPropose(deps, declared(opts)),
      }),
      verb({
        name: 'apply',
        summary: {
          en: 'creates and issues the installments once (a re-run completes), and records the quotas they settle',
          pt: 'cria e emite as parcelas uma vez (rodar de novo completa) e registra as cotas que elas quitam',
        },
        flags: [
          ...TERMS,
          {
            flag: '-y, --yes',
            help: {
              en: 'apply without asking (required off a terminal)',
              pt: 'aplica sem perguntar (obrigatório sem terminal)',
            },
          },
        ],
        examples: [
          "condo agreement apply --unit 'Bloco A - 302' --installments 6 --first-due 10/01/2027 --yes",
        ],
        writes: true,
        run: async (deps, { opts }) => (await handlers()).agreementApply(deps, declared(opts)),
      }),
      verb({
        name: 'list',
        isDefault: true,
        summary: {
          en: "the agreements the server's invoices carry: installments paid, open, late",
          pt: 'os acordos que as cobranças do servidor trazem: parcelas pagas, em aberto, atrasadas',
        },
        flags: [{ flag: '--unit <unit>', help: { en: 'one unit', pt: 'uma unidade' } }],
        examples: ['condo agreement list'],
        run: async (deps, { opts }) => (await handlers()).agreementList(deps, declared(opts)),
      }),
      verb({
        name: 'show <id>',
        summary: {
          en: 'one agreement: its installments, the quotas it settled, and what a broken one means',
          pt: 'um acordo: as parcelas, as cotas que quitou e o que acontece se ele se romper',
        },
        flags: [
          {
            flag: '--rules <file>',
            help: {
              en: 'the charges file (its acordo clause)',
              pt: 'o arquivo de encargos (a cláusula acordo)',
            },
          },
        ],
        examples: ['condo agreement show AC-1a2b3c4d'],
        run: async (deps, { args, opts }) => (await handlers()).agreementShow(deps, args[0], declared(opts)),
      }),
      verb({
        name: 'check',
        summary: {
          en: 'for cron: exit 1 when an installment is --late-days late (default the convention’s), naming it',
          pt: 'para o cron: sai com 1 quando uma parcela passa de --late-days em atraso (padrão: o da convenção)',
        },
        flags: [
          {
            flag: '--late-days <n>',
            help: {
              en: "days late that break an agreement (default: the charges file's acordo.quebra_dias, else 30)",
              pt: 'dias de atraso que rompem um acordo (padrão: acordo.quebra_dias do arquivo de encargos, senão 30)',
            },
          },
          {
            flag: '--rules <file>',
            help: {
              en: 'the charges file (its acordo clause)',
              pt: 'o arquivo de encargos (a cláusula acordo)',
            },
          },
        ],
        examples: [
          {
            line: 'condo agreement check --json >> acordos.log   # every night, from cron',
            pt: 'toda noite, pelo cron',
          },
        ],
        across: 'read',
        run: async (deps, { opts }) => (await handlers()).agreementCheck(deps, declared(opts)),
      }),
    ],
  ),
];
