import { declared, group, verb } from '../declare.js';

const handlers = () => import('../commands/billing.js');

export const commands = [
  group(
    'billing',
    {
      en: "the month's billing: every unit's quota from the approved budget",
      pt: 'a emissão do mês: a cota de cada unidade pelo orçamento aprovado',
    },
    [
      verb({
        name: 'plan',
        summary: {
          en: "works out each unit's quota from the budget, split to the cent, and writes the plan file",
          pt: 'calcula a cota de cada unidade pelo orçamento, rateada ao centavo, e grava o arquivo do plano',
        },
        flags: [
          {
            flag: '--month <month>',
            help: { en: 'the month billed (MM/YYYY)', pt: 'o mês da emissão (MM/AAAA)' },
          },
          {
            flag: '--budget <file>',
            help: { en: 'the budget (YAML)', pt: 'o orçamento (YAML)' },
            default: 'orcamento.yaml',
          },
          {
            flag: '-O, --output-file <dir-or-file>',
            help: {
              en: 'where the plan file goes: a folder (its name is the plan) or a .json file',
              pt: 'onde vai o arquivo do plano: uma pasta (o nome é o do plano) ou um arquivo .json',
            },
          },
        ],
        examples: [
          'condo billing plan --month 01/2027',
          {
            line: 'condo billing plan --month 01/2027 --budget orcamento.yaml -O planos/   # kept beside the earlier',
            pt: 'guardado junto dos anteriores',
          },
        ],
        run: async (deps, { opts }) => (await handlers()).billingPlan(deps, declared(opts)),
      }),
    ],
  ),
];
