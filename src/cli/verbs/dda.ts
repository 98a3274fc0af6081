import { declared, group, verb } from '../declare.js';
import { ALLOW_EMPTY_FLAG, DRY_RUN_FLAG } from './flags.js';

const handlers = () => import('../commands/dda.js');

export const commands = [
  group(
    'dda',
    {
      en: "the bank's DDA: boletos registered against the condominium, entered and checked",
      pt: 'o DDA do banco: boletos registrados contra o condomínio, lançados e conferidos',
    },
    [
      verb({
        name: 'import <files...>',
        summary: {
          en: "enter each boleto of the bank's DDA files that no payable has yet (by its barcode; safe to re-run)",
          pt: 'lança cada boleto dos arquivos DDA do banco que nenhuma conta tem ainda (pelo código de barras; pode repetir sem risco)',
        },
        flags: [
          {
            flag: '--chart-account <account>',
            help: {
              en: "chart account of the new payables (default: the supplier's latest payable's)",
              pt: 'conta contábil das novas contas a pagar (padrão: a da conta mais recente do fornecedor)',
            },
          },
          {
            flag: '--create-suppliers',
            help: {
              en: 'a beneficiary no supplier has becomes one (with --chart-account for its boletos)',
              pt: 'um beneficiário que nenhum fornecedor tem vira fornecedor (com --chart-account para os boletos dele)',
            },
          },
          {
            flag: '--apply-changes',
            help: {
              en: "a pending payable takes the DDA's new amount, due date or discount",
              pt: 'uma conta pendente recebe o novo valor, vencimento ou desconto do DDA',
            },
          },
          DRY_RUN_FLAG,
          ALLOW_EMPTY_FLAG,
        ],
        examples: [
          {
            line: 'condo dda import banco/DDA-*.ret --allow-empty --json >> dda.log    # every morning, from cron',
            pt: 'toda manhã, pelo cron',
          },
          'condo dda import DDA-2026-11-26.ret --dry-run',
        ],
        writes: true,
        run: async (deps, { args: [files], opts }) =>
          (await handlers()).importDda(deps, files, declared(opts)),
      }),
      verb({
        name: 'check <files...>',
        summary: {
          en: 'boletos in DDA not entered, entered ones DDA lists otherwise or entered twice, and boleto payables DDA does not list (a possible fake); exit 1 when any',
          pt: 'boletos do DDA não lançados, lançados que o DDA mostra diferente ou lançados duas vezes, e contas por boleto que o DDA não lista (possível fraude); saída 1 quando houver',
        },
        flags: [ALLOW_EMPTY_FLAG],
        examples: ['condo dda check banco/DDA-*.ret'],
        run: async (deps, { args: [files], opts }) =>
          (await handlers()).checkDda(deps, files, declared(opts)),
      }),
    ],
    [
      'condo dda import banco/DDA-*.ret --dry-run',
      {
        line: 'condo --profile prod --no-input --quiet dda import /srv/banco/DDA-*.ret --allow-empty --json >> /var/log/condo/dda.jsonl    # from cron, every morning (condo help cron)',
        pt: 'pelo cron, toda manhã (condo help cron)',
      },
    ],
  ),
];
