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
            help: {
              en: "the budget (YAML); default: the profile's (config set budget), else <slug>.yaml in the firm's budgets folder, else orcamento.yaml",
              pt: 'o orçamento (YAML); padrão: o do perfil (config set budget), senão <slug>.yaml na pasta budgets da administradora, senão orcamento.yaml',
            },
          },
          {
            flag: '-O, --output-file <dir-or-file>',
            help: {
              en: 'where the plan file goes: a folder (its name is the plan) or a .json file',
              pt: 'onde vai o arquivo do plano: uma pasta (o nome é o do plano) ou um arquivo .json',
            },
          },
          {
            flag: '--pdf <file>',
            help: {
              en: "the council's sheet: units × components with their totals, the fractions, the rounding's cents, the exempt (over many profiles, a folder)",
              pt: 'a planilha do conselho: unidades × componentes com os totais, as frações, os centavos do arredondamento, as isentas (com vários perfis, uma pasta)',
            },
          },
        ],
        examples: [
          'condo billing plan --month 01/2027',
          {
            line: 'condo billing plan --month 01/2027 --budget orcamento.yaml -O planos/   # kept beside the earlier',
            pt: 'guardado junto dos anteriores',
          },
          {
            line: 'condo --all-profiles billing plan --month 01/2027 -O planos/   # every condominium, one table',
            pt: 'todos os condomínios, uma tabela',
          },
        ],
        across: 'read',
        run: async (deps, { opts }) => (await handlers()).billingPlan(deps, declared(opts)),
      }),
      verb({
        name: 'apply [plan]',
        summary: {
          en: "creates each unit's invoice of the plan, once (a re-run completes what is missing); --issue issues them",
          pt: 'cria a cobrança de cada unidade do plano, uma vez (rodar de novo completa o que falta); --issue as emite',
        },
        flags: [
          {
            flag: '--issue',
            help: { en: 'issue each invoice: its boleto and PIX', pt: 'emite cada cobrança: boleto e PIX' },
          },
          {
            flag: '--replace',
            help: {
              en: "cancel the month's invoices of another plan first (not a paid one)",
              pt: 'cancela antes as cobranças do mês de outro plano (não uma paga)',
            },
          },
          {
            flag: '--month <month>',
            help: {
              en: "the month (MM/YYYY): its newest plan file in --plans (each condominium's, over many profiles)",
              pt: 'o mês (MM/AAAA): o plano mais novo dele em --plans (o de cada condomínio, com vários perfis)',
            },
          },
          {
            flag: '--plans <dir>',
            help: {
              en: 'the folder of the plan files (with --month)',
              pt: 'a pasta dos arquivos de plano (com --month)',
            },
            default: '.',
          },
          {
            flag: '--pdf <dir>',
            help: {
              en: "the residents' pages: one A4 page a unit (its parts and what each is of, the linha digitável and bar code, the PIX), one PDF",
              pt: 'as páginas dos condôminos: uma página A4 por unidade (as partes e de que é cada uma, linha digitável e código de barras, PIX), um PDF',
            },
          },
          {
            flag: '--pdf-each',
            help: { en: 'with --pdf, one file a unit', pt: 'com --pdf, um arquivo por unidade' },
          },
          {
            flag: '-y, --yes',
            help: {
              en: 'over many profiles, apply without asking',
              pt: 'com vários perfis, aplica sem perguntar',
            },
          },
        ],
        writes: true,
        across: 'firm',
        examples: [
          'condo billing apply 2027-01-residencial-jardim-botanico-ca1af7db.plan.json --issue',
          {
            line: 'condo billing apply planos/2027-01-*.plan.json --replace   # a budget corrected after applying',
            pt: 'um orçamento corrigido depois de aplicar',
          },
          {
            line: 'condo --all-profiles billing apply --month 01/2027 --plans planos/ --issue   # the firm, asked once',
            pt: 'a administradora, perguntada uma vez',
          },
        ],
        run: async (deps, { args: [plan], opts }) =>
          (await handlers()).billingApply(deps, plan, declared(opts)),
      }),
      verb({
        name: 'verify [plan]',
        summary: {
          en: 'reads the month back: one invoice a unit, of the planned total, issued if it was asked (exit 1 names what is not)',
          pt: 'confere o mês: uma cobrança por unidade, no total planejado, emitida se pedido (saída 1 diz o que não está)',
        },
        flags: [
          {
            flag: '--month <month>',
            help: {
              en: "the month (MM/YYYY): its plan is found among the plan files by the invoices' marker",
              pt: 'o mês (MM/AAAA): o plano é achado entre os arquivos de plano pela marca das cobranças',
            },
          },
          {
            flag: '--plans <dir>',
            help: {
              en: 'the folder of the plan files (with --month)',
              pt: 'a pasta dos arquivos de plano (com --month)',
            },
            default: '.',
          },
        ],
        examples: [
          'condo billing verify --month 01/2027',
          {
            line: 'condo billing verify --month 01/2027 --plans planos/ --json >> emissao.log   # from cron',
            pt: 'pelo cron',
          },
          {
            line: 'condo --all-profiles billing verify --month 01/2027 --plans planos/   # every condominium',
            pt: 'todos os condomínios',
          },
        ],
        across: 'read',
        run: async (deps, { args: [plan], opts }) =>
          (await handlers()).billingVerify(deps, plan, declared(opts)),
      }),
    ],
  ),
];
