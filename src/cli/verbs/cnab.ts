import { declared, group, verb } from '../declare.js';

const handlers = () => import('../commands/cnab.js');

export const commands = [
  group('cnab', { en: 'CNAB 240 files, offline', pt: 'arquivos CNAB 240, sem rede' }, [
    verb({
      name: 'inspect <files...>',
      summary: {
        en: 'read a CNAB 240 remessa or retorno: header, lotes, payments, occurrences, problems by line',
        pt: 'lê uma remessa ou retorno CNAB 240: header, lotes, pagamentos, ocorrências, problemas por linha',
      },
      examples: ['condo cnab inspect lote.rem', 'condo cnab inspect retorno.ret --json | jq .items'],
      run: async (deps, { args: [files] }) => (await handlers()).inspect(deps, files),
    }),
    verb({
      name: 'lint <files...>',
      summary: {
        en: "a remittance against its bank's rules before it is sent: structure, trailers, layout versions, characters, dates, PIX keys, barcodes; exit 1 on any error",
        pt: 'uma remessa contra as regras do banco antes do envio: estrutura, trailers, versões de leiaute, caracteres, datas, chaves PIX, códigos de barras; saída 1 com algum erro',
      },
      flags: [
        {
          flag: '--bank <code>',
          help: {
            en: "the bank whose rules apply (default: the file header's)",
            pt: 'o banco cujas regras valem (padrão: o do header do arquivo)',
          },
        },
      ],
      examples: [
        'condo cnab lint lote.rem',
        'condo cnab lint lote.rem --json | jq .findings',
        {
          line: 'condo cnab lint banco/DDA-*.ret    # every file of a pattern, one report each',
          pt: 'cada arquivo de um padrão, um relatório cada',
        },
      ],
      run: async (deps, { args: [files], opts }) => (await handlers()).lint(deps, files, declared(opts)),
    }),
    verb({
      name: 'explain <code>',
      summary: {
        en: "a return code's meaning at a bank, FEBRABAN's where it differs, its class and what to do next",
        pt: 'o significado de um código de retorno num banco, o da FEBRABAN quando difere, a classe e o próximo passo',
      },
      flags: [
        {
          flag: '--bank <code>',
          help: {
            en: "the bank that answered (341 Itaú, 756 Sicoob, …); without it, FEBRABAN's table",
            pt: 'o banco que respondeu (341 Itaú, 756 Sicoob, …); sem ele, a tabela da FEBRABAN',
          },
        },
      ],
      examples: ['condo cnab explain BD --bank 341', 'condo cnab explain BS --bank 756 --json'],
      run: async (deps, { args: [code], opts }) => (await handlers()).explain(deps, code, declared(opts)),
    }),
    verb({
      name: 'diff <remittance> <return>',
      summary: {
        en: 'each payment of a remittance beside its answer in the return: missing answers, answers with no payment, amounts changed, dates moved; exit 1 when any',
        pt: 'cada pagamento de uma remessa ao lado da resposta no retorno: respostas faltando, respostas sem pagamento, valores alterados, datas alteradas; saída 1 quando houver',
      },
      examples: [
        'condo cnab diff lote.rem retorno.ret',
        'condo cnab diff lote.rem retorno.ret --json | jq .pairs',
      ],
      run: async (deps, { args: [remittance, ret] }) => (await handlers()).cnabDiff(deps, remittance, ret),
    }),
  ]),
];
