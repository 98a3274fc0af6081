import { declared, group, verb } from '../declare.js';

const handlers = () => import('../commands/debt.js');

const RULES = {
  flag: '--rules <file>',
  help: {
    en: "the charges file (YAML; default: the profile's or the firm's, condo config set charges, else encargos.yaml)",
    pt: 'o arquivo de encargos (YAML; padrão: o do perfil ou da firma, condo config set charges, senão encargos.yaml)',
  },
} as const;

export const commands = [
  group(
    'debt',
    {
      en: 'late quotas updated: fine, interest and monetary correction, every line shown',
      pt: 'cotas em atraso atualizadas: multa, juros e correção monetária, cada linha mostrada',
    },
    [
      verb({
        name: 'calc',
        summary: {
          en: 'one amount updated to a day, offline, by the charges file (principal, correction, interest, fine, total)',
          pt: 'um valor atualizado até um dia, sem rede, pelo arquivo de encargos (principal, correção, juros, multa, total)',
        },
        flags: [
          { flag: '--amount <reais>', help: { en: 'the quota (R$)', pt: 'a cota (R$)' } },
          { flag: '--due <date>', help: { en: 'its due date', pt: 'o vencimento' } },
          {
            flag: '--as-of <date>',
            help: { en: 'the day it is updated to', pt: 'o dia até o qual atualizar' },
          },
          RULES,
        ],
        examples: ['condo debt calc --amount 850 --due 10/03/2025 --as-of 15/12/2025 --rules encargos.yaml'],
        run: async (deps, { opts }) => (await handlers()).debtCalc(deps, declared(opts)),
      }),
      verb({
        name: 'update',
        summary: {
          en: "the server's late quotas updated to a day, a row each and a total per unit; --pdf the memória de cálculo",
          pt: 'as cotas em atraso do servidor atualizadas até um dia, uma linha cada e o total por unidade; --pdf a memória de cálculo',
        },
        flags: [
          {
            flag: '--unit <unit>',
            help: { en: 'one unit (its label or id)', pt: 'uma unidade (o nome ou o id)' },
          },
          {
            flag: '--as-of <date>',
            help: {
              en: 'the day it is updated to (default: today)',
              pt: 'o dia até o qual atualizar (padrão: hoje)',
            },
          },
          RULES,
          {
            flag: '--pdf <file>',
            help: {
              en: "the memória de cálculo for the lawyer: CPC art. 798's items, the charges' clauses and hash, the tables (over many profiles, a folder)",
              pt: 'a memória de cálculo para o advogado: os itens do art. 798 do CPC, as cláusulas e o hash dos encargos, as tabelas (com vários perfis, uma pasta)',
            },
          },
        ],
        examples: [
          "condo debt update --unit 'Bloco A - 302' --pdf memoria-a302.pdf",
          {
            line: 'condo --all-profiles debt update -o csv --excel > atrasos.csv   # every condominium, one sheet',
            pt: 'todos os condomínios, uma planilha',
          },
        ],
        across: 'read',
        run: async (deps, { opts }) => (await handlers()).debtUpdate(deps, declared(opts)),
      }),
    ],
  ),
];
