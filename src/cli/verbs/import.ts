import { declared, verb } from '../declare.js';
import { ALLOW_EMPTY_FLAG, GENERIC_CSV_FLAGS } from './flags.js';

const handlers = () => import('../commands/import.js');

export const commands = [
  verb({
    name: 'import <files...>',
    summary: {
      en: 'import bank files by their content: returns (.ret) into their batches, OFX/CSV statements into their accounts',
      pt: 'importa arquivos do banco pelo conteúdo: retornos (.ret) nos lotes deles, extratos OFX/CSV nas contas deles',
    },
    flags: [...GENERIC_CSV_FLAGS, ALLOW_EMPTY_FLAG],
    examples: [
      {
        line: 'condo import ~/Downloads/banco/*                      # returns and statements, by their content',
        pt: 'retornos e extratos, pelo conteúdo',
      },
      {
        line: 'condo --all-profiles import /srv/banco/2026-11-*      # each file into its condominium',
        pt: 'cada arquivo no seu condomínio',
      },
    ],
    across: 'files',
    writes: true,
    run: async (deps, { args: [files], opts }) =>
      (await handlers()).importFiles(deps, files, { statement: declared(opts) }),
  }),
];
