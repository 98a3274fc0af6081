import { declared, group, verb } from '../declare.js';

const handlers = () => import('../commands/debt.js');

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
          {
            flag: '--rules <file>',
            help: { en: 'the charges file (YAML)', pt: 'o arquivo de encargos (YAML)' },
            default: 'encargos.yaml',
          },
        ],
        examples: ['condo debt calc --amount 850 --due 10/03/2025 --as-of 15/12/2025 --rules encargos.yaml'],
        run: async (deps, { opts }) => (await handlers()).debtCalc(deps, declared(opts)),
      }),
    ],
  ),
];
