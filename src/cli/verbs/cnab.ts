import { group, verb } from '../declare.js';

const handlers = () => import('../commands/cnab.js');

export const commands = [
  group('cnab', { en: 'CNAB 240 files, offline', pt: 'arquivos CNAB 240, sem rede' }, [
    verb({
      name: 'inspect <file>',
      summary: {
        en: 'read a CNAB 240 remessa or retorno: header, lotes, payments, occurrences, problems by line',
        pt: 'lê uma remessa ou retorno CNAB 240: header, lotes, pagamentos, ocorrências, problemas por linha',
      },
      examples: ['condo cnab inspect lote.rem', 'condo cnab inspect retorno.ret --json | jq .items'],
      run: async (deps, { args: [file] }) => (await handlers()).inspect(deps, file),
    }),
  ]),
];
