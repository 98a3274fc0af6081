import { verb } from '../declare.js';

const handlers = () => import('../commands/import.js');

export const commands = [
  verb({
    name: 'import <files...>',
    summary: {
      en: 'import bank files by their content: returns (.ret) into their batches, OFX/CSV statements into their accounts',
      pt: 'importa arquivos do banco pelo conteúdo: retornos (.ret) nos lotes deles, extratos OFX/CSV nas contas deles',
    },
    flags: [
      {
        flag: '--csv-columns <map>',
        help: {
          en: 'generic CSV: date=Data,amount=Valor,description=Histórico,id=Documento',
          pt: 'CSV genérico: date=Data,amount=Valor,description=Histórico,id=Documento',
        },
      },
      {
        flag: '--date-format <format>',
        help: {
          en: 'generic CSV date format, e.g. DD/MM/YYYY',
          pt: 'formato de data do CSV genérico, p. ex. DD/MM/YYYY',
        },
      },
      {
        flag: '--allow-empty',
        help: {
          en: 'a pattern that matches no file is not an error (cron, a night with no file)',
          pt: 'um padrão que não encontra arquivo não é erro (cron, uma noite sem arquivo)',
        },
      },
    ],
    examples: [
      'condo import ~/Downloads/banco/*                      # returns and statements, by their content',
      'condo --all-profiles import /srv/banco/2026-11-*      # each file into its condominium',
    ],
    across: 'files',
    writes: true,
    run: async (deps, { args: [files], opts }) =>
      (await handlers()).importFiles(deps, files, { statement: opts }),
  }),
];
